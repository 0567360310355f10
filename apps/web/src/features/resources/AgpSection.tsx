import { useTranslation } from 'react-i18next';
import { STANDARD_RANGE } from '@glucosuivi/domain/glucose/bands';
import { SUFFICIENT_ACTIVE_PERCENT, SUFFICIENT_DAYS } from '@glucosuivi/domain/glucose/metrics';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatGlucoseValue } from '@/components/charts/glucose-display';
import { Reference, ResourceSection } from './ResourceSection';

const ORDER = ['sufficiency', 'tbr', 'tir', 'tar', 'patterns'] as const;

/** How to read the AGP: its curves, what their shapes say, and an order of reading. */
export function AgpSection({ unit }: { unit: GlucoseUnit }) {
  const { t, i18n } = useTranslation('resources');
  const language = i18n.resolvedLanguage ?? 'fr';
  return (
    <ResourceSection id="agp" title={t('agp.title')}>
      <p className="max-w-prose">{t('agp.intro')}</p>
      <h3 className="font-semibold">{t('agp.curvesTitle')}</h3>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        <li>{t('agp.median')}</li>
        <li>{t('agp.iqr')}</li>
        <li>{t('agp.outer')}</li>
      </ul>
      <p className="text-sm text-muted">{t('agp.computed')}</p>
      <h3 className="font-semibold">{t('agp.shapesTitle')}</h3>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        <li>{t('agp.flat')}</li>
        <li>{t('agp.narrow')}</li>
        <li>{t('agp.wide')}</li>
        <li>{t('agp.low', { low: formatGlucoseValue(STANDARD_RANGE.lowBelow, unit, language), unit })}</li>
      </ul>
      <h3 className="font-semibold">{t('agp.orderTitle')}</h3>
      <ol className="flex list-decimal flex-col gap-1 pl-5" data-testid="agp-order">
        {ORDER.map((step) => (
          <li key={step}>{t(`agp.order.${step}`, { days: SUFFICIENT_DAYS, active: SUFFICIENT_ACTIVE_PERCENT })}</li>
        ))}
      </ol>
      <p className="rounded-lg border border-line bg-surface p-3 font-medium">{t('agp.noDose')}</p>
      <Reference>{t('reference', { text: t('agp.reference') })}</Reference>
    </ResourceSection>
  );
}
