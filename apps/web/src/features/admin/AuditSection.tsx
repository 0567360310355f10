import { useInfiniteQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { exportAuditCsv, listAudit } from '@glucosuivi/domain/admin/audit.contract';
import { AUDIT_KINDS, AUDIT_SEARCH_MAX, type AuditEntry } from '@glucosuivi/domain/admin/audit.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Select } from '@/components/ui/Select';
import { inputClasses, TextField } from '@/components/ui/TextField';
import { apiCall, toSearchParams } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { adminOpsKeys } from '@/lib/queries/query-keys';
import { auditQueryOf, EMPTY_AUDIT_FILTERS, rangeIsReversed, type AuditFilterForm } from './audit-filters';

/** The reader's own zone: the audit's times are instants, shown where the administrator is. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Journal d'audit": sign-ins, failures, refused requests and administrators' actions, newest first. */
export function AuditSection() {
  const { t, i18n } = useTranslation('adminOps');
  const language = i18n.resolvedLanguage ?? 'fr';
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTERS);
  const [applied, setApplied] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTERS);
  const query = auditQueryOf(applied);
  const audit = useInfiniteQuery({
    queryKey: adminOpsKeys.audit(JSON.stringify(query)),
    queryFn: ({ pageParam, signal }) => apiCall(listAudit, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const entries = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const reversed = rangeIsReversed(form);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reversed) setApplied(form);
  };
  const csvHref = `${exportAuditCsv.path}${toSearchParams({ ...query, lang: language })}`;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{t('audit.intro')}</p>
      <AuditFilters
        form={form}
        reversed={reversed}
        onChange={setForm}
        onSubmit={onSubmit}
        onReset={() => {
          setForm(EMPTY_AUDIT_FILTERS);
          setApplied(EMPTY_AUDIT_FILTERS);
        }}
      />
      <div>
        <a href={csvHref} download className={buttonClasses('secondary')} data-testid="audit-csv">
          <FileSpreadsheet aria-hidden="true" className="size-4" />
          {t('audit.exportCsv')}
        </a>
      </div>
      {audit.isPending ? (
        <p role="status">{t('audit.loading')}</p>
      ) : audit.isError ? (
        <p role="alert">{errorMessage(audit.error, t)}</p>
      ) : entries.length === 0 ? (
        <p className="rounded-lg bg-surface p-3">{t('audit.empty')}</p>
      ) : (
        <>
          <AuditTable entries={entries} language={language} />
          {audit.hasNextPage ? (
            <div>
              <Button variant="secondary" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
                {audit.isFetchingNextPage ? t('audit.loading') : t('audit.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

interface AuditFiltersProps {
  form: AuditFilterForm;
  reversed: boolean;
  onChange: (form: AuditFilterForm) => void;
  onSubmit: (event: FormEvent) => void;
  onReset: () => void;
}

function AuditFilters({ form, reversed, onChange, onSubmit, onReset }: AuditFiltersProps) {
  const { t } = useTranslation('adminOps');
  const id = useId();
  const kinds = [{ value: 'all' as const, label: t('audit.kinds.all') }, ...AUDIT_KINDS.map((kind) => ({ value: kind, label: t(`audit.kinds.${kind}`) }))];
  return (
    <form role="search" aria-label={t('audit.filtersLabel')} onSubmit={onSubmit} className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-3 sm:p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          id={`${id}-q`}
          type="search"
          label={t('audit.search')}
          hint={t('audit.searchHint')}
          value={form.q}
          maxLength={AUDIT_SEARCH_MAX}
          autoComplete="off"
          onValueChange={(q) => onChange({ ...form, q })}
          className="sm:col-span-2 lg:col-span-1"
        />
        <div className="flex flex-col justify-end">
          <Select label={t('audit.kind')} value={form.kind} options={kinds} onChange={(kind) => onChange({ ...form, kind })} />
        </div>
        <DayField id={`${id}-from`} label={t('audit.from')} value={form.from} onChange={(from) => onChange({ ...form, from })} />
        <DayField
          id={`${id}-to`}
          label={t('audit.to')}
          value={form.to}
          error={reversed ? t('audit.reversedRange') : null}
          onChange={(to) => onChange({ ...form, to })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reversed}>
          {t('audit.apply')}
        </Button>
        <Button variant="secondary" onClick={onReset}>
          {t('audit.reset')}
        </Button>
      </div>
    </form>
  );
}

function DayField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string | null; onChange: (value: string) => void }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClasses}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A table on wide screens; below `sm` each row stacks as a card with its labels. */
function AuditTable({ entries, language }: { entries: AuditEntry[]; language: string }) {
  const { t, i18n } = useTranslation('adminOps');
  const zone = localZone();
  const columns = ['when', 'kind', 'event', 'actor', 'target', 'ip', 'client', 'detail'] as const;
  // An event this catalog does not name yet (a new action) shows its key, without a missing-key warning.
  const eventLabel = (event: string) => {
    const key = `audit.events.${event.replace(/\./g, '_')}`;
    return i18n.exists(key, { ns: 'adminOps' }) ? t(key) : event;
  };
  const cell = (entry: AuditEntry, column: (typeof columns)[number]) => {
    switch (column) {
      case 'when':
        return <time dateTime={entry.at}>{formatDateTime(entry.at, language, zone)}</time>;
      case 'kind':
        return t(`audit.kinds.${entry.kind}`);
      case 'event':
        return eventLabel(entry.event);
      case 'actor':
        return entry.actorEmail ?? '—';
      case 'target':
        return entry.targetEmail ?? '—';
      case 'ip':
        return entry.ip ?? '—';
      case 'client':
        return entry.userAgent ?? '—';
      case 'detail':
        return entry.detail ?? '—';
    }
  };
  return (
    // Focusable so keyboard users can scroll it sideways between the card layout and a wide screen.
    <div role="region" aria-label={t('audit.caption')} tabIndex={0} className="overflow-x-auto rounded-lg focus-visible:outline-3 focus-visible:outline-focus">
      <table className="w-full border-collapse text-left text-sm max-sm:block" data-testid="audit-table">
        <caption className="sr-only">{t('audit.caption')}</caption>
        <thead className="max-sm:sr-only">
          <tr className="border-b border-line">
            {columns.map((column) => (
              <th key={column} scope="col" className="py-2 pr-3 font-semibold whitespace-nowrap">
                {t(`audit.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-line last:border-0 max-sm:flex max-sm:flex-col max-sm:rounded-xl max-sm:border max-sm:bg-canvas max-sm:p-3 max-sm:last:border">
              {columns.map((column) => (
                <td key={column} className={`py-2 pr-3 align-top break-words max-sm:py-0.5 ${column === 'when' ? 'whitespace-nowrap' : ''}`}>
                  <span className="font-semibold sm:hidden">{t('audit.cellLabel', { label: t(`audit.columns.${column}`) })} </span>
                  {cell(entry, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
