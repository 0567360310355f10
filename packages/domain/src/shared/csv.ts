/**
 * The one CSV writer of every export (measurements, data archive, department, audit): files for
 * a spreadsheet in the reader's country. UTF-8 with a byte-order mark (without it Excel reads
 * UTF-8 as cp1252), semicolons (the list separator where the comma is the decimal one, as in
 * French and Spanish), CRLF line ends and RFC 4180 quoting.
 *
 * Formula-safe as OWASP's "CSV injection" page recommends: a text cell starting with = + - @, a
 * tab or a carriage return would be run as a formula by a spreadsheet, so it gets a leading
 * apostrophe. A number is data, never a formula: typed numbers and text that is a plain number
 * ("-2", "72,5") are written as they are, so negative values stay numbers.
 */
export type CsvValue = string | number | null | undefined;

export interface CsvOptions {
  /** How a typed number's decimal point is written: ',' for the French and Spanish exports. */
  decimalSeparator?: '.' | ',';
}

const SEPARATOR = ';';
const LINE_END = '\r\n';
const BYTE_ORDER_MARK = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
/** RFC 4180's reasons to quote, plus a comma in text, for tools that split on commas whatever the file says. */
const NEEDS_QUOTES = /[";\r\n]/;

/** One cell, formula-safe, quoted when it must be (its quotes doubled). */
export function csvCell(value: CsvValue, options: CsvOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const text = String(value);
    return options.decimalSeparator === ',' ? text.replace('.', ',') : text;
  }
  const isNumber = PLAIN_NUMBER.test(value);
  const safe = !isNumber && FORMULA_START.test(value) ? `'${value}` : value;
  const quote = NEEDS_QUOTES.test(safe) || (!isNumber && safe.includes(','));
  return quote ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as the lines of a file (no byte-order mark): for writing a long file in parts after `csvDocument([header])`. */
export function csvLines(rows: readonly (readonly CsvValue[])[], options: CsvOptions = {}): string {
  return rows.map((row) => row.map((value) => csvCell(value, options)).join(SEPARATOR) + LINE_END).join('');
}

/** A whole file: the byte-order mark, then every row ended by CRLF. */
export function csvDocument(rows: readonly (readonly CsvValue[])[], options: CsvOptions = {}): string {
  return BYTE_ORDER_MARK + csvLines(rows, options);
}
