import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getWeeklyReport } from '@glucosuivi/domain/reports/reports.contract';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatDateTime } from '@/components/charts/glucose-display';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { AdviceCard } from '@/components/advice/AdviceCard';
import { usePatientAdvice } from '@/components/advice/use-advice';
import { formatWeeklyFigure, metricOf, verdict, weeklyAlertsSentence, weeklyClaims, type DeltaKey } from './weekly-view';

const ADVICE_DAYS = 14;

/** /weekly-report: the last 7 days against the 7 before, in figures and in words. */
export function WeeklyReportPage() {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.resolvedLanguage ?? 'fr';
  useDocumentTitle(t('weekly.title'));
  const settings = useGlucoseSettings();
  const report = useQuery({ queryKey: ['reports', 'weekly'], queryFn: ({ signal }) => apiCall(getWeeklyReport, { signal }) });
  // Patterns need 14 days of data (the consensus minimum): the week's report shows the findings
  // of the last 14 days, the same as the dashboard's card.
  const advice = usePatientAdvice(ADVICE_DAYS);
  if (report.isPending || report.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{t('weekly.title')}</h1>
        {report.isError ? <p role="alert">{errorMessage(report.error, t)}</p> : <LoadingScreen variant="report" />}
      </div>
    );
  }
  const r = report.data;
  const unit: GlucoseUnit = settings.isPending ? r.glucoseUnit : settings.unit;
  const fmt = (key: DeltaKey, x: number | null, signed = false): string => formatWeeklyFigure(t, key, x, { unit, language, signed });
  // A change is claimed only between weeks read the same way with enough data each (comparison).
  const { rows, readingShares, changes, stable, notComparable } = weeklyClaims(r);
  const label = (key: DeltaKey) => (readingShares(key) ? t(`weeklyFigures.meterMetrics.${key}`) : t(`weekly.metrics.${key}`));
  const withheld = r.current.figures.cgmWithheld;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-6 sm:px-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('weekly.title')}</h1>
      <p className="text-muted">
        {t('weekly.periods', {
          from: formatDateTime(r.current.from, language, r.timeZone),
          to: formatDateTime(r.current.to, language, r.timeZone),
        })}
      </p>
      <section aria-labelledby="words-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
        <h2 id="words-title" className="mb-2 text-xl font-semibold">
          {t('weekly.inWords')}
        </h2>
        {r.current.basis === 'none' ? (
          <p>{t('weekly.noData')}</p>
        ) : (
          <ul className="list-disc pl-5">
            <li>{t('weekly.readings', { count: r.current.readings, previous: r.previous.readings })}</li>
            {notComparable ? <li>{t(`weeklyFigures.notComparable.${notComparable}`)}</li> : null}
            {stable ? <li>{t('weekly.stable')}</li> : null}
            {changes.map((c) => (
              <li key={c.key}>{t(`weekly.sentence.${c.verdict}`, { metric: label(c.key), change: fmt(c.key, r.deltas[c.key], true) })}</li>
            ))}
            {withheld ? <li>{t(`weeklyFigures.withheld.${withheld}`)}</li> : null}
            <li>{weeklyAlertsSentence(t, r.current.hypoAlerts, r.current.hyperAlerts)}</li>
          </ul>
        )}
      </section>
      <section aria-labelledby="figures-title" className="overflow-x-auto rounded-2xl border border-line bg-canvas p-4 sm:p-5">
        <h2 id="figures-title" className="mb-2 text-xl font-semibold">
          {t('weekly.inFigures')}
        </h2>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-2">{t('weekly.metric')}</th>
              <th scope="col" className="py-2 pr-2">{t('weekly.current')}</th>
              <th scope="col" className="py-2 pr-2">{t('weekly.previous')}</th>
              <th scope="col" className="py-2">{t('weekly.change')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((key) => (
              <tr key={key} className="border-b border-line">
                <th scope="row" className="py-2 pr-2 font-medium">{label(key)}</th>
                <td className="py-2 pr-2 tabular-nums">{fmt(key, metricOf(r.current.metrics, key))}</td>
                <td className="py-2 pr-2 tabular-nums">{fmt(key, metricOf(r.previous.metrics, key))}</td>
                <td className="py-2 tabular-nums">
                  {fmt(key, r.deltas[key], true)} <span className="text-muted">({t(`weekly.verdict.${verdict(key, r.deltas[key])}`)})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <AdviceCard advice={advice} days={ADVICE_DAYS} unit={unit} reader="patient" />
    </div>
  );
}
