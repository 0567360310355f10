/**
 * A small RFC 4180 record reader for the glucose export files: cells separated by a comma (or
 * the semicolon or tab a spreadsheet writes when it saves the file again), cells in
 * double quotes may hold commas, doubled quotes and line breaks; records end with CRLF, LF or a
 * lone CR. It reads one record at a time from a cursor so a caller can stop early, and it keeps
 * the 1-based physical line each record starts on, because a line number is what a patient can
 * look up in the file when an import error names one (a quoted line break makes the record index
 * and the physical line drift apart).
 */

const COMMA = 44;
const SEMICOLON = 59;
const TAB = 9;
const QUOTE = 34;
const CR = 13;
const LF = 10;
const BYTE_ORDER_MARK = 0xfeff;

/** The cell separators a glucose export is found with: as exported, or as Excel re-saves it in a comma-decimal locale, or as "Unicode text". */
export const CSV_DELIMITERS = [COMMA, SEMICOLON, TAB] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export interface CsvCursor {
  readonly text: string;
  /** The character code separating cells. */
  readonly delimiter: CsvDelimiter;
  /** Offset of the next unread character. */
  pos: number;
  /** 1-based physical line of `pos`. */
  line: number;
}

export interface CsvRecord {
  cells: string[];
  /** 1-based physical line the record starts on. */
  line: number;
}

/** A cursor at the start of `text`, past a byte order mark if there is one. */
export function csvCursor(text: string, delimiter: CsvDelimiter = COMMA): CsvCursor {
  return { text, delimiter, pos: text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0, line: 1 };
}

/** Offset of the first delimiter or line break at or after `from` (the text length if none). */
function cellEnd(text: string, from: number, delimiter: number): number {
  let pos = from;
  const end = text.length;
  while (pos < end) {
    const c = text.charCodeAt(pos);
    if (c === delimiter || c === LF || c === CR) return pos;
    pos++;
  }
  return end;
}

/** Line breaks in text[from, to): LF, CRLF and a lone CR each count once. */
function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let pos = from; pos < to; pos++) {
    const c = text.charCodeAt(pos);
    if (c === LF || (c === CR && text.charCodeAt(pos + 1) !== LF)) count++;
  }
  return count;
}

/**
 * The quoted cell opening at `cursor.pos` (on the quote). Leaves the cursor on the comma or line
 * break after it. Lenient where RFC 4180 is silent: text between the closing quote and the next
 * delimiter is kept as is, and an unterminated quote runs to the end of the text.
 */
function readQuotedCell(cursor: CsvCursor): string {
  const { text } = cursor;
  let value = '';
  let from = cursor.pos + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    const stop = quote < 0 ? text.length : quote;
    cursor.line += lineBreaks(text, from, stop);
    value += text.slice(from, stop);
    if (quote < 0) {
      cursor.pos = text.length;
      return value;
    }
    if (text.charCodeAt(quote + 1) === QUOTE) {
      value += '"';
      from = quote + 2;
      continue;
    }
    const trailingEnd = cellEnd(text, quote + 1, cursor.delimiter);
    if (trailingEnd > quote + 1) value += text.slice(quote + 1, trailingEnd);
    cursor.pos = trailingEnd;
    return value;
  }
}

/** The next record, or null at the end of the text. An empty line gives one empty cell. */
export function readCsvRecord(cursor: CsvCursor): CsvRecord | null {
  const { text } = cursor;
  const end = text.length;
  if (cursor.pos >= end) return null;
  const line = cursor.line;
  const cells: string[] = [];
  for (;;) {
    if (text.charCodeAt(cursor.pos) === QUOTE) {
      cells.push(readQuotedCell(cursor));
    } else {
      const stop = cellEnd(text, cursor.pos, cursor.delimiter);
      cells.push(text.slice(cursor.pos, stop));
      cursor.pos = stop;
    }
    if (cursor.pos >= end) return { cells, line };
    const c = text.charCodeAt(cursor.pos);
    if (c === cursor.delimiter) {
      cursor.pos++;
      continue;
    }
    cursor.pos += c === CR && text.charCodeAt(cursor.pos + 1) === LF ? 2 : 1;
    cursor.line++;
    return { cells, line };
  }
}

/** True when every cell is empty or blank: an empty line, or a row of bare commas. */
export function isBlankRecord(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell.trim() !== '') return false;
  return true;
}
