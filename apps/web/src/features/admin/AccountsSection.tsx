import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { listAccounts, lockAccount, sendAccountPasswordReset, unlockAccount } from '@glucosuivi/domain/admin/admin.contract';
import type { AccountStatus, AccountType, AdminAccount } from '@glucosuivi/domain/admin/admin.schemas';
import { formatDateTime, formatDay } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { adminKeys } from '@/lib/queries/query-keys';
import { useSession } from '@/lib/session';
import { AdminError, adminRetry, readerTimeZone } from './AdminError';
import { Pager } from './Pager';
import { GrantPremiumDialog } from './GrantPremiumDialog';
import { ReasonDialog } from './ReasonDialog';

type Filter<T extends string> = T | 'all';
const TYPES = ['all', 'patient', 'doctor', 'admin'] as const;
const STATUSES = ['all', 'active', 'locked', 'pending_deletion'] as const;
const COLUMNS = ['type', 'status', 'created', 'lastSignIn', 'security'] as const;
type Column = (typeof COLUMNS)[number];

/** "Comptes": search and filter every account, lock (with a reason) or unlock, send a password-reset link. */
export function AccountsSection() {
  const { t } = useTranslation('admin');
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [type, setType] = useState<Filter<AccountType>>('all');
  const [status, setStatus] = useState<Filter<AccountStatus>>('all');
  const [page, setPage] = useState(1);
  const accounts = useQuery({
    queryKey: adminKeys.accountList(q, type, status, page),
    queryFn: ({ signal }) =>
      apiCall(listAccounts, {
        query: { ...(q ? { q } : {}), ...(type === 'all' ? {} : { type }), ...(status === 'all' ? {} : { status }), page },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: adminRetry,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose text-muted">{t('accounts.intro')}</p>
      <form role="search" aria-label={t('accounts.searchLabel')} onSubmit={search} className="flex flex-wrap items-end gap-3">
        <TextField id={searchId} label={t('accounts.search')} type="search" value={draft} onValueChange={setDraft} className="min-w-0 grow basis-64" maxLength={100} />
        <Button type="submit">{t('accounts.searchSubmit')}</Button>
      </form>
      <div className="flex flex-wrap gap-3">
        <Select
          label={t('accounts.typeFilter')}
          value={type}
          options={TYPES.map((value) => ({ value, label: t(`accounts.types.${value}`) }))}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
        />
        <Select
          label={t('accounts.statusFilter')}
          value={status}
          options={STATUSES.map((value) => ({ value, label: t(`accounts.statuses.${value}`) }))}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </div>
      {accounts.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : accounts.isError ? (
        <AdminError error={accounts.error} />
      ) : (
        <>
          <p role="status" aria-live="polite" className="font-medium">
            {t('accounts.count', { count: accounts.data.total })}
          </p>
          {accounts.data.items.length ? <AccountsList items={accounts.data.items} /> : null}
          <Pager page={accounts.data.page} pageSize={accounts.data.pageSize} total={accounts.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}

/** A wide screen gets a table; below `md` the same accounts are cards, each value under its column's name. */
function AccountsList({ items }: { items: AdminAccount[] }) {
  const { t } = useTranslation('admin');
  const captionId = useId();
  return (
    <>
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="hidden overflow-x-auto rounded-2xl border border-line bg-canvas md:block">
        <table className="w-full border-collapse text-left text-sm" data-testid="accounts-table">
          <caption id={captionId} className="sr-only">
            {t('accounts.caption')}
          </caption>
          <thead className="bg-surface">
            <tr>
              <th scope="col" className="px-2 py-2 font-semibold">
                {t('accounts.columns.account')}
              </th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-2 py-2 font-semibold">
                  {t(`accounts.columns.${column}`)}
                </th>
              ))}
              <th scope="col" className="px-2 py-2 font-semibold">
                {t('accounts.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((account) => (
              <AccountRow key={account.id} account={account} />
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={t('accounts.caption')} className="flex flex-col gap-3 md:hidden" data-testid="accounts-cards">
        {items.map((account) => (
          <AccountCard key={account.id} account={account} />
        ))}
      </ul>
    </>
  );
}

/** One account's values by column, for the table and the cards alike. */
function useAccountValues(account: AdminAccount): Record<Column, ReactNode> {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'fr';
  const zone = readerTimeZone();
  const statusText = t(`accounts.statuses.${account.status}`);
  return {
    type: t(`accounts.types.${account.type}`) + (account.verification ? ` · ${t(`verification.statuses.${account.verification}`)}` : ''),
    status: (
      <>
        <span className={account.status === 'active' ? '' : 'font-semibold text-amber-800 dark:text-amber-200'}>{statusText}</span>
        {account.status === 'locked' && account.lockReason ? <span className="block text-xs text-muted">{t('accounts.lockReason', { reason: account.lockReason })}</span> : null}
        {account.eraseAfter ? (
          <span className="block text-xs text-muted">{t('accounts.eraseAfter', { date: formatDay(account.eraseAfter, language, zone) })}</span>
        ) : null}
      </>
    ),
    created: <time dateTime={account.createdAt}>{formatDay(account.createdAt, language, zone)}</time>,
    lastSignIn: account.lastSignInAt ? <time dateTime={account.lastSignInAt}>{formatDateTime(account.lastSignInAt, language, zone)}</time> : t('accounts.never'),
    security: (
      <>
        <span className="block">{t(account.emailVerified ? 'accounts.emailVerified' : 'accounts.emailNotVerified')}</span>
        <span className="block">{t(account.secondFactor ? 'accounts.twoFactorOn' : 'accounts.twoFactorOff')}</span>
      </>
    ),
  };
}

function Identity({ account }: { account: AdminAccount }) {
  return (
    <>
      <span className="block font-medium break-words">{account.name}</span>
      <span className="block text-xs break-all text-muted">{account.email}</span>
    </>
  );
}

function AccountRow({ account }: { account: AdminAccount }) {
  const values = useAccountValues(account);
  return (
    <tr className="border-t border-line align-top" data-testid="account-row" data-account-id={account.id}>
      <th scope="row" className="max-w-56 px-2 py-2 text-left font-normal">
        <Identity account={account} />
      </th>
      {COLUMNS.map((column) => (
        <td key={column} className="px-2 py-2">
          {values[column]}
        </td>
      ))}
      <td className="px-2 py-2">
        <AccountActions account={account} />
      </td>
    </tr>
  );
}

function AccountCard({ account }: { account: AdminAccount }) {
  const { t } = useTranslation('admin');
  const values = useAccountValues(account);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-canvas p-3" data-testid="account-card" data-account-id={account.id}>
      <p>
        <Identity account={account} />
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {COLUMNS.map((column) => (
          <div key={column}>
            <dt className="text-xs text-muted">{t(`accounts.columns.${column}`)}</dt>
            <dd>{values[column]}</dd>
          </div>
        ))}
      </dl>
      <AccountActions account={account} />
    </li>
  );
}

/** Lock (with a reason), unlock, send a reset link; never a lock button on one's own account. */
function AccountActions({ account }: { account: AdminAccount }) {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [locking, setLocking] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.accounts });
  const lock = useMutation({
    mutationFn: (reason: string) => apiCall(lockAccount, { params: { id: account.id }, body: { reason } }),
    onSuccess: () => {
      setLocking(false);
      toast.success(t('accounts.locked', { name: account.name }));
      refresh();
    },
  });
  const unlock = useMutation({
    mutationFn: () => apiCall(unlockAccount, { params: { id: account.id } }),
    onSuccess: () => {
      toast.success(t('accounts.unlocked', { name: account.name }));
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const reset = useMutation({
    mutationFn: () => apiCall(sendAccountPasswordReset, { params: { id: account.id } }),
    onSuccess: () => toast.success(t('accounts.resetSent', { email: account.email })),
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const self = user?.id === account.id;
  return (
    <div className="flex flex-wrap gap-2">
      {account.status === 'locked' ? (
        <Button variant="secondary" onClick={() => unlock.mutate()} disabled={unlock.isPending} aria-label={t('accounts.unlockLabel', { name: account.name })}>
          {t('accounts.unlock')}
        </Button>
      ) : self ? null : (
        <ReasonDialog
          open={locking}
          onOpenChange={(open) => {
            setLocking(open);
            if (!open) lock.reset();
          }}
          trigger={
            <Button variant="secondary" aria-label={t('accounts.lockLabel', { name: account.name })}>
              {t('accounts.lock')}
            </Button>
          }
          title={t('accounts.lockTitle', { name: account.name })}
          description={t('accounts.lockText')}
          submitLabel={t('accounts.lockSubmit')}
          pending={lock.isPending}
          serverError={lock.isError ? errorMessage(lock.error, t) : null}
          onSubmit={(reason) => lock.mutate(reason)}
        />
      )}
      <Button variant="ghost" onClick={() => reset.mutate()} disabled={reset.isPending} aria-label={t('accounts.resetLabel', { name: account.name })}>
        {t('accounts.reset')}
      </Button>
      {account.type === 'patient' ? <GrantPremiumDialog account={account} /> : null}
    </div>
  );
}
