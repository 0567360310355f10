import { useTranslation } from 'react-i18next';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { TimeInRangeBar } from '@/components/charts/TimeInRangeBar';
import { Card } from './Card';
import { bandTargets } from './dashboard-view';
import { LastGlucose, type SeriesAnswer } from './LastGlucose';
import { MetricsCard } from './MetricsCard';

/**
 * The top of a glucose dashboard, the patient's own and the professional's view of a patient:
 * the last reading, the period's indicators and the time in ranges against the targets.
 */
export function GlucoseOverview({
  summary,
  unit,
  timeZone,
  language,
  series,
}: {
  summary: Summary;
  unit: GlucoseUnit;
  timeZone: string;
  language: string;
  series: SeriesAnswer | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const metrics = summary.glucose.metrics;
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        <LastGlucose summary={summary} unit={unit} timeZone={timeZone} series={series} />
        <MetricsCard summary={summary} unit={unit} language={language} />
      </div>
      {/* A meter's shares are shares of its readings, not of time. */}
      <Card id="tir" title={summary.glucose.basis === 'meter' ? t('meterFigures.tirTitle') : t('tir.title')}>
        {metrics ? (
          <TimeInRangeBar bands={metrics.bands} range={summary.targets.range} unit={unit} targets={bandTargets(summary.glucose.targetChecks)} />
        ) : (
          <p className="text-muted">{t('noGlucoseInPeriod')}</p>
        )}
      </Card>
    </>
  );
}
