import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getFigures } from '@glucosuivi/domain/admin/figures.contract';
import type { Figures } from '@glucosuivi/domain/admin/figures.schemas';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { adminOpsKeys } from '@/lib/queries/query-keys';

/** A calendar day of the figures (`YYYY-MM-DD`, the platform's zone) as "2 nov.", never shifted by the reader's zone. */
function dayLabel(day: string, language: string, withWeekday = false): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', ...(withWeekday ? { weekday: 'short' } : {}), timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** "Chiffres de la plateforme": counts only (accounts, activity, uploads, tickets, jobs), never a health value. */
export function FiguresSection() {
  const { t, i18n } = useTranslation('adminOps');
  const language = i18n.resolvedLanguage ?? 'fr';
  const figures = useQuery({ queryKey: adminOpsKeys.figures, queryFn: ({ signal }) => apiCall(getFigures, { signal }) });
  if (figures.isPending) return <p role="status">{t('figures.loading')}</p>;
  if (figures.isError) return <p role="alert">{errorMessage(figures.error, t)}</p>;
  return <FiguresView figures={figures.data} language={language} />;
}

function FiguresView({ figures, language }: { figures: Figures; language: string }) {
  const { t, i18n } = useTranslation('adminOps');
  const number = new Intl.NumberFormat(language);
  const { accounts, professionals } = figures;
  // A status or type this catalog does not name yet shows as stored, without a missing-key warning.
  const known = (key: string, raw: string) => (i18n.exists(key, { ns: 'adminOps' }) ? t(key) : raw);
  const statusLabel = (status: string) => known(`figures.ticketStatuses.${status}`, status);
  const typeLabel = (type: string) => known(`figures.ticketTypes.${type}`, type);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{t('figures.intro')}</p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('figures.summary')}>
        <FigureCard
          title={t('figures.accounts')}
          value={number.format(accounts.patient + accounts.professional + accounts.admin)}
          lines={[
            t('figures.patients', { count: accounts.patient, value: number.format(accounts.patient) }),
            t('figures.professionals', { count: accounts.professional, value: number.format(accounts.professional) }),
            t('figures.admins', { count: accounts.admin, value: number.format(accounts.admin) }),
          ]}
        />
        <FigureCard
          title={t('figures.verification')}
          value={number.format(professionals.pending)}
          valueLabel={t('figures.pending')}
          lines={[
            t('figures.verified', { value: number.format(professionals.verified) }),
            t('figures.rejected', { value: number.format(professionals.rejected) }),
          ]}
        />
        <FigureCard title={t('figures.active')} value={number.format(figures.activeAccounts30Days)} lines={[t('figures.activeHint')]} />
        <FigureCard title={t('figures.failedJobs')} value={number.format(figures.failedJobs)} lines={[t('figures.failedJobsHint')]} />
      </ul>
      <div className="grid gap-4 lg:grid-cols-2">
        <BarList
          title={t('figures.newAccounts')}
          rows={figures.newAccountsPerWeek.map((w) => ({ key: w.weekStart, label: t('figures.weekOf', { day: dayLabel(w.weekStart, language) }), value: w.count }))}
          format={number}
        />
        <BarList
          title={t('figures.uploads')}
          hint={t('figures.uploadsHint')}
          rows={figures.uploadsPerDay.map((d) => ({ key: d.day, label: dayLabel(d.day, language, true), value: d.count }))}
          format={number}
        />
        <BarList
          title={t('figures.ticketsByStatus')}
          rows={figures.supportTickets.byStatus.map((s) => ({ key: s.status, label: statusLabel(s.status), value: s.count }))}
          format={number}
          empty={t('figures.noTickets')}
        />
        <BarList
          title={t('figures.ticketsByType')}
          rows={figures.supportTickets.byType.map((s) => ({ key: s.type, label: typeLabel(s.type), value: s.count }))}
          format={number}
          empty={t('figures.noTickets')}
        />
      </div>
    </div>
  );
}

function FigureCard({ title, value, valueLabel, lines }: { title: string; value: string; valueLabel?: string; lines: string[] }) {
  return (
    <li className="flex flex-col gap-1 rounded-2xl border border-line bg-canvas p-4">
      <h3 className="font-semibold">{title}</h3>
      <p className="text-3xl font-bold tabular-nums">
        {value}
        {valueLabel ? <span className="ml-2 text-base font-medium text-muted">{valueLabel}</span> : null}
      </p>
      {lines.map((line) => (
        <p key={line} className="text-sm text-muted">
          {line}
        </p>
      ))}
    </li>
  );
}

interface BarRow {
  key: string;
  label: string;
  value: number;
}

/** Bars as a list of "label — value" lines: the number is text, the bar only draws it (hidden from screen readers). */
function BarList({ title, hint, rows, format, empty }: { title: string; hint?: string; rows: BarRow[]; format: Intl.NumberFormat; empty?: string }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const titleId = `bars-${title.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-2xl border border-line bg-canvas p-4">
      <h3 id={titleId} className="font-semibold">
        {title}
      </h3>
      {hint ? <p className="text-sm text-muted">{hint}</p> : null}
      {rows.length === 0 ? (
        <p className="text-sm">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-labelledby={titleId}>
          {rows.map((row) => (
            <li key={row.key} className="grid grid-cols-[minmax(6rem,9rem)_1fr_auto] items-center gap-2 text-sm">
              <span className="truncate">
                {row.label}
                <span className="sr-only"> : </span>
              </span>
              <span aria-hidden="true" className="h-3 rounded bg-surface-strong">
                <span className="block h-3 rounded bg-primary" style={{ width: `${(row.value / max) * 100}%` }} />
              </span>
              <span className="text-right tabular-nums">{format.format(row.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
