import { ArrowDown, ArrowDownRight, ArrowRight, ArrowUp, ArrowUpRight } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { getGlucoseSeries } from '@glucosuivi/domain/measurements/measurements.contract';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { decodeGlucoseSeries } from '@glucosuivi/domain/measurements/series-encoding';
import { classifyGlucose } from '@glucosuivi/domain/glucose/bands';
import { seriesColumns } from '@glucosuivi/domain/glucose/series';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { BAND_TEXT_CLASSES } from '@/components/charts/band-style';
import { formatDateTime, formatGlucoseValue, glucoseTrend, type Trend } from '@/components/charts/glucose-display';
import type { apiCall } from '@/lib/api-client';
import { Card } from './Card';

const TREND_ICONS: Record<Trend, typeof ArrowUp> = {
  rising_fast: ArrowUp,
  rising: ArrowUpRight,
  stable: ArrowRight,
  falling: ArrowDownRight,
  falling_fast: ArrowDown,
};

export type SeriesAnswer = Awaited<ReturnType<typeof apiCall<typeof getGlucoseSeries>>>;

export function LastGlucose({
  summary,
  unit,
  timeZone,
  series,
}: {
  summary: Pick<Summary, 'latest' | 'targets'>;
  unit: GlucoseUnit;
  timeZone: string;
  series: SeriesAnswer | undefined;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'fr';
  const last = summary.latest.glucose;
  const trend = useMemo(() => {
    if (!series) return null;
    const { t: ts, v } = seriesColumns(decodeGlucoseSeries(series.series));
    return glucoseTrend(ts, v);
  }, [series]);
  const Icon = trend ? TREND_ICONS[trend] : null;
  // The reading's band against the reader's own range, in the bands' colour and words: a colour
  // alone says nothing to a reader who cannot tell red from green.
  const band = last ? classifyGlucose(last.valueMgdl, summary.targets.range) : null;
  return (
    <Card id="last" title={t('last.title')}>
      {last ? (
        <div className="flex items-center gap-4">
          <div className={band ? BAND_TEXT_CLASSES[band] : ''} data-testid="last-glucose-reading">
            <p className="text-4xl font-bold tabular-nums" data-testid="last-glucose">
              {formatGlucoseValue(last.valueMgdl, unit, language)} <span className="text-lg font-semibold">{unit}</span>
            </p>
            {band ? (
              <p className="text-sm font-semibold" data-testid="last-glucose-band">
                {t(`bands.${band}`)}
              </p>
            ) : null}
          </div>
          {Icon && trend ? (
            <span className="inline-flex items-center gap-1 text-sm">
              <Icon aria-hidden="true" className="size-7" />
              {t(`trend.${trend}`)}
            </span>
          ) : null}
          <p className="text-sm text-muted">
            <time dateTime={last.measuredAt}>{formatDateTime(last.measuredAt, language, timeZone)}</time>
            {last.context ? <span className="block">{t(`measurements:contexts.${last.context}`)}</span> : null}
          </p>
        </div>
      ) : (
        <p className="text-muted">{t('last.none')}</p>
      )}
    </Card>
  );
}
