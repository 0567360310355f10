import { decodeExportFile } from '@glucosuivi/domain/imports/file-text';
import { parseGlucoseFile } from '@glucosuivi/domain/imports/glucose-file';
import { GLUCOSE_IMPORT_MAX, importBody, type GlucoseImport } from '@glucosuivi/domain/imports/imports.schemas';

/** A year of 5-minute readings with every other column LibreView writes is about 15 MB. */
export const MAX_FILE_BYTES = 40 * 1024 * 1024;

export interface PreparedImport {
  body: GlucoseImport;
  device: string | null;
  /** Rows of the file that are not readings (scans, notes, insulin, alerts…), left out. */
  skipped: number;
  /** Readings the sensor reported as out of its range ('Low'/'High'), kept at its limits. */
  clamped: number;
  /** Readings of the autumn's repeated hour placed in its second pass, by the file's order. */
  repeatedHour: number;
}

export type FileErrorCode = 'tooLarge' | 'unreadable' | 'empty' | 'unknown_format' | 'bad_timestamp' | 'bad_value' | 'tooMany';

export type Prepared =
  | { ok: true; value: PreparedImport }
  | { ok: false; error: { code: FileErrorCode; params: Record<string, string | number> } };

/** The file's device name as the import names it (the request takes 1 to 100 characters). */
function deviceName(device: string | null): string | null {
  const trimmed = device?.trim().slice(0, 100);
  return trimmed ? trimmed : null;
}

/** Parses a chosen file in the browser into the import request, or says why it cannot be imported (line and column). */
export async function prepareImport(file: Pick<File, 'size' | 'arrayBuffer'>, timeZone: string): Promise<Prepared> {
  if (file.size > MAX_FILE_BYTES) return { ok: false, error: { code: 'tooLarge', params: { max: MAX_FILE_BYTES / 1024 / 1024 } } };
  let text: string;
  try {
    // Bytes, not File.text(): a file saved again by a spreadsheet may be Windows-1252 or UTF-16.
    text = decodeExportFile(new Uint8Array(await file.arrayBuffer())).text;
  } catch {
    return { ok: false, error: { code: 'unreadable', params: {} } };
  }
  const parsed = parseGlucoseFile(text, timeZone);
  if (!parsed.ok) {
    const { error } = parsed;
    return { ok: false, error: { code: error.code, params: 'line' in error ? { line: error.line, column: error.column, text: error.text } : {} } };
  }
  const { file: readings } = parsed;
  if (readings.times.length === 0) return { ok: false, error: { code: 'empty', params: {} } };
  if (readings.times.length > GLUCOSE_IMPORT_MAX) return { ok: false, error: { code: 'tooMany', params: { max: GLUCOSE_IMPORT_MAX } } };
  return {
    ok: true,
    value: {
      body: importBody({ format: readings.format, device: deviceName(readings.device), unit: readings.unit }, readings.times, readings.values),
      device: deviceName(readings.device),
      skipped: readings.skipped,
      clamped: readings.clampedLow + readings.clampedHigh,
      repeatedHour: readings.repeatedHourSecondPass,
    },
  };
}
