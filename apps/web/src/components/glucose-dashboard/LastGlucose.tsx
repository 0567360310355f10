import { ArrowDown, ArrowDownRight, ArrowRight, ArrowUp, ArrowUpRight, Clock, TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { getGlucoseSeries } from '@glucosuivi/domain/measurements/measurements.contract';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { decodeGlucoseSeries } from '@glucosuivi/domain/measurements/series-encoding';
import { classifyGlucose, type GlucoseBand } from '@glucosuivi/domain/glucose/bands';
import { glucoseTrend, isRecentReading, minutesSince, RECENT_READING_MINUTES, type GlucoseTrend } from '@glucosuivi/domain/glucose/now';
import { seriesColumns } from '@glucosuivi/domain/glucose/series';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { BAND_TEXT_CLASSES } from '@/components/charts/band-style';
import { formatDateTime, formatGlucoseValue } from '@/components/charts/glucose-display';
import type { apiCall } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { Card } from './Card';

const TREND_ICONS: Record<GlucoseTrend, typeof ArrowUp> = {
  rising_fast: ArrowUp,
  rising: ArrowUpRight,
  stable: ArrowRight,
  falling: ArrowDownRight,
  falling_fast: ArrowDown,
};

/**
 * The band's word as a badge: the urgent low is filled in the darkest red with white words and a
 * warning sign, so it stands apart from a plain low at a glance (and for a reader who cannot tell
 * the reds apart, by its shape and words).
 */
const BAND_BADGE_CLASSES: Record<GlucoseBand, string> = {
  very_low: 'bg-red-800 text-white dark:bg-red-700',
  low: 'border border-current',
  in_range: 'border border-current',
  high: 'border border-current',
  very_high: 'border border-current',
};

export type SeriesAnswer = Awaited<ReturnType<typeof apiCall<typeof getGlucoseSeries>>>;

/**
 * The "now" card: the latest reading in its range's colour and word, where it is heading and how
 * old it is; past RECENT_READING_MINUTES it says there is no recent reading, and the last one is
 * shown as history, without a trend.
 */
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
  const now = useNow();
  const last = summary.latest.glucose;
  const trend = useMemo(() => {
    if (!series) return null;
    const { t: ts, v } = seriesColumns(decodeGlucoseSeries(series.series));
    return glucoseTrend(ts, v);
  }, [series]);
  if (!last) {
    return (
      <Card id="last" title={t('last.title')}>
        <p className="text-muted">{t('last.none')}</p>
      </Card>
    );
  }
  const measuredAt = Date.parse(last.measuredAt);
  const recent = isRecentReading(measuredAt, now);
  // The reading's band against the reader's own range, in the bands' colour and words: a colour
  // alone says nothing to a reader who cannot tell red from green.
  const band = classifyGlucose(last.valueMgdl, summary.targets.range);
  const Icon = recent && trend ? TREND_ICONS[trend] : null;
  const minutes = minutesSince(measuredAt, now);
  return (
    <Card id="last" title={t('last.title')}>
      {recent ? null : (
        <p className="mb-2 inline-flex items-center gap-2 font-semibold" data-testid="last-glucose-stale">
          <Clock aria-hidden="true" className="size-5 shrink-0" />
          {t('last.noRecent', { minutes: RECENT_READING_MINUTES })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <div className={BAND_TEXT_CLASSES[band]} data-testid="last-glucose-reading" data-band={band}>
          <p className={`${recent ? 'text-4xl' : 'text-2xl'} font-bold tabular-nums`} data-testid="last-glucose">
            {formatGlucoseValue(last.valueMgdl, unit, language)} <span className="text-lg font-semibold">{unit}</span>
          </p>
          <p className={`mt-1 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold ${BAND_BADGE_CLASSES[band]}`} data-testid="last-glucose-band">
            {band === 'very_low' ? <TriangleAlert aria-hidden="true" className="size-4 shrink-0" /> : null}
            {t(`bands.${band}`)}
          </p>
        </div>
        {Icon && trend ? (
          <span className="inline-flex items-center gap-1 text-sm" data-testid="last-glucose-trend">
            <Icon aria-hidden="true" className="size-7" />
            {t(`trend.${trend}`)}
          </span>
        ) : null}
        <p className="text-sm text-muted">
          {recent ? (
            <span className="block font-semibold text-fg" data-testid="last-glucose-age">
              {minutes === 0 ? t('last.justNow') : t('last.minutesAgo', { count: minutes })}
            </span>
          ) : null}
          <time dateTime={last.measuredAt}>{formatDateTime(last.measuredAt, language, timeZone)}</time>
          {last.context ? <span className="block">{t(`measurements:contexts.${last.context}`)}</span> : null}
        </p>
      </div>
    </Card>
  );
}
