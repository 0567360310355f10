import { ArrowDown, ArrowUp, ArrowUpDown, Lock } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ControlCategory, DepartmentRow } from '@glucosuivi/domain/department/department.schemas';
import { formatNumber } from '@/components/charts/glucose-display';
import { glucoseOf, nextSort, patientName, SORT_KEYS, sortRows, type Sort, type SortKey } from './department-view';

const CATEGORY_STYLE: Record<ControlCategory, string> = {
  hypo_risk: 'font-semibold text-red-700 dark:text-red-300',
  insufficient_data: 'font-semibold text-amber-800 dark:text-amber-200',
  above_target: 'text-fg',
  on_target: 'text-fg',
  not_shared: 'italic text-muted',
};

const cell = 'px-2 py-2 align-top whitespace-nowrap';

/** What the patient does not share, said in words ("non partagé"), not only a dash or an icon. */
function NotShared() {
  const { t } = useTranslation('department');
  return (
    <span className="inline-flex items-center gap-1 text-sm text-muted italic" data-testid="not-shared">
      <Lock aria-hidden="true" className="size-3.5 shrink-0" />
      {t('notShared')}
    </span>
  );
}

/**
 * One line per patient, sortable by any column (a button in each header; `aria-sort` says the
 * order in use). In a region that scrolls sideways on a phone, the name column staying in sight.
 */
export function DepartmentTable({ rows, days }: { rows: readonly DepartmentRow[]; days: number }) {
  const { t, i18n } = useTranslation('department');
  const language = i18n.resolvedLanguage ?? 'fr';
  const captionId = useId();
  const [sort, setSort] = useState<Sort>({ key: 'category', direction: 'ascending' });
  const sorted = useMemo(() => sortRows(rows, sort, language), [rows, sort, language]);
  const pct = (value: number | null) => (value === null ? '—' : `${formatNumber(value, language, 1)} %`);

  const values = (row: DepartmentRow): Record<Exclude<SortKey, 'name'>, ReactNode> => {
    const glucose = glucoseOf(row);
    const shared = (content: string) => (glucose ? content : <NotShared />);
    return {
      category: <span className={CATEGORY_STYLE[row.category]}>{t(`categories.${row.category}.label`)}</span>,
      inRange: shared(pct(glucose?.inRange ?? null)),
      belowRange: shared(pct(glucose?.belowRange ?? null)),
      gmi: shared(pct(glucose?.gmi ?? null)),
      activePercent: shared(pct(glucose?.activePercent ?? null)),
      daysSinceLastData: glucose ? (glucose.daysSinceLastData === null ? t('table.never') : t('table.daysAgo', { count: glucose.daysSinceLastData })) : <NotShared />,
    };
  };

  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto rounded-2xl border border-line bg-canvas focus-visible:outline-3 focus-visible:outline-focus">
      <table className="w-full border-collapse text-left text-sm" data-testid="department-table">
        <caption id={captionId} className="px-3 pt-3 text-left text-base font-semibold">
          {t('table.caption', { days })}
        </caption>
        <thead className="bg-surface">
          <tr>
            {SORT_KEYS.map((key) => {
              const active = sort.key === key;
              const Icon = active ? (sort.direction === 'ascending' ? ArrowUp : ArrowDown) : ArrowUpDown;
              return (
                <th key={key} scope="col" aria-sort={active ? sort.direction : undefined} className={`px-1 py-1 align-bottom font-semibold ${key === 'name' ? 'sticky left-0 z-10 bg-surface' : ''}`}>
                  <button
                    type="button"
                    onClick={() => setSort((current) => nextSort(current, key))}
                    className="inline-flex min-h-11 items-center gap-1 rounded-md px-1 text-left font-semibold hover:underline focus-visible:outline-3 focus-visible:outline-focus"
                  >
                    {t(`table.columns.${key}`)}
                    <Icon aria-hidden="true" className="size-4 shrink-0" />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => {
            const v = values(row);
            return (
              <tr key={row.patientId} className="border-t border-line" data-testid="department-row" data-patient-id={row.patientId}>
                <th scope="row" className={`${cell} sticky left-0 z-10 bg-canvas font-medium`}>
                  <Link to={`/doctor/patients/${encodeURIComponent(row.patientId)}`} className="inline-flex min-h-11 items-center underline underline-offset-2">
                    {patientName(row)}
                  </Link>
                </th>
                {SORT_KEYS.filter((key) => key !== 'name').map((key) => (
                  <td key={key} className={cell}>
                    {v[key as Exclude<SortKey, 'name'>]}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
