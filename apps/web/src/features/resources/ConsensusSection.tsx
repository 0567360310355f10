import { useTranslation } from 'react-i18next';
import { PREGNANCY_RANGE } from '@glucosuivi/domain/glucose/bands';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatPlain } from '@/components/charts/glucose-display';
import { POPULATIONS, presetRange, targetRows, thresholds, type Population, type TargetRow } from './consensus-rows';
import { Reference, ResourceSection } from './ResourceSection';

/** The consensus targets of each population, from the app's target presets, in the reader's unit. */
export function ConsensusSection({ unit }: { unit: GlucoseUnit }) {
  const { t, i18n } = useTranslation('resources');
  const language = i18n.resolvedLanguage ?? 'fr';
  const other = thresholds(PREGNANCY_RANGE, unit, language);
  return (
    <ResourceSection id="consensus" title={t('consensus.title')}>
      <p className="max-w-prose">{t('consensus.intro', { unit })}</p>
      <div className="grid gap-4 lg:grid-cols-3">
        {POPULATIONS.map(({ population, preset }) => (
          <PopulationTable key={population} population={population} rows={targetRows(preset)} values={thresholds(presetRange(preset), unit, language)} />
        ))}
      </div>
      <div className="rounded-lg border border-line bg-surface p-3" data-testid="consensus-pregnancy-other">
        <h3 className="font-semibold">{t('consensus.pregnancyOther.title')}</h3>
        <p>{t('consensus.pregnancyOther.text', other)}</p>
      </div>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        <li>{t('consensus.notes.nested')}</li>
        <li>{t('consensus.notes.met')}</li>
        <li>{t('consensus.notes.hba1c')}</li>
      </ul>
      <Reference>{t('reference', { text: t('consensus.reference') })}</Reference>
    </ResourceSection>
  );
}

function PopulationTable({ population, rows, values }: { population: Population; rows: TargetRow[]; values: ReturnType<typeof thresholds> }) {
  const { t, i18n } = useTranslation('resources');
  const language = i18n.resolvedLanguage ?? 'fr';
  const target = (row: TargetRow) => (row.percent === null ? t('consensus.noTarget') : t(row.kind, { value: formatPlain(row.percent, language) }));
  return (
    <table className="w-full border-collapse text-left text-sm" data-testid={`consensus-${population}`}>
      <caption className="pb-2 text-left text-base font-semibold">{t(`consensus.populations.${population}`)}</caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-2 pr-3 font-semibold">
            {t('consensus.indicator')}
          </th>
          <th scope="col" className="py-2 font-semibold">
            {t('consensus.target')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-line last:border-b-0" data-row={row.key}>
            <th scope="row" className={`py-2 pr-3 font-normal ${row.key === 'veryLow' || row.key === 'veryHigh' ? 'pl-3' : ''}`}>
              {t(`consensus.rows.${row.key}`, values)}
            </th>
            <td className={`py-2 ${row.percent === null ? 'text-muted' : 'font-semibold whitespace-nowrap'}`}>{target(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
