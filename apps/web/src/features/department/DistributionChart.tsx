import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Distribution } from '@glucosuivi/domain/department/department.schemas';
import { formatNumber } from '@/components/charts/glucose-display';
import { binLabel } from './department-view';

export type DistributionKind = 'tir' | 'gmi' | 'tbr';

/**
 * One distribution as horizontal bars. Every bar is a line of text ("70–80 % : 12 patients"), so
 * a screen reader reads the chart as a list; the drawn bar beside it is decoration. The same
 * figures are also a table, folded under the chart.
 */
export function DistributionChart({ kind, distribution }: { kind: DistributionKind; distribution: Distribution }) {
  const { t, i18n } = useTranslation('department');
  const language = i18n.resolvedLanguage ?? 'fr';
  const titleId = useId();
  const decimals = kind === 'gmi' ? 1 : 0;
  const number = (value: number) => formatNumber(value, language, decimals);
  const label = (bin: Distribution['bins'][number]) => {
    const { key, from, to } = binLabel(bin, kind);
    return t(`bins.${key}`, { from: number(from), to: to === null ? '' : number(to) });
  };
  const max = Math.max(1, ...distribution.bins.map((b) => b.count));
  const stat = (value: number | null) => (value === null ? '—' : `${formatNumber(value, language, 1)} %`);
  return (
    <figure aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-canvas p-4" data-testid={`distribution-${kind}`}>
      <figcaption className="flex flex-col gap-1">
        <h3 id={titleId} className="text-lg font-semibold">
          {t(`distributions.${kind}.title`)}
        </h3>
        <span className="text-sm text-muted">{t(`distributions.${kind}.hint`)}</span>
        <span className="text-sm" data-testid={`distribution-${kind}-stats`}>
          {distribution.patients === 0
            ? t('distributions.none')
            : t('distributions.stats', { count: distribution.patients, median: stat(distribution.median), q1: stat(distribution.q1), q3: stat(distribution.q3) })}
        </span>
      </figcaption>
      {distribution.bins.length > 0 && distribution.patients > 0 ? (
        <>
          <ul className="flex flex-col gap-1">
            {distribution.bins.map((bin) => (
              <li key={bin.from} className="grid grid-cols-[minmax(5.5rem,auto)_1fr] items-center gap-2 text-sm" data-testid="distribution-bar">
                <span className="whitespace-nowrap">
                  {label(bin)}
                  <span className="sr-only"> : </span>
                </span>
                <span className="flex items-center gap-2">
                  <span aria-hidden="true" className="h-4 rounded-sm bg-primary" style={{ width: `${(bin.count / max) * 100}%`, minWidth: bin.count > 0 ? '0.25rem' : 0 }} />
                  <span className="font-semibold tabular-nums">{t('patients', { count: bin.count })}</span>
                </span>
              </li>
            ))}
          </ul>
          <details className="text-sm">
            <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-focus">
              {t('distributions.table')}
            </summary>
            <table className="mt-2 w-full border-collapse text-left">
              <caption className="sr-only">{t(`distributions.${kind}.title`)}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-1 pr-2 font-semibold">
                    {t(`distributions.${kind}.bin`)}
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    {t('distributions.count')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {distribution.bins.map((bin) => (
                  <tr key={bin.from} className="border-b border-line last:border-0">
                    <th scope="row" className="py-1 pr-2 font-normal">
                      {label(bin)}
                    </th>
                    <td className="py-1 tabular-nums">{formatNumber(bin.count, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : null}
    </figure>
  );
}
