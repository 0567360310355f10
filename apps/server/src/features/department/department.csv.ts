import type { Department } from '@glucosuivi/domain/department/department.schemas';
import { DEPARTMENT_CSV_TEXTS, type DepartmentLanguage } from './department.texts';

/**
 * The department table as CSV, written like the measurements export: UTF-8 with a BOM (Excel
 * reads UTF-8 then), semicolons (the list separator where the comma is the decimal one), CRLF
 * line ends. Numbers as the page shows them, in the reader's language ("72,5" in French). A
 * patient who does not share glucose gets empty cells: no value of theirs is ever written.
 */

const BOM = '\uFEFF';

function cell(value: string): string {
  // A cell starting with = + - @ is a formula to a spreadsheet: quote it out (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function departmentCsv(department: Department, language: DepartmentLanguage): string {
  const t = DEPARTMENT_CSV_TEXTS[language];
  const decimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  const number = (value: number | null | undefined) => (value === null || value === undefined ? '' : decimal.format(value));
  const lines = [[t.name, t.category, t.tir, t.tbr, t.gmi, t.daysSinceLastData]];
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
  return `${BOM}${lines.map((line) => line.map(cell).join(';')).join('\r\n')}\r\n`;
}
