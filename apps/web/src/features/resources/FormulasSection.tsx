import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bandLimits } from '@glucosuivi/domain/glucose/bands';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatGlucoseValue, formatNumber, formatPlain } from '@/components/charts/glucose-display';
import { CV_MAX_PERCENT, GMI, GMI_EXAMPLE, GRI, GRI_BANDS, GRI_EXAMPLE, griZones, MGDL_PER_MMOLL, SUFFICIENCY } from './formula-values';
import { Reference, ResourceSection } from './ResourceSection';

/** The formulas of the app's metrics module, their figures read from the code, with their references. */
export function FormulasSection({ unit }: { unit: GlucoseUnit }) {
  const { t, i18n } = useTranslation('resources');
  const language = i18n.resolvedLanguage ?? 'fr';
  const plain = (x: number) => formatPlain(x, language);
  const precise = (x: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 5 }).format(x);
  const limits = Object.fromEntries(bandLimits(GRI_BANDS, unit).map((b) => [b.band, b]));
  const shown = (x: number | null | undefined) => (x === null || x === undefined ? '' : formatNumber(x, language, unit === 'mmol/L' ? 1 : 0));
  const zones = griZones()
    .map((z) => t('formulas.gri.zone', { zone: z.zone, from: plain(z.from), to: plain(z.to) }))
    .join(', ');
  return (
    <ResourceSection id="formulas" title={t('formulas.title')}>
      <p className="max-w-prose">{t('formulas.intro')}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Formula testId="formula-gmi" name={t('formulas.gmi.name')} formula={t('formulas.gmi.formula', { intercept: precise(GMI.intercept), slope: precise(GMI.slope) })}>
          <p>{t('formulas.gmi.detail', { factor: precise(MGDL_PER_MMOLL) })}</p>
          <p>
            {t('formulas.example', {
              text: t('formulas.gmi.example', { mean: formatGlucoseValue(GMI_EXAMPLE.meanMgdl, unit, language), unit, gmi: formatNumber(GMI_EXAMPLE.gmi, language, 1) }),
            })}
          </p>
          <Reference>{t('reference', { text: t('formulas.gmi.reference') })}</Reference>
        </Formula>
        <Formula
          testId="formula-gri"
          name={t('formulas.gri.name')}
          formula={t('formulas.gri.formula', { veryLow: plain(GRI.veryLow), low: plain(GRI.low), veryHigh: plain(GRI.veryHigh), high: plain(GRI.high), cap: plain(GRI.cap) })}
        >
          <p>{t('formulas.gri.components', { veryLow: plain(GRI.veryLow), veryHigh: plain(GRI.veryHigh), lowInHypo: plain(GRI.lowInHypo), highInHyper: plain(GRI.highInHyper) })}</p>
          <p>
            {t('formulas.gri.bands', {
              veryLowTo: shown(limits.very_low?.to),
              lowFrom: shown(limits.low?.from),
              lowTo: shown(limits.low?.to),
              highFrom: shown(limits.high?.from),
              highTo: shown(limits.high?.to),
              veryHighFrom: shown(limits.very_high?.to),
              unit,
            })}
          </p>
          <p>{t('formulas.gri.zones', { zones })}</p>
          <p>
            {t('formulas.example', {
              text: t('formulas.gri.example', {
                veryLow: plain(GRI_EXAMPLE.veryLow),
                low: plain(GRI_EXAMPLE.low),
                high: plain(GRI_EXAMPLE.high),
                veryHigh: plain(GRI_EXAMPLE.veryHigh),
                gri: formatNumber(GRI_EXAMPLE.gri, language, 1),
                zone: GRI_EXAMPLE.zone,
              }),
            })}
          </p>
          <Reference>{t('reference', { text: t('formulas.gri.reference') })}</Reference>
        </Formula>
        <Formula testId="formula-cv" name={t('formulas.cv.name')} formula={t('formulas.cv.formula')}>
          <p>{t('formulas.cv.detail', { max: plain(CV_MAX_PERCENT ?? 0) })}</p>
          <Reference>{t('reference', { text: t('consensus.reference') })}</Reference>
        </Formula>
        <Formula testId="formula-tir" name={t('formulas.tir.name')} formula={t('formulas.tir.formula')}>
          <p>{t('formulas.tir.detail')}</p>
          <Reference>{t('reference', { text: t('consensus.reference') })}</Reference>
        </Formula>
        <Formula testId="formula-wear" name={t('formulas.wear.name')} formula={t('formulas.wear.formula', { active: plain(SUFFICIENCY.activePercent), days: plain(SUFFICIENCY.days) })}>
          <p>{t('formulas.wear.detail')}</p>
          <Reference>{t('reference', { text: t('consensus.reference') })}</Reference>
        </Formula>
      </div>
      <p className="text-sm">{t('formulas.conversion', { factor: precise(MGDL_PER_MMOLL) })}</p>
    </ResourceSection>
  );
}

function Formula({ testId, name, formula, children }: { testId: string; name: string; formula: string; children: ReactNode }) {
  return (
    <article className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3" data-testid={testId}>
      <h3 className="font-semibold">{name}</h3>
      <p className="rounded-md bg-canvas px-2 py-1 font-mono text-sm break-words">{formula}</p>
      {children}
    </article>
  );
}
