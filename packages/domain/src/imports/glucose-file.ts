import { getZoneOffsetResolver, localToUtc } from '../glucose/timezone';
import { roundHalfUp } from '../glucose/stats';
import { type GlucoseUnit, glucoseMgdlToMmol, glucoseMmolToMgdl } from '../glucose/units';
import { type CsvCursor, isBlankRecord, readCsvRecord } from './csv-records';
import { type ClarityLayout, type LibreViewLayout, findLayout } from './glucose-file-layout';
import { type PlacedWallClock, placeWallClock } from './repeated-hour';
import {
  type WallClockFields,
  emptyWallClock,
  isCalendarDate,
  readClarityClock,
  readLibreViewClock,
} from './wall-clock';

/**
 * Glucose export files a patient downloads from LibreView (Abbott FreeStyle Libre) or Dexcom
 * Clarity, read into columns of instants and mg/dL values. Pure: text in, result out; the caller
 * reads the file and decides what to store.
 */

export type GlucoseFileFormat = 'libreview' | 'dexcom-clarity';

export interface ParsedGlucoseFile {
  format: GlucoseFileFormat;
  /** The unit the file states; readings are converted to mg/dL. */
  unit: GlucoseUnit;
  /** Device name when the file says it (e.g. 'FreeStyle LibreLink', 'Dexcom G7 Mobile App'), else null. */
  device: string | null;
  /** Columns, not objects: instants (epoch ms, ascending, unique) and mg/dL values (same length). */
  times: number[];
  valuesMgdl: number[];
  /**
   * The same readings in the file's unit, as the file wrote them (mmol/L values are converted
   * back and rounded to 2 decimals, which recovers the file's own 1-decimal figures exactly): an
   * import stores what the patient's device said, with the unit it said it in.
   */
  values: number[];
  /** Data rows deliberately left out (scans, notes, insulin, food, alerts, calibrations, metadata…). */
  skipped: number;
  /** Readings the sensor reported as below/above its range ('Low'/'High'), stored at the clamp values. */
  clampedLow: number;
  clampedHigh: number;
  /** Readings at the same instant as an earlier one in the file, dropped. */
  duplicatesInFile: number;
  /**
   * Readings of the autumn's repeated hour placed in its second pass because the file's order
   * went back in time there (the preview says so); 0 when the file does not cross that night.
   */
  repeatedHourSecondPass: number;
}

export type GlucoseFileError =
  | { code: 'empty' }
  | { code: 'unknown_format' }
  | { code: 'bad_timestamp' | 'bad_value'; line: number; column: string; text: string };

export type GlucoseFileResult =
  | { ok: true; file: ParsedGlucoseFile }
  | { ok: false; error: GlucoseFileError };

/** Dexcom sensors read 40–400 mg/dL and write `Low`/`High` outside: stored just beyond. */
const CLARITY_LOW_MGDL = 39;
const CLARITY_HIGH_MGDL = 401;

/** LibreView record type of the sensor's automatic (historic) readings. */
const LIBREVIEW_HISTORIC_RECORD = '0';
const CLARITY_READING_EVENT = 'EGV';
const ERROR_TEXT_MAX = 40;
const DECIMAL = /^\d+(?:[.,]\d+)?$/;

type DateOrder = 'day-first' | 'month-first';
type CellError = Extract<GlucoseFileError, { line: number }>;

/** Rows taken, before their dates are placed: one entry per reading in every column. */
interface PendingReadings {
  lines: number[];
  timestampCells: string[];
  years: number[];
  firstFields: number[];
  secondFields: number[];
  secondsOfDay: number[];
  /** True when firstField is known to be the month (ISO dates, 12-hour LibreView clocks). */
  monthFirst: boolean[];
  values: number[];
  /** −1 for a `Low`, 1 for a `High`, 0 for a measured value. */
  clamps: number[];
  /** The device's own order where the file gives it (Clarity's transmitter time and id), else NaN and ''. */
  deviceOrder: { sequence: number[]; group: string[] };
}

interface Collected {
  pending: PendingReadings;
  skipped: number;
  device: string | null;
  /** The first unreadable row; the pending readings are the rows above it. */
  error: CellError | null;
  /** Order of the 24-hour LibreView dates (see `decideDateOrder`); Clarity's ISO dates are month-first. */
  dateOrder: DateOrder;
}

function emptyPending(): PendingReadings {
  return {
    lines: [],
    timestampCells: [],
    years: [],
    firstFields: [],
    secondFields: [],
    secondsOfDay: [],
    monthFirst: [],
    values: [],
    clamps: [],
    deviceOrder: { sequence: [], group: [] },
  };
}

function addPending(
  p: PendingReadings,
  line: number,
  cell: string,
  clock: WallClockFields,
  monthFirst: boolean,
  value: number,
  clamp: number,
  sequence = Number.NaN,
  group = '',
): void {
  p.deviceOrder.sequence.push(sequence);
  p.deviceOrder.group.push(group);
  p.lines.push(line);
  p.timestampCells.push(cell);
  p.years.push(clock.year);
  p.firstFields.push(clock.firstField);
  p.secondFields.push(clock.secondField);
  p.secondsOfDay.push(clock.secondOfDay);
  p.monthFirst.push(monthFirst);
  p.values.push(value);
  p.clamps.push(clamp);
}

function cellError(code: CellError['code'], line: number, column: string | undefined, text: string): CellError {
  return { code, line, column: column ?? '', text: text.slice(0, ERROR_TEXT_MAX) };
}

/** A positive number with a decimal point or comma (`5.4`, `5,4`, `123`), else NaN. */
function readDecimal(cell: string): number {
  const trimmed = cell.trim();
  if (!DECIMAL.test(trimmed)) return Number.NaN;
  const value = Number(trimmed.replace(',', '.'));
  return value > 0 ? value : Number.NaN;
}

function toMgdl(value: number, unit: GlucoseUnit): number {
  return unit === 'mmol/L' ? glucoseMmolToMgdl(value) : value;
}

/** The name with the most readings (first seen wins a tie), or null. */
function mostFrequent(counts: Map<string, number>): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const [name, count] of counts) {
    if (count > bestCount) {
      best = name;
      bestCount = count;
    }
  }
  return best;
}

function countName(counts: Map<string, number>, cell: string | undefined): void {
  const name = cell?.trim();
  if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
}

/**
 * LibreView writes dates month-first with a 12-hour clock (US accounts, and the French sample)
 * or with a 24-hour clock in the account's own order, usually day-first. A 24-hour date whose
 * first number is above 12 proves day-first, a second number above 12 month-first; the first
 * proof in the file wins, and rows contradicting it later fail as bad timestamps. Without proof
 * (an export of a few days, all in the first twelve of the month) the title line decides: a
 * "Generated on" time with AM/PM is a US-style account, so month-first; otherwise day-first,
 * the order of every non-US locale we know of and of our French-first patients. The title line
 * rather than the header: US and British headers are the same English (the two samples differ
 * in one insulin column's name, which may as well be an app version).
 */
function decideDateOrder(dayFirstProof: number, monthFirstProof: number, twelveHourAccount: boolean): DateOrder {
  if (dayFirstProof < monthFirstProof) return 'day-first';
  if (monthFirstProof < dayFirstProof) return 'month-first';
  return twelveHourAccount ? 'month-first' : 'day-first';
}

function collectLibreView(cursor: CsvCursor, layout: LibreViewLayout): Collected {
  const pending = emptyPending();
  const devices = new Map<string, number>();
  const clock = emptyWallClock();
  let skipped = 0;
  let error: CellError | null = null;
  let dayFirstProof = Number.POSITIVE_INFINITY;
  let monthFirstProof = Number.POSITIVE_INFINITY;
  for (let record = readCsvRecord(cursor); record; record = readCsvRecord(cursor)) {
    const { cells, line } = record;
    const recordType = (cells[layout.recordType] ?? '').trim();
    if (recordType === '' && isBlankRecord(cells)) continue;
    const stamp = cells[layout.timestamp] ?? '';
    const readable = readLibreViewClock(stamp, clock);
    // Every row's date counts as proof of the order, scans and notes included.
    if (readable && !clock.monthFirst) {
      if (clock.firstField > 12 && clock.secondField <= 12 && line < dayFirstProof) dayFirstProof = line;
      if (clock.secondField > 12 && clock.firstField <= 12 && line < monthFirstProof) monthFirstProof = line;
    }
    if (recordType !== LIBREVIEW_HISTORIC_RECORD) {
      // Scans (type 1) repeat the historic curve at random moments; the rest are not glucose.
      skipped++;
      continue;
    }
    if (!readable) {
      error = cellError('bad_timestamp', line, layout.header[layout.timestamp], stamp);
      break;
    }
    // No historic row without a value in the samples: an empty cell means a damaged file.
    const valueCell = cells[layout.historicGlucose] ?? '';
    const value = readDecimal(valueCell);
    if (Number.isNaN(value)) {
      error = cellError('bad_value', line, layout.header[layout.historicGlucose], valueCell);
      break;
    }
    // A 12-hour clock or a year-first date is month-first; a 24-hour one waits for `decideDateOrder`.
    addPending(pending, line, stamp, clock, clock.monthFirst, toMgdl(value, layout.unit), 0);
    if (layout.device >= 0) countName(devices, cells[layout.device]);
  }
  const dateOrder = decideDateOrder(dayFirstProof, monthFirstProof, layout.twelveHourAccount);
  return { pending, skipped, device: mostFrequent(devices), error, dateOrder };
}

/** Clarity's `Low`/`High` as a clamp (−1/1), a measured value as 0, anything else as null. */
function clarityValue(cell: string, unit: GlucoseUnit): { value: number; clamp: number } | null {
  const value = readDecimal(cell);
  if (!Number.isNaN(value)) return { value: toMgdl(value, unit), clamp: 0 };
  const word = cell.trim().toLowerCase();
  if (word === 'low') return { value: CLARITY_LOW_MGDL, clamp: -1 };
  if (word === 'high') return { value: CLARITY_HIGH_MGDL, clamp: 1 };
  return null;
}

function collectClarity(cursor: CsvCursor, layout: ClarityLayout): Collected {
  const pending = emptyPending();
  const sources = new Map<string, number>();
  const clock = emptyWallClock();
  let skipped = 0;
  let error: CellError | null = null;
  let deviceInfo: string | null = null;
  for (let record = readCsvRecord(cursor); record; record = readCsvRecord(cursor)) {
    const { cells, line } = record;
    const eventType = (cells[layout.eventType] ?? '').trim();
    if (eventType !== CLARITY_READING_EVENT) {
      if (eventType === '' && isBlankRecord(cells)) continue;
      // The metadata row `Device` names the app or receiver ("Dexcom G7 Mobile App").
      if (eventType === 'Device' && deviceInfo === null) deviceInfo = cells[layout.deviceInfo]?.trim() || null;
      skipped++;
      continue;
    }
    const stamp = cells[layout.timestamp] ?? '';
    if (!readClarityClock(stamp, clock)) {
      error = cellError('bad_timestamp', line, layout.header[layout.timestamp], stamp);
      break;
    }
    const valueCell = cells[layout.glucoseValue] ?? '';
    const reading = clarityValue(valueCell, layout.unit);
    if (!reading) {
      error = cellError('bad_value', line, layout.header[layout.glucoseValue], valueCell);
      break;
    }
    const sequence = layout.transmitterTime >= 0 ? Number((cells[layout.transmitterTime] ?? '').trim() || Number.NaN) : Number.NaN;
    const group = layout.transmitterId >= 0 ? (cells[layout.transmitterId] ?? '').trim() : '';
    addPending(pending, line, stamp, clock, true, reading.value, reading.clamp, sequence, group);
    if (layout.sourceDeviceId >= 0) countName(sources, cells[layout.sourceDeviceId]);
  }
  // Files whose metadata rows were removed still say the source on each reading ("android G6").
  const device = deviceInfo ?? mostFrequent(sources);
  return { pending, skipped, device, error, dateOrder: 'month-first' };
}

/** Places each pending reading on the patient's clock; the first impossible date is an error. */
function resolveInstants(
  pending: PendingReadings,
  dateOrder: DateOrder,
  timeZone: string,
  column: string,
): PlacedWallClock | CellError {
  const offsetOf = getZoneOffsetResolver(timeZone);
  const n = pending.lines.length;
  const localTimes = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const first = pending.firstFields[i] as number;
    const second = pending.secondFields[i] as number;
    const monthFirst = (pending.monthFirst[i] as boolean) || dateOrder === 'month-first';
    const month = monthFirst ? first : second;
    const day = monthFirst ? second : first;
    const year = pending.years[i] as number;
    if (!isCalendarDate(year, month, day)) {
      return cellError('bad_timestamp', pending.lines[i] as number, column, pending.timestampCells[i] as string);
    }
    localTimes[i] = Date.UTC(year, month - 1, day) + (pending.secondsOfDay[i] as number) * 1000;
  }
  // Spring-gap times jump forward; the autumn's repeated hour follows the file's order.
  return placeWallClock(offsetOf, localTimes, (localMs) => localToUtc(offsetOf, localMs), pending.deviceOrder);
}

/** Reading indexes by instant, file order among equal instants (usually already sorted). */
function chronologicalOrder(instants: number[]): number[] {
  const order = Array.from({ length: instants.length }, (_, i) => i);
  let sorted = true;
  for (let i = 1; i < instants.length && sorted; i++) sorted = (instants[i] as number) >= (instants[i - 1] as number);
  if (!sorted) order.sort((a, b) => (instants[a] as number) - (instants[b] as number) || a - b);
  return order;
}

function buildFile(
  collected: Collected,
  instants: number[],
  layout: LibreViewLayout | ClarityLayout,
): Omit<ParsedGlucoseFile, 'repeatedHourSecondPass'> {
  const { pending } = collected;
  const times: number[] = [];
  const valuesMgdl: number[] = [];
  let clampedLow = 0;
  let clampedHigh = 0;
  let duplicatesInFile = 0;
  for (const i of chronologicalOrder(instants)) {
    const instant = instants[i] as number;
    // Same instant as the reading kept just before: an earlier row of the file, since ties keep file order.
    if (times.length > 0 && times[times.length - 1] === instant) {
      duplicatesInFile++;
      continue;
    }
    times.push(instant);
    valuesMgdl.push(pending.values[i] as number);
    const clamp = pending.clamps[i] as number;
    if (clamp < 0) clampedLow++;
    else if (clamp > 0) clampedHigh++;
  }
  return {
    format: layout.format,
    unit: layout.unit,
    device: collected.device,
    times,
    valuesMgdl,
    values: layout.unit === 'mmol/L' ? valuesMgdl.map((mgdl) => roundHalfUp(glucoseMgdlToMmol(mgdl), 2)) : valuesMgdl,
    skipped: collected.skipped,
    clampedLow,
    clampedHigh,
    duplicatesInFile,
  };
}

/**
 * Reads a LibreView or Dexcom Clarity CSV export. Timestamps in these files are the device's
 * wall clock without a zone, so `timeZone` (the patient's IANA zone) places them; an unknown
 * zone throws a RangeError, as for every other caller of the time-zone helpers. Any unreadable
 * reading fails the whole file with its line, column and cell: a partial import would show the
 * patient a curve with silent holes. A recognised file with no reading at all parses to empty
 * columns; the caller decides what to tell the patient.
 */
export function parseGlucoseFile(text: string, timeZone: string): GlucoseFileResult {
  const search = findLayout(text);
  if (search.kind === 'empty') return { ok: false, error: { code: 'empty' } };
  if (search.kind === 'unknown') return { ok: false, error: { code: 'unknown_format' } };
  const { layout, cursor } = search;
  const collected = layout.format === 'libreview' ? collectLibreView(cursor, layout) : collectClarity(cursor, layout);
  const column = layout.header[layout.timestamp] ?? '';
  const placed = resolveInstants(collected.pending, collected.dateOrder, timeZone, column);
  // Rows before the collecting error come first in the file, so their error is reported first.
  if (!('instants' in placed)) return { ok: false, error: placed };
  if (collected.error) return { ok: false, error: collected.error };
  return { ok: true, file: { ...buildFile(collected, placed.instants, layout), repeatedHourSecondPass: placed.secondPass } };
}
