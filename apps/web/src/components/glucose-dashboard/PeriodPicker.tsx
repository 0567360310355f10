import { useTranslation } from 'react-i18next';
import { PERIODS, type PeriodDays } from './dashboard-view';

/** 1/7/14/30/90 days as a radio group: Tab reaches it, the arrow keys change the period. */
export function PeriodPicker({ value, onChange }: { value: PeriodDays; onChange: (days: PeriodDays) => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="mb-1 text-sm font-medium">{t('period.legend')}</legend>
      <div className="flex flex-wrap gap-1 rounded-lg border border-line bg-surface p-1">
        {PERIODS.map((days) => (
          <label
            key={days}
            className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-semibold has-[:checked]:bg-primary has-[:checked]:text-on-primary has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus"
          >
            <input
              type="radio"
              name="period"
              value={days}
              checked={value === days}
              onChange={() => onChange(days)}
              className="sr-only"
            />
            {t('period.days', { count: days })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The period in words, so "14 jours" means the same thing to everyone: whole calendar days of
 * the patient's time zone, today included (lastLocalDays, the server's one rule).
 */
export function PeriodCaption({ period }: { period: { from: string; to: string; days: number; timeZone: string } }) {
  const { t, i18n } = useTranslation('dashboard');
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'fr', { day: 'numeric', month: 'short', timeZone: period.timeZone });
  return (
    <p className="text-sm text-muted" data-testid="period-caption">
      {t('period.caption', { count: period.days, from: format.format(Date.parse(period.from)), to: format.format(Date.parse(period.to) - 1), timeZone: period.timeZone })}
    </p>
  );
}
