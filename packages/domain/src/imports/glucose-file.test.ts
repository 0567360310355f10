/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csvCursor, readCsvRecord } from './csv-records';
import { type GlucoseFileResult, type ParsedGlucoseFile, parseGlucoseFile } from './glucose-file';

const samples = new URL('../../test-data/samples/', import.meta.url);
const sample = (file: string): string => readFileSync(new URL(file, samples), 'utf8');

/** The parsed file, or a thrown error that fails the test with the parser's error. */
function parsedFile(result: GlucoseFileResult): ParsedGlucoseFile {
  if (!result.ok) throw new Error(`expected a parsed file, got ${JSON.stringify(result.error)}`);
  return result.file;
}

const iso = (epochMs: number | undefined): string => new Date(epochMs ?? Number.NaN).toISOString();
const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
const strictlyAscending = (times: number[]): boolean => times.every((t, i) => i === 0 || t > (times[i - 1] as number));

describe('parseGlucoseFile on the real exports (timeZone Europe/Paris)', () => {
  it('reads the US LibreView Libre 3 file (mg/dL, 12-hour clock, CRLF)', () => {
    const file = parsedFile(parseGlucoseFile(sample('libreview_us_mgdl_libre3.csv'), 'Europe/Paris'));
    expect(file.format).toBe('libreview');
    expect(file.unit).toBe('mg/dL');
    expect(file.device).toBe('Libre app');
    // awk -F, 'NR>2 && $4=="0"' libreview_us_mgdl_libre3.csv | wc -l  → 735 (no quoted commas in the file)
    expect(file.times).toHaveLength(735);
    expect(file.valuesMgdl).toHaveLength(735);
    // awk -F, 'NR>2 && $4!="0"' … | wc -l → 258 (252 scans, 6 type-6 rows)
    expect(file.skipped).toBe(258);
    // awk -F, 'NR>2 && $4=="0"{s+=$5} END{print s}' → 70561
    expect(sum(file.valuesMgdl)).toBe(70561);
    expect(file.values, "a mg/dL file is sent as it is").toEqual(file.valuesMgdl);
    // 01-02-2026 11:40 PM and 01-05-2026 12:49 PM, Paris in winter is UTC+1.
    expect(iso(file.times[0])).toBe('2026-01-02T22:40:00.000Z');
    expect(iso(file.times.at(-1))).toBe('2026-01-05T11:49:00.000Z');
    expect(strictlyAscending(file.times)).toBe(true);
    expect(file.duplicatesInFile).toBe(0);
    expect([file.clampedLow, file.clampedHigh]).toEqual([0, 0]);
  });

  it('reads the UK LibreView file as day-first, in mmol/L converted to mg/dL (LF)', () => {
    const file = parsedFile(parseGlucoseFile(sample('libreview_uk_mmol.csv'), 'Europe/Paris'));
    expect(file.format).toBe('libreview');
    expect(file.unit).toBe('mmol/L');
    expect(file.device).toBe('FreeStyle LibreLink');
    // awk -F, 'NR>2 && $4=="0"' libreview_uk_mmol.csv | wc -l → 2349
    expect(file.times).toHaveLength(2349);
    // awk -F, 'NR>2 && $4!="0"' … | wc -l → 1266 (760 scans, 148 insulin, 88 food, 270 type 6)
    expect(file.skipped).toBe(1266);
    // First row 01-09-2025 21:58 is 1 September (not 9 January), last 11-10-2025 17:06; Paris UTC+2.
    expect(iso(file.times[0])).toBe('2025-09-01T19:58:00.000Z');
    expect(iso(file.times.at(-1))).toBe('2025-10-11T15:06:00.000Z');
    // 4.3 mmol/L × 18.01559
    expect(file.valuesMgdl[0]).toBeCloseTo(77.467037, 5);
    // awk -F, 'NR>2 && $4=="0"{s+=$5} END{print s}' → 15808.2 mmol/L, × 18.01559 = 284794.0498
    expect(sum(file.valuesMgdl)).toBeCloseTo(284794.0498, 2);
    expect(strictlyAscending(file.times)).toBe(true);
    // In the file's unit, the values are the file's own figures: the first is 4.3, and their
    // sum is the awk sum above (1-decimal figures, so summing tenths is exact).
    expect(file.values[0]).toBe(4.3);
    expect(sum(file.values.map((v) => Math.round(v * 10)))).toBe(158082);
    expect(file.values.every((v) => Math.round(v * 10) / 10 === v)).toBe(true);
  });

  it('reads the French LibreView excerpt (French headers, quoted decimal commas)', () => {
    const file = parsedFile(parseGlucoseFile(sample('libreview_fr_mgdl_excerpt.csv'), 'Europe/Paris'));
    expect(file.format).toBe('libreview');
    expect(file.unit).toBe('mg/dL');
    expect(file.device).toBe('FreeStyle LibreLink');
    // awk -F, 'NR>2 && $4=="0"' libreview_fr_mgdl_excerpt.csv | wc -l → 150 (the quoted "8,0" cells
    // come after column 4, so awk's naive split still reads the record type right)
    expect(file.times).toHaveLength(150);
    // 20 scans + 3 insulin + 3 food + 20 type 6
    expect(file.skipped).toBe(46);
    // awk -F, 'NR>2 && $4=="0"{s+=$5} END{print s}' → 31595
    expect(sum(file.valuesMgdl)).toBe(31595);
    // 07-29-2022 07:12 PM and 07-31-2022 04:30 PM, Paris in summer is UTC+2.
    expect(iso(file.times[0])).toBe('2022-07-29T17:12:00.000Z');
    expect(iso(file.times.at(-1))).toBe('2022-07-31T14:30:00.000Z');
  });

  it('reads the Clarity G7 file past its metadata and alert rows', () => {
    const file = parsedFile(parseGlucoseFile(sample('dexcom_clarity_g7_mgdl.csv'), 'Europe/Paris'));
    expect(file.format).toBe('dexcom-clarity');
    expect(file.unit).toBe('mg/dL');
    expect(file.device).toBe('Dexcom G7 Mobile App');
    // grep -c '","EGV","' dexcom_clarity_g7_mgdl.csv → 2772, all timestamps distinct (cut -d, -f2 | sort -u)
    expect(file.times).toHaveLength(2772);
    // tail -n +2 … | grep -vc '","EGV","' → 11: FirstName, LastName, Device, 7 alerts, 1 insulin
    expect(file.skipped).toBe(11);
    // awk -F'","' '$3=="EGV"{s+=$8} END{print s}' → 290946
    expect(sum(file.valuesMgdl)).toBe(290946);
    expect(iso(file.times[0])).toBe('2025-11-20T23:17:19.000Z');
    expect(iso(file.times.at(-1))).toBe('2025-11-30T17:32:35.000Z');
    expect([file.clampedLow, file.clampedHigh, file.duplicatesInFile]).toEqual([0, 0, 0]);
  });

  it('reads the modified Clarity G6 file: BOM, renamed timestamp column, Low readings, calibrations', () => {
    const file = parsedFile(
      parseGlucoseFile(sample('dexcom_clarity_g6_mgdl_low_calibration_modified_upstream.csv'), 'Europe/Paris'),
    );
    expect(file.format).toBe('dexcom-clarity');
    expect(file.unit).toBe('mg/dL');
    // No `Device` metadata row left: the readings' Source Device ID.
    expect(file.device).toBe('android G6');
    // grep -c '","EGV","' → 3712 EGV rows; their timestamps: cut -d, -f2 | sort -u | wc -l → 3700
    // (the US fall-back hour of 2023-11-05, 01:01:20–01:56:20, is written twice).
    expect(file.times).toHaveLength(3700);
    expect(file.duplicatesInFile).toBe(12);
    // grep '","EGV","' … | cut -d, -f8 | grep -c '"Low"' → 8; no "High" value in the file.
    expect(file.clampedLow).toBe(8);
    expect(file.clampedHigh).toBe(0);
    // 6 Calibration rows
    expect(file.skipped).toBe(6);
    // awk -F'","' '$3=="EGV" && !seen[$2]++ {s+=($8=="Low")?39:$8} END{print s}' → 511310
    expect(sum(file.valuesMgdl)).toBe(511310);
    expect(iso(file.times[0])).toBe('2023-10-31T23:02:33.000Z');
    expect(iso(file.times.at(-1))).toBe('2023-11-14T05:36:55.000Z');
    expect(strictlyAscending(file.times)).toBe(true);
  });

  it('keeps both passes of the G6 fall-back hour in America/New_York, in the transmitter\'s order', () => {
    const file = parsedFile(
      parseGlucoseFile(sample('dexcom_clarity_g6_mgdl_low_calibration_modified_upstream.csv'), 'America/New_York'),
    );
    expect(iso(file.times[0])).toBe('2023-11-01T04:02:33.000Z');
    // Clarity sorts by the wall clock, so each 01:xx:20 appears twice, in either order (lines
    // 1083–1106). The transmitter time tells the passes apart: 01:01:20 with 54074 s is EDT (92
    // mg/dL, line 1084), with 57674 s EST (80 mg/dL, line 1083), one hour later.
    expect(file.valuesMgdl[file.times.indexOf(Date.parse('2023-11-05T05:01:20Z'))]).toBe(92);
    expect(file.valuesMgdl[file.times.indexOf(Date.parse('2023-11-05T06:01:20Z'))]).toBe(80);
    // 01:56:20 EDT (57374 s, 76 mg/dL) then 01:56:20 EST (60974 s, 91 mg/dL), then 02:01:20 EST.
    const lastEdt = file.times.indexOf(Date.parse('2023-11-05T05:56:20Z'));
    expect(file.valuesMgdl[lastEdt]).toBe(76);
    expect(iso(file.times[lastEdt + 1])).toBe('2023-11-05T06:01:20.000Z');
    const lastEst = file.times.indexOf(Date.parse('2023-11-05T06:56:20Z'));
    expect(file.valuesMgdl[lastEst]).toBe(91);
    expect(iso(file.times[lastEst + 1])).toBe('2023-11-05T07:01:20.000Z');
    // The whole night is one 5-minute series: nothing dropped, the 12 second-pass rows said.
    expect(file.duplicatesInFile).toBe(0);
    expect(file.repeatedHourSecondPass).toBe(12);
    expect(strictlyAscending(file.times)).toBe(true);
  });
});

const LIBRE_TITLE = 'Glucose Data,Generated on,12-10-2025 17:37 UTC,Generated by,REDACTED';
const LIBRE_HEADER = 'Device,Serial Number,Device Timestamp,Record Type,Historic Glucose mmol/L,Scan Glucose mmol/L,Notes';

/** A LibreView file: title on line 1, header on line 2, `rows` from line 3. */
function libreFile(rows: string[], title = LIBRE_TITLE): string {
  return [title, LIBRE_HEADER, ...rows].join('\r\n') + '\r\n';
}

function libreRow(timestamp: string, recordType: string, historic: string, notes = ''): string {
  return `FreeStyle LibreLink,SN-1,${timestamp},${recordType},${historic},,${notes}`;
}

const CLARITY_HEADER =
  '"Index","Timestamp (YYYY-MM-DDThh:mm:ss)","Event Type","Event Subtype","Patient Info","Device Info","Source Device ID","Glucose Value (mg/dL)"';

function clarityRow(index: number, timestamp: string, eventType: string, value: string): string {
  return `"${index}","${timestamp}","${eventType}","","","","android G6","${value}"`;
}

describe('parseGlucoseFile errors', () => {
  it('says empty for no text, or only a BOM and blank lines', () => {
    expect(parseGlucoseFile('', 'Europe/Paris')).toEqual({ ok: false, error: { code: 'empty' } });
    expect(parseGlucoseFile('\uFEFF\r\n  \n,,,\n', 'Europe/Paris')).toEqual({ ok: false, error: { code: 'empty' } });
  });

  it('says unknown_format for other CSV files', () => {
    expect(parseGlucoseFile('date,glucose\n2025-01-01 10:00,100\n', 'Europe/Paris')).toEqual({
      ok: false,
      error: { code: 'unknown_format' },
    });
    // A LibreView-like header without the historic glucose column is not enough.
    const noHistoric = 'Device,Device Timestamp,Record Type,Scan Glucose mg/dL\nX,01-09-2025 21:58,1,100\n';
    expect(parseGlucoseFile(noHistoric, 'Europe/Paris')).toEqual({ ok: false, error: { code: 'unknown_format' } });
  });

  it('names the line, column and cell of an unreadable timestamp', () => {
    const text = libreFile([libreRow('15-10-2025 08:00', '0', '5.4'), libreRow('16-10-2025 8h15', '0', '5.5')]);
    expect(parseGlucoseFile(text, 'Europe/Paris')).toEqual({
      ok: false,
      error: { code: 'bad_timestamp', line: 4, column: 'Device Timestamp', text: '16-10-2025 8h15' },
    });
  });

  it('counts physical lines, a quoted note with a line break included', () => {
    const text = libreFile([
      libreRow('15-10-2025 08:00', '0', '5.4'),
      libreRow('15-10-2025 08:05', '6', '', '"first line\nsecond, with ""quotes"""'),
      libreRow('15-10-2025 08:15', '0', 'n/a'),
    ]);
    expect(parseGlucoseFile(text, 'Europe/Paris')).toEqual({
      ok: false,
      error: { code: 'bad_value', line: 6, column: 'Historic Glucose mmol/L', text: 'n/a' },
    });
  });

  it('names the line of a bad Clarity value and cuts the cell to 40 characters', () => {
    const long = 'x'.repeat(60);
    const text = [CLARITY_HEADER, clarityRow(1, '2025-11-21T00:17:19', 'EGV', '99'), clarityRow(2, '2025-11-21T00:22:19', 'EGV', long)].join('\n');
    expect(parseGlucoseFile(text, 'Europe/Paris')).toEqual({
      ok: false,
      error: { code: 'bad_value', line: 3, column: 'Glucose Value (mg/dL)', text: 'x'.repeat(40) },
    });
  });

  it('rejects a zero or negative glucose value', () => {
    const zero = [CLARITY_HEADER, clarityRow(1, '2025-11-21T00:17:19', 'EGV', '0')].join('\n');
    expect(parseGlucoseFile(zero, 'UTC')).toEqual({
      ok: false,
      error: { code: 'bad_value', line: 2, column: 'Glucose Value (mg/dL)', text: '0' },
    });
    const negative = [CLARITY_HEADER, clarityRow(1, '2025-11-21T00:17:19', 'EGV', '-5')].join('\n');
    expect(parseGlucoseFile(negative, 'UTC')).toMatchObject({ ok: false, error: { code: 'bad_value', text: '-5' } });
  });

  it('rejects an empty value in a historic row', () => {
    const text = libreFile([libreRow('15-10-2025 08:00', '0', '')]);
    expect(parseGlucoseFile(text, 'Europe/Paris')).toEqual({
      ok: false,
      error: { code: 'bad_value', line: 3, column: 'Historic Glucose mmol/L', text: '' },
    });
  });

  it('reports an impossible date before a later unreadable value (file order)', () => {
    const text = libreFile([libreRow('31-02-2025 10:00', '0', '5.4'), libreRow('28-02-2025 10:05', '0', 'oops')]);
    expect(parseGlucoseFile(text, 'Europe/Paris')).toEqual({
      ok: false,
      error: { code: 'bad_timestamp', line: 3, column: 'Device Timestamp', text: '31-02-2025 10:00' },
    });
  });

  it('rejects a 24-hour date contradicting the order proved earlier in the file', () => {
    // Line 3 proves day-first (14 cannot be a month); line 4 then has 15 in the month position.
    const text = libreFile([libreRow('14-03-2025 08:00', '0', '5.4'), libreRow('03-15-2025 08:00', '0', '5.5')]);
    expect(parseGlucoseFile(text, 'Europe/Paris')).toEqual({
      ok: false,
      error: { code: 'bad_timestamp', line: 4, column: 'Device Timestamp', text: '03-15-2025 08:00' },
    });
  });

  it('reports the renamed Clarity timestamp column by its name in the file', () => {
    const header = CLARITY_HEADER.replace('Timestamp (YYYY-MM-DDThh:mm:ss)', 'date_time');
    const text = [header, clarityRow(1, '21/11/2025 00:17', 'EGV', '99')].join('\n');
    expect(parseGlucoseFile(text, 'Europe/Paris')).toEqual({
      ok: false,
      error: { code: 'bad_timestamp', line: 2, column: 'date_time', text: '21/11/2025 00:17' },
    });
  });
});

describe('parseGlucoseFile LibreView date order and clock', () => {
  it('reads undecidable 24-hour dates day-first', () => {
    const file = parsedFile(parseGlucoseFile(libreFile([libreRow('03-04-2025 10:00', '0', '5.4')]), 'UTC'));
    expect(iso(file.times[0])).toBe('2025-04-03T10:00:00.000Z');
  });

  it('reads undecidable 24-hour dates month-first when the title line uses AM/PM (US-style account)', () => {
    const title = 'Glucose Data,Generated on,04-05-2025 08:43 PM UTC,Generated by,REDACTED';
    const file = parsedFile(parseGlucoseFile(libreFile([libreRow('03-04-2025 10:00', '0', '5.4')], title), 'UTC'));
    expect(iso(file.times[0])).toBe('2025-03-04T10:00:00.000Z');
  });

  it('takes day-first from a first field above 12, over a title line with AM/PM', () => {
    const title = 'Glucose Data,Generated on,04-05-2025 08:43 PM UTC,Generated by,REDACTED';
    const text = libreFile([libreRow('03-04-2025 10:00', '0', '5.4'), libreRow('14-04-2025 10:00', '0', '5.5')], title);
    const file = parsedFile(parseGlucoseFile(text, 'UTC'));
    expect(file.times.map(iso)).toEqual(['2025-04-03T10:00:00.000Z', '2025-04-14T10:00:00.000Z']);
  });

  it('takes month-first from a second field above 12, even on a skipped row', () => {
    const text = libreFile([libreRow('03-04-2025 10:00', '0', '5.4'), libreRow('03-14-2025 10:00', '6', '')]);
    const file = parsedFile(parseGlucoseFile(text, 'UTC'));
    expect(iso(file.times[0])).toBe('2025-03-04T10:00:00.000Z');
    expect(file.skipped).toBe(1);
  });

  it('reads 12-hour times month-first, 12 AM as midnight and 12 PM as noon', () => {
    const text = libreFile([libreRow('01-02-2026 12:05 AM', '0', '5.4'), libreRow('01-02-2026 12:30 PM', '0', '5.5')]);
    const file = parsedFile(parseGlucoseFile(text, 'UTC'));
    expect(file.times.map(iso)).toEqual(['2026-01-02T00:05:00.000Z', '2026-01-02T12:30:00.000Z']);
  });

  it('accepts a decimal comma and gives the same result with LF or CRLF', () => {
    const rows = [libreRow('15-10-2025 08:00', '0', '"5,4"'), libreRow('15-10-2025 08:15', '0', '5.4')];
    const crlf = parsedFile(parseGlucoseFile(libreFile(rows), 'Europe/Paris'));
    const lf = parsedFile(parseGlucoseFile(libreFile(rows).replace(/\r\n/g, '\n'), 'Europe/Paris'));
    // 5.4 mmol/L × 18.01559
    expect(crlf.valuesMgdl[0]).toBeCloseTo(97.284186, 5);
    expect(crlf.valuesMgdl[1]).toBe(crlf.valuesMgdl[0]);
    expect(lf).toEqual(crlf);
  });
});

describe('parseGlucoseFile across daylight-saving changes (Europe/Paris)', () => {
  it('keeps both passes of the repeated autumn hour, in the file\'s order', () => {
    // Sunday 26 October 2025: clocks go from 03:00 CEST back to 02:00 CET, so the device clock
    // shows 02:00–02:59 twice. LibreView writes its history in order: where the clock goes back
    // from 02:30 to 02:00, the second pass (CET, one hour later) begins.
    const text = libreFile([
      libreRow('26-10-2025 01:30', '0', '5.0'),
      libreRow('26-10-2025 02:00', '0', '5.1'),
      libreRow('26-10-2025 02:30', '0', '5.2'),
      libreRow('26-10-2025 02:00', '0', '6.1'),
      libreRow('26-10-2025 02:30', '0', '6.2'),
      libreRow('26-10-2025 03:00', '0', '6.3'),
    ]);
    const file = parsedFile(parseGlucoseFile(text, 'Europe/Paris'));
    expect(file.times.map(iso)).toEqual([
      '2025-10-25T23:30:00.000Z',
      '2025-10-26T00:00:00.000Z',
      '2025-10-26T00:30:00.000Z',
      '2025-10-26T01:00:00.000Z',
      '2025-10-26T01:30:00.000Z',
      '2025-10-26T02:00:00.000Z',
    ]);
    expect(file.duplicatesInFile).toBe(0);
    expect(file.repeatedHourSecondPass).toBe(2);
    expect(file.valuesMgdl[3]).toBeCloseTo(6.1 * 18.01559, 6);
  });

  it('reads a newest-first file the other way round: the rows before the clock jumps up are the second pass', () => {
    const text = libreFile([
      libreRow('26-10-2025 03:00', '0', '6.3'),
      libreRow('26-10-2025 02:30', '0', '6.2'),
      libreRow('26-10-2025 02:00', '0', '6.1'),
      libreRow('26-10-2025 02:30', '0', '5.2'),
      libreRow('26-10-2025 02:00', '0', '5.1'),
      libreRow('26-10-2025 01:30', '0', '5.0'),
    ]);
    const file = parsedFile(parseGlucoseFile(text, 'Europe/Paris'));
    expect(file.times).toHaveLength(6);
    expect(file.repeatedHourSecondPass).toBe(2);
    // Sorted oldest first: the CET 02:00 (01:00Z) is the 6.1 row.
    expect(iso(file.times[3])).toBe('2025-10-26T01:00:00.000Z');
    expect(file.valuesMgdl[3]).toBeCloseTo(6.1 * 18.01559, 6);
  });

  it('keeps a single pass of the repeated hour on its first (earlier) instant, as any repeated time', () => {
    const text = libreFile([libreRow('26-10-2025 01:30', '0', '5.0'), libreRow('26-10-2025 02:15', '0', '5.1'), libreRow('26-10-2025 03:30', '0', '5.2')]);
    const file = parsedFile(parseGlucoseFile(text, 'Europe/Paris'));
    expect(file.times.map(iso)).toEqual(['2025-10-25T23:30:00.000Z', '2025-10-26T00:15:00.000Z', '2025-10-26T02:30:00.000Z']);
    expect(file.repeatedHourSecondPass).toBe(0);
  });

  it('moves a time in the spring gap forward by an hour and keeps the series in order', () => {
    // Sunday 30 March 2025: clocks jump from 02:00 CET to 03:00 CEST, so 02:30 does not exist; it
    // is read with the offset before the change (UTC+1), i.e. 01:30Z, which is 03:30 CEST — after
    // the 03:15 row that follows it in the file, so the readings are sorted.
    const text = libreFile([
      libreRow('30-03-2025 01:45', '0', '5.0'),
      libreRow('30-03-2025 02:30', '0', '5.5'),
      libreRow('30-03-2025 03:15', '0', '6.0'),
    ]);
    const file = parsedFile(parseGlucoseFile(text, 'Europe/Paris'));
    expect(file.times.map(iso)).toEqual(['2025-03-30T00:45:00.000Z', '2025-03-30T01:15:00.000Z', '2025-03-30T01:30:00.000Z']);
    expect(file.valuesMgdl[1]).toBeCloseTo(6.0 * 18.01559, 6);
    expect(file.valuesMgdl[2]).toBeCloseTo(5.5 * 18.01559, 6);
    expect(file.duplicatesInFile).toBe(0);
  });
});

describe('parseGlucoseFile Clarity details', () => {
  it('clamps Low and High, sorts, drops same-instant duplicates and skips non-EGV rows', () => {
    const text = [
      '\uFEFF' + CLARITY_HEADER,
      '"1","","Device","","","Dexcom G6 Receiver","","",',
      clarityRow(2, '2025-11-21T00:10:00', 'EGV', 'High'),
      clarityRow(3, '2025-11-21T00:00:00', 'EGV', 'Low'),
      '',
      clarityRow(4, '2025-11-21T00:05:00', 'EGV', '120'),
      clarityRow(5, '2025-11-21T00:05:00', 'EGV', '130'),
      clarityRow(6, '2025-11-21T00:07:00', 'Calibration', '125'),
    ].join('\r\n');
    const file = parsedFile(parseGlucoseFile(text, 'UTC'));
    expect(file.device).toBe('Dexcom G6 Receiver');
    expect(file.times.map(iso)).toEqual(['2025-11-21T00:00:00.000Z', '2025-11-21T00:05:00.000Z', '2025-11-21T00:10:00.000Z']);
    expect(file.valuesMgdl).toEqual([39, 120, 401]);
    expect([file.clampedLow, file.clampedHigh, file.duplicatesInFile, file.skipped]).toEqual([1, 1, 1, 2]);
  });

  it('reads a mmol/L Clarity file with a decimal comma', () => {
    const header = CLARITY_HEADER.replace('Glucose Value (mg/dL)', 'Glucose Value (mmol/L)');
    const text = [header, clarityRow(1, '2025-11-21 00:10:00', 'EGV', '5,4')].join('\n');
    const file = parsedFile(parseGlucoseFile(text, 'UTC'));
    expect(file.unit).toBe('mmol/L');
    expect(file.device).toBe('android G6');
    expect(file.valuesMgdl[0]).toBeCloseTo(97.284186, 5);
  });
});

describe('parseGlucoseFile on a 90-day Libre 3 export', () => {
  it('reads 25,920 minute-5 readings in order', () => {
    const rows: string[] = [];
    const start = Date.UTC(2025, 0, 1);
    const pad = (n: number): string => String(n).padStart(2, '0');
    for (let i = 0; i < 90 * 288; i++) {
      const d = new Date(start + i * 300_000);
      const stamp = `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
      rows.push(libreRow(stamp, '0', String(4 + (i % 50) / 10)));
    }
    const file = parsedFile(parseGlucoseFile(libreFile(rows), 'UTC'));
    expect(file.times).toHaveLength(25_920);
    expect(iso(file.times[0])).toBe('2025-01-01T00:00:00.000Z');
    expect(iso(file.times.at(-1))).toBe('2025-03-31T23:55:00.000Z');
    expect(strictlyAscending(file.times)).toBe(true);
  });
});

describe('readCsvRecord', () => {
  it('splits quoted cells with commas, doubled quotes and line breaks, keeping the start line', () => {
    const cursor = csvCursor('\uFEFFa,"b,c","say ""hi""",\r\n"x\ny",z\rlast');
    expect(readCsvRecord(cursor)).toEqual({ cells: ['a', 'b,c', 'say "hi"', ''], line: 1 });
    expect(readCsvRecord(cursor)).toEqual({ cells: ['x\ny', 'z'], line: 2 });
    expect(readCsvRecord(cursor)).toEqual({ cells: ['last'], line: 4 });
    expect(readCsvRecord(cursor)).toBeNull();
  });
});
