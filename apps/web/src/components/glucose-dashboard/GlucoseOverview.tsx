import { useTranslation } from 'react-i18next';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { TimeInRangeBar } from '@/components/charts/TimeInRangeBar';
import { Card } from './Card';
import { bandTargets } from './dashboard-view';
import { LastGlucose, type SeriesAnswer } from './LastGlucose';

/**
 * The top of a glucose dashboard, the patient's own and the professional's view of a patient, in
 * the order of the standard reports (Clarity's overview, Tidepool's basics, the AGP report): the
 * reading now and the time in ranges against the targets, side by side on a wide screen; the
 * curve follows right after (ChartsSection), then the period's indicators (MetricsCard).
 */
export function GlucoseOverview({
  summary,
  unit,
  timeZone,
  series,
}: {
  summary: Summary;
  unit: GlucoseUnit;
  timeZone: string;
  series: SeriesAnswer | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const metrics = summary.glucose.metrics;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="glucose-overview">
      <LastGlucose summary={summary} unit={unit} timeZone={timeZone} series={series} />
      {/* A meter's shares are shares of its readings, not of time. */}
      <Card id="tir" title={summary.glucose.basis === 'meter' ? t('meterFigures.tirTitle') : t('tir.title')}>
        {metrics ? (
          <TimeInRangeBar bands={metrics.bands} range={summary.targets.range} unit={unit} targets={bandTargets(summary.glucose.targetChecks)} />
        ) : (
          <p className="text-muted">{t('noGlucoseInPeriod')}</p>
        )}
      </Card>
    </div>
  );
}
