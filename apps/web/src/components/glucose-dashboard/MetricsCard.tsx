import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatGlucoseValue, formatNumber } from '@/components/charts/glucose-display';
import { Card, Metric } from './Card';

/**
 * The period's figures. GMI, GRI and sensor time arrive only where the period's figures allow them
 * (glucose-figures.ts); a meter period shows its own counted figures and says why the others are missing.
 */
export function MetricsCard({ summary, unit, language }: { summary: Summary; unit: GlucoseUnit; language: string }) {
  const { t } = useTranslation('dashboard');
  const m = summary.glucose.metrics;
  const { figures, meter } = summary.glucose;
  const cvTarget = summary.targets.cvMaxPercent;
  const { range } = summary.targets;
  const glucose = (mgdl: number) => `${formatGlucoseValue(mgdl, unit, language)} ${unit}`;
  return (
    <Card id="metrics" title={t('metrics.title')}>
      {m ? (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
            <Metric label={t('metrics.mean')} value={glucose(m.mean)} />
            {m.gmi !== null ? <Metric label={t('metrics.gmi')} value={`${formatNumber(m.gmi, language, 1)} %`} hint={t('metrics.gmiHint')} /> : null}
            {meter ? <Metric label={t('meterFigures.sd')} value={m.sd === null ? '—' : glucose(m.sd)} /> : null}
            <Metric
              label={t('metrics.cv')}
              value={m.cv === null ? '—' : `${formatNumber(m.cv, language, 1)} %`}
              hint={cvTarget === null ? undefined : t('metrics.cvTarget', { limit: cvTarget })}
            />
            {m.gri !== null && m.griZone !== null ? (
              <Metric label={t('metrics.gri')} value={`${formatNumber(m.gri, language, 0)}`} hint={t('metrics.griZone', { zone: m.griZone })} />
            ) : null}
            {m.activePercent !== null ? <Metric label={t('metrics.active')} value={`${formatNumber(m.activePercent, language, 0)} %`} /> : null}
            <Metric label={t('metrics.readings')} value={formatNumber(summary.glucose.readings, language, 0)} hint={t('metrics.days', { count: Math.round(m.daysOfData) })} />
            {meter ? (
              <>
                <Metric label={t('meterFigures.perDay')} value={formatNumber(meter.readingsPerDay, language, 1)} />
                <Metric label={t('meterFigures.lows', { limit: glucose(range.lowBelow) })} value={formatNumber(meter.lows, language, 0)} />
                <Metric label={t('meterFigures.highs', { limit: glucose(range.highAbove) })} value={formatNumber(meter.highs, language, 0)} />
              </>
            ) : null}
          </dl>
          {figures.cgmWithheld || !m.sufficiency.sufficient ? (
            <p className="mt-3 flex gap-2 rounded-lg border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50" data-testid="sufficiency">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {figures.cgmWithheld ? t(`meterFigures.withheld.${figures.cgmWithheld}`) : t('sufficiency.cgm')}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-muted">{t('noGlucoseInPeriod')}</p>
      )}
    </Card>
  );
}
