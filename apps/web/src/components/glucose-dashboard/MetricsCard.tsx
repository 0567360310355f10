import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Summary } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatGlucoseValue, formatNumber } from '@/components/charts/glucose-display';
import { Card, Metric } from './Card';

export function MetricsCard({ summary, unit, language }: { summary: Summary; unit: GlucoseUnit; language: string }) {
  const { t } = useTranslation('health');
  const m = summary.glucose.metrics;
  const basis = summary.glucose.basis;
  const cvTarget = summary.targets.cvMaxPercent;
  return (
    <Card id="metrics" title={t('metrics.title')}>
      {m ? (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Metric label={t('metrics.mean')} value={`${formatGlucoseValue(m.mean, unit, language)} ${unit}`} />
            <Metric label={t('metrics.gmi')} value={`${formatNumber(m.gmi, language, 1)} %`} hint={t('metrics.gmiHint')} />
            <Metric
              label={t('metrics.cv')}
              value={m.cv === null ? '—' : `${formatNumber(m.cv, language, 1)} %`}
              hint={cvTarget === null ? undefined : t('metrics.cvTarget', { limit: cvTarget })}
            />
            <Metric label={t('metrics.gri')} value={`${formatNumber(m.gri, language, 0)}`} hint={t('metrics.griZone', { zone: m.griZone })} />
            {basis === 'cgm' ? <Metric label={t('metrics.active')} value={`${formatNumber(m.activePercent, language, 0)} %`} /> : null}
            <Metric label={t('metrics.readings')} value={formatNumber(summary.glucose.readings, language, 0)} hint={t('metrics.days', { count: Math.round(m.daysOfData) })} />
          </dl>
          {!m.sufficiency.sufficient ? (
            <p className="mt-3 flex gap-2 rounded-lg border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50" data-testid="sufficiency">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {basis === 'cgm' ? t('sufficiency.cgm') : t('sufficiency.meter')}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-muted">{t('noGlucoseInPeriod')}</p>
      )}
    </Card>
  );
}
