import type { GlucoseUnit } from '../glucose/units';
import { type CsvCursor, isBlankRecord, readCsvRecord } from './csv-records';

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
}

export type GlucoseFileLayout = LibreViewLayout | ClarityLayout;

/** How far down the header may be: LibreView puts one title line above it, Clarity none. */
const MAX_LINES_BEFORE_HEADER = 10;

/** Header names in English and French (LibreView writes the account's language). */
const LIBREVIEW_TIMESTAMP = ['device timestamp', "horodatage de l'appareil"];
const LIBREVIEW_RECORD_TYPE = ['record type', "type d'enregistrement"];
const LIBREVIEW_DEVICE = ['device', 'appareil'];
const LIBREVIEW_HISTORIC = /^(?:historic glucose|historique de la glycémie) \(?(mg\/dl|mmol\/l)\)?$/;
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
  if (timestamp < 0 || recordType < 0 || !historic) return null;
  return {
    format: 'libreview',
    unit: historic.unit,
    header,
    timestamp,
    recordType,
    historicGlucose: historic.index,
    device: indexOfAny(names, LIBREVIEW_DEVICE),
    twelveHourAccount: preamble.some((cells) => cells.some((cell) => TWELVE_HOUR_TIME.test(cell))),
  };
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
  };
}

export type LayoutSearch = { kind: 'empty' } | { kind: 'unknown' } | { kind: 'found'; layout: GlucoseFileLayout };

/**
 * Reads records until the header line and leaves the cursor on the first data row. Blank lines
 * are passed over; a file with nothing else is empty.
 */
export function findLayout(cursor: CsvCursor): LayoutSearch {
  const preamble: string[][] = [];
  for (let record = readCsvRecord(cursor); record; record = readCsvRecord(cursor)) {
    const { cells } = record;
    if (isBlankRecord(cells)) continue;
    const names = cells.map(normalizeHeader);
    const layout = libreViewLayout(cells, names, preamble) ?? clarityLayout(cells, names);
    if (layout) return { kind: 'found', layout };
    preamble.push(cells);
    if (preamble.length >= MAX_LINES_BEFORE_HEADER) return { kind: 'unknown' };
  }
  return preamble.length === 0 ? { kind: 'empty' } : { kind: 'unknown' };
}
