import { useQueryClient } from '@tanstack/react-query';
import { changeEmail, requestDeletion } from '@glucosuivi/domain/accounts/accounts.contract';
import { changeEmailSchema } from '@glucosuivi/domain/accounts/accounts.schemas';
import { Download, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Dialog } from '@/components/ui/Dialog';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { clearSessionData, type SessionUser } from '@/lib/session';
import { TextField } from '@/components/ui/TextField';
import { EXPORT_PATH } from './settings-api';
import { useSettingsT } from './settings-i18n';

/** The account itself: sign-in e-mail, a copy of my data, deletion (PRODUCT.md §5). */
export function AccountSection({ user }: { user: SessionUser }) {
  const { t } = useSettingsT();
  return (
    <section aria-labelledby="account-title" className="flex flex-col gap-5 rounded-2xl border border-line bg-canvas p-5">
      <h2 id="account-title" className="text-xl font-semibold">
        {t('account.title')}
      </h2>
      <EmailChange currentEmail={user.email} />
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">{t('account.exportTitle')}</h3>
        <p className="text-sm text-muted">{t('account.exportText')}</p>
        <a href={EXPORT_PATH} download className={buttonClasses('secondary', 'self-start')} data-button>
          <Download aria-hidden="true" className="size-4" />
          {t('account.export')}
        </a>
      </div>
      <DeleteAccount />
    </section>
  );
}

function EmailChange({ currentEmail }: { currentEmail: string }) {
  const { t, rawT } = useSettingsT();
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ newEmail?: string; password?: string; server?: string }>({});
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSentTo(null);
    const body = { newEmail: newEmail.trim(), password };
    const found: { newEmail?: string; password?: string } = {};
    if (!body.newEmail) found.newEmail = t('errors.emailRequired');
    if (!body.password) found.password = t('errors.passwordRequired');
    const parsed = changeEmailSchema.safeParse(body);
    if (!parsed.success && !found.newEmail && parsed.error.issues.some((i) => i.path[0] === 'newEmail')) {
      found.newEmail = t('errors.emailInvalid');
    }
    if (found.newEmail || found.password) {
      setErrors(found);
      document.getElementById(`${id}-${found.newEmail ? 'newEmail' : 'password'}`)?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await apiCall(changeEmail, { body });
      // Nothing changes until the link sent to the new address is opened.
      setSentTo(body.newEmail);
      setNewEmail('');
      setPassword('');
    } catch (caught) {
      setErrors({ server: errorMessage(caught, rawT) });
    }
    setPending(false);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <h3 className="font-semibold">{t('account.emailTitle')}</h3>
      <p className="text-sm text-muted">{t('account.currentEmail', { email: currentEmail })}</p>
      <p className="text-sm text-muted">{t('account.emailChangeHint')}</p>
      {sentTo ? (
        <p role="status" className="rounded-lg border-2 border-line p-3">
          {t('account.emailLinkSent', { email: sentTo })}
        </p>
      ) : null}
      {errors.server ? (
        <p role="alert" className="rounded-lg border-2 border-red-700 p-3 text-red-800 dark:border-red-300 dark:text-red-200">
          {errors.server}
        </p>
      ) : null}
      <TextField
        announceError
        id={`${id}-newEmail`}
        label={t('account.newEmail')}
        type="email"
        autoComplete="email"
        value={newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
        error={errors.newEmail ?? null}
      />
      <TextField
        announceError
        id={`${id}-password`}
        label={t('account.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password ?? null}
      />
      <Button type="submit" variant="secondary" className="self-start" disabled={pending}>
        {t(pending ? 'pending' : 'account.changeEmail')}
      </Button>
    </form>
  );
}

const DESTRUCTIVE =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold ' +
  'bg-red-700 text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60 ' +
  'dark:bg-red-300 dark:text-red-950 dark:hover:bg-red-200';

function DeleteAccount() {
  const { t, rawT, i18n } = useSettingsT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      const { eraseAfter } = await apiCall(requestDeletion, { body: { confirm: true } });
      const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'fr', { dateStyle: 'long' }).format(new Date(eraseAfter));
      toast.success(t('account.deletionRequestedTitle'), { description: t('account.deletionRequestedText', { date }), duration: 10_000 });
      setOpen(false);
      // The session ended on the server at once.
      clearSessionData(queryClient);
      void navigate('/', { replace: true });
    } catch (caught) {
      setError(errorMessage(caught, rawT));
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('account.deleteTitle')}</h3>
      <p className="text-sm text-muted">{t('account.deleteText')}</p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(null);
        }}
        title={t('account.deleteTitle')}
        description={t('account.deletePrompt')}
        closeLabel={t('close')}
        trigger={
          <button type="button" className={`${DESTRUCTIVE} self-start`}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('account.delete')}
          </button>
        }
      >
        {error ? (
          <p role="alert" className="mb-3 rounded-lg border-2 border-red-700 p-3 text-red-800 dark:border-red-300 dark:text-red-200">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)} autoFocus>
            {t('account.cancel')}
          </Button>
          <button type="button" className={DESTRUCTIVE} disabled={pending} onClick={() => void confirm()}>
            {t(pending ? 'pending' : 'account.confirmDelete')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
