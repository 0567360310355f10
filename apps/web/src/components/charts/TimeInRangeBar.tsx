import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GLUCOSE_BANDS, type GlucoseBand, type GlucoseRange } from '@glucosuivi/domain/glucose/bands';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { BAND_FILL_CLASSES } from './band-style';
import { bandLimits, bandPercents, bandWidths, formatNumber, glucoseDecimals } from './glucose-display';

export interface BandTarget {
  kind: 'max' | 'min';
  limit: number;
  met: boolean;
  /** The share the target is about (e.g. below range = very low + low). */
  value: number;
  /** Translation key of the target's wording under `dashboard:tir.targetOf`. */
  key: string;
}

interface TimeInRangeBarProps {
  bands: Record<GlucoseBand, number>;
  range: GlucoseRange;
  unit: GlucoseUnit;
  targets: Partial<Record<GlucoseBand, BandTarget>>;
}

/** The five consensus bands as one stacked bar, then a legend with each share and its target. */
export function TimeInRangeBar({ bands, range, unit, targets }: TimeInRangeBarProps) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'fr';
  const widths = bandWidths(bands);
  const shown = bandPercents(bands);
  const limits = bandLimits(range, unit);
  const decimals = glucoseDecimals(unit);
  const n = (x: number) => formatNumber(x, language, decimals);
  const pct = (x: number) => formatNumber(x, language, 1);
  const rangeText = (band: GlucoseBand) => {
    const l = limits.find((b) => b.band === band)!;
    if (l.from === null && band === 'very_low') return t('tir.below', { value: n(l.to ?? 0), unit });
    if (l.from === null) return t('tir.above', { value: n(l.to ?? 0), unit });
    return t('tir.between', { from: n(l.from), to: n(l.to ?? 0), unit });
  };
  const ordered = [...GLUCOSE_BANDS].reverse();
  return (
    <div>
      <div className="flex h-8 w-full overflow-hidden rounded-md border border-line" aria-hidden="true" data-testid="tir-bar">
        {GLUCOSE_BANDS.map((band) =>
          widths[band] > 0 ? <div key={band} className={BAND_FILL_CLASSES[band]} style={{ width: `${widths[band]}%` }} /> : null,
        )}
      </div>
      <ul className="mt-3 flex flex-col gap-2" aria-label={t('tir.legend')}>
        {ordered.map((band) => {
          const target = targets[band];
          return (
            <li key={band} className="flex flex-col gap-1 text-sm sm:flex-row sm:items-center sm:gap-3">
              <div className="flex min-w-0 flex-1 items-center gap-2">
                <span aria-hidden="true" className={`inline-block size-4 shrink-0 rounded-sm ${BAND_FILL_CLASSES[band]}`} />
                <span className="min-w-0 flex-1">
                  <span className="font-semibold">{t(`bands.${band}`)}</span>{' '}
                  <span className="whitespace-nowrap text-muted">({rangeText(band)})</span>
                </span>
                <span className="font-semibold tabular-nums">{t('percent', { value: pct(shown[band]) })}</span>
              </div>
              {target ? (
                <span
                  className={`inline-flex items-center gap-1 self-start rounded-full px-2 py-0.5 text-xs font-medium sm:self-auto ${
                    target.met ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100' : 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'
                  }`}
                >
                  {target.met ? <Check aria-hidden="true" className="size-3" /> : <X aria-hidden="true" className="size-3" />}
                  {t(`tir.targetOf.${target.key}`, { sign: target.kind === 'max' ? '≤' : '≥', limit: formatNumber(target.limit, language, 0) })}
                  {' · '}
                  {target.met ? t('tir.met') : t('tir.notMet')}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
