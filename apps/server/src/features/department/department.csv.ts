import type { Department } from '@glucosuivi/domain/department/department.schemas';
import { csvDocument, type CsvValue } from '@glucosuivi/domain/shared/csv';
import { DEPARTMENT_CSV_TEXTS, type DepartmentLanguage } from './department.texts';

/**
 * The department table as CSV, by the domain's one CSV writer like every export. Numbers as the
 * page shows them, in the reader's language ("72,5" in French). A patient who does not share
 * glucose gets empty cells: no value of theirs is ever written.
 */

export function departmentCsv(department: Department, language: DepartmentLanguage): string {
  const t = DEPARTMENT_CSV_TEXTS[language];
  const decimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  const number = (value: number | null | undefined) => (value === null || value === undefined ? '' : decimal.format(value));
  const lines: CsvValue[][] = [[t.name, t.category, t.tir, t.tbr, t.gmi, t.daysSinceLastData]];
  for (const row of department.items) {
    const glucose = 'notShared' in row.glucose ? null : row.glucose;
    lines.push([
      [row.firstName, row.lastName].filter((part) => part && part.trim()).join(' '),
      t.categories[row.category],
      number(glucose?.inRange),
      number(glucose?.belowRange),
      number(glucose?.gmi),
      glucose?.daysSinceLastData === null || glucose?.daysSinceLastData === undefined ? '' : String(glucose.daysSinceLastData),
    ]);
  }
  return csvDocument(lines);
}
