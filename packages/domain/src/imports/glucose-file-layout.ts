import type { GlucoseUnit } from '../glucose/units';
import { CSV_DELIMITERS, type CsvCursor, type CsvDelimiter, csvCursor, isBlankRecord, readCsvRecord } from './csv-records';

/**
 * Recognising a glucose export from its header line, and where its columns are. Columns are
 * found by name, never by position, except the Clarity timestamp (see `clarityLayout`).
 */

export interface LibreViewLayout {
  format: 'libreview';
  unit: GlucoseUnit;
  /** Header cells as written in the file, for error messages. */
  header: string[];
  timestamp: number;
  recordType: number;
  historicGlucose: number;
  device: number;
  /** A line above the header writes its time with AM/PM: the account uses US dates. */
  twelveHourAccount: boolean;
}

export interface ClarityLayout {
  format: 'dexcom-clarity';
  unit: GlucoseUnit;
  header: string[];
  timestamp: number;
  eventType: number;
  glucoseValue: number;
  deviceInfo: number;
  sourceDeviceId: number;
  /** The transmitter's own seconds counter and its id (−1 when absent): they order readings whose wall clock repeats. */
  transmitterTime: number;
  transmitterId: number;
}

export type GlucoseFileLayout = LibreViewLayout | ClarityLayout;

/** How far down the header may be: LibreView puts one title line above it, Clarity none. */
const MAX_LINES_BEFORE_HEADER = 10;

/**
 * Header names as LibreView writes them in the account's language (English, French in two
 * generations, German, Spanish in two), compared after `normalizeHeader`. A language not listed
 * (Italian, Dutch…) is found by position instead: see `libreViewByPosition`.
 */
const LIBREVIEW_TIMESTAMP = [
  'device timestamp',
  "horodatage de l'appareil",
  'heure',
  'gerätezeitstempel',
  'sello de tiempo del dispositivo',
  'marca de hora del dispositivo',
];
const LIBREVIEW_RECORD_TYPE = ['record type', "type d'enregistrement", 'aufzeichnungstyp', 'tipo de registro'];
const LIBREVIEW_DEVICE = ['device', 'appareil', 'gerät', 'dispositivo'];
const LIBREVIEW_HISTORIC =
  /^(?:historic glucose|historique de la glycémie|historique du taux de glucose|glukosewert-verlauf|historial de glucosa) \(?(mg\/dl|mmol\/l)\)?$/;
/** Any header cell naming a glucose unit: the historic column is the first of them. */
const ANY_GLUCOSE_UNIT = /\(?(mg\/dl|mmol\/l)\)?$/;
/** LibreView's column order, the same in every language: device, serial, timestamp, record type, historic glucose. */
const LIBREVIEW_POSITIONS = { device: 0, timestamp: 2, recordType: 3, historicGlucose: 4 } as const;
/** A LibreView header has at least this many columns (18 to 19 in the exports seen); Clarity's 14. */
const LIBREVIEW_MIN_COLUMNS = 17;
const CLARITY_GLUCOSE = /^glucose value \((mg\/dl|mmol\/l)\)$/;
const TWELVE_HOUR_TIME = /\b\d{1,2}:\d{2} ?[AP]M\b/i;

/** Lower case, NFC, straight apostrophes, single spaces: header spellings vary in these only. */
function normalizeHeader(cell: string): string {
  return cell.normalize('NFC').replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
}

function unitOf(match: RegExpExecArray): GlucoseUnit {
  return match[1] === 'mmol/l' ? 'mmol/L' : 'mg/dL';
}

function findUnitColumn(names: string[], pattern: RegExp): { index: number; unit: GlucoseUnit } | null {
  for (let i = 0; i < names.length; i++) {
    const match = pattern.exec(names[i] as string);
    if (match) return { index: i, unit: unitOf(match) };
  }
  return null;
}

function indexOfAny(names: string[], candidates: string[]): number {
  return names.findIndex((name) => candidates.includes(name));
}

function libreViewLayout(header: string[], names: string[], preamble: string[][]): LibreViewLayout | null {
  const timestamp = indexOfAny(names, LIBREVIEW_TIMESTAMP);
  const recordType = indexOfAny(names, LIBREVIEW_RECORD_TYPE);
  const historic = findUnitColumn(names, LIBREVIEW_HISTORIC);
  const twelveHourAccount = preamble.some((cells) => cells.some((cell) => TWELVE_HOUR_TIME.test(cell)));
  if (timestamp < 0 || recordType < 0 || !historic) return libreViewByPosition(header, names, twelveHourAccount);
  return {
    format: 'libreview',
    unit: historic.unit,
    header,
    timestamp,
    recordType,
    historicGlucose: historic.index,
    device: indexOfAny(names, LIBREVIEW_DEVICE),
    twelveHourAccount,
  };
}

/**
 * A LibreView header in a language whose names are not listed: recognised by its shape (as
 * many columns as LibreView writes, the fifth naming a glucose unit and being the first to) and
 * read by LibreView's fixed column order. A wrong guess fails loudly, as a bad timestamp or
 * value on the first reading, never as silently wrong numbers.
 */
function libreViewByPosition(header: string[], names: string[], twelveHourAccount: boolean): LibreViewLayout | null {
  if (names.length < LIBREVIEW_MIN_COLUMNS) return null;
  const firstUnit = names.findIndex((name) => ANY_GLUCOSE_UNIT.test(name));
  if (firstUnit !== LIBREVIEW_POSITIONS.historicGlucose) return null;
  const match = ANY_GLUCOSE_UNIT.exec(names[firstUnit] as string);
  if (!match) return null;
  return { format: 'libreview', unit: unitOf(match), header, ...LIBREVIEW_POSITIONS, twelveHourAccount };
}

/**
 * Clarity writes `Index, Timestamp (YYYY-MM-DDThh:mm:ss), Event Type, …`. Owners rename the
 * timestamp column (the G6 sample calls it `date_time`), so when no column starts with
 * "timestamp" the one just before `Event Type` is taken: Clarity's column order has not changed
 * across G5, G6 and G7 exports, and a wrong guess fails loudly as a bad timestamp.
 */
function clarityLayout(header: string[], names: string[]): ClarityLayout | null {
  const eventType = names.indexOf('event type');
  const glucose = findUnitColumn(names, CLARITY_GLUCOSE);
  if (eventType < 0 || !glucose) return null;
  const named = names.findIndex((name) => name.startsWith('timestamp'));
  const timestamp = named >= 0 ? named : eventType - 1;
  if (timestamp < 0) return null;
  return {
    format: 'dexcom-clarity',
    unit: glucose.unit,
    header,
    timestamp,
    eventType,
    glucoseValue: glucose.index,
    deviceInfo: names.indexOf('device info'),
    sourceDeviceId: names.indexOf('source device id'),
    transmitterTime: names.findIndex((name) => name.startsWith('transmitter time')),
    transmitterId: names.indexOf('transmitter id'),
  };
}

export type LayoutSearch = { kind: 'empty' } | { kind: 'unknown' } | { kind: 'found'; layout: GlucoseFileLayout; cursor: CsvCursor };

/**
 * Reads records until the header line and leaves the cursor on the first data row. Blank lines
 * are passed over; a file with nothing else is empty.
 */
function findLayoutWith(text: string, delimiter: CsvDelimiter): LayoutSearch {
  const cursor = csvCursor(text, delimiter);
  const preamble: string[][] = [];
  for (let record = readCsvRecord(cursor); record; record = readCsvRecord(cursor)) {
    const { cells } = record;
    if (isBlankRecord(cells)) continue;
    const names = cells.map(normalizeHeader);
    const layout = libreViewLayout(cells, names, preamble) ?? clarityLayout(cells, names);
    if (layout) return { kind: 'found', layout, cursor };
    preamble.push(cells);
    if (preamble.length >= MAX_LINES_BEFORE_HEADER) return { kind: 'unknown' };
  }
  return preamble.length === 0 ? { kind: 'empty' } : { kind: 'unknown' };
}

/**
 * The file's layout with the first delimiter that reveals one: commas as exported, semicolons
 * as a spreadsheet saves the file in a comma-decimal locale (French, German, Spanish, Italian
 * Excel), tabs as older exports and "Unicode text" saves write it.
 */
export function findLayout(text: string): LayoutSearch {
  let search: LayoutSearch = { kind: 'empty' };
  for (const delimiter of CSV_DELIMITERS) {
    search = findLayoutWith(text, delimiter);
    if (search.kind !== 'unknown') return search;
  }
  return search;
}
