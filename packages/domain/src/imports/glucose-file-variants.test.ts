/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csvCursor, readCsvRecord } from './csv-records';
import { decodeExportFile } from './file-text';
import { type GlucoseFileResult, type ParsedGlucoseFile, parseGlucoseFile } from './glucose-file';

/*
 * Export files as people have them on disk, not as the vendor wrote them: re-saved by a
 * spreadsheet (semicolons, decimal commas, Windows-1252 or UTF-16), in the account's language,
 * from the older desktop software, across the autumn clock change. Each variant is made from a
 * real export of test-data/samples the way the program in question writes it, so each must give
 * the real file's own count; the header names are LibreView's as found in public exports
 * (German: a LibreView export quoted in public test fixtures; Spanish: the HUPA-UCM dataset's
 * LibreLink files; older French: FreeStyle Libre desktop software files).
 */

const samples = new URL('../../test-data/samples/', import.meta.url);
const sample = (file: string): string => readFileSync(new URL(file, samples), 'utf8');

function parsedFile(result: GlucoseFileResult): ParsedGlucoseFile {
  if (!result.ok) throw new Error(`expected a parsed file, got ${JSON.stringify(result.error)}`);
  return result.file;
}
const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/** The file's records (the BOM and the title line included), with the project's own reader. */
function records(text: string): string[][] {
  const cursor = csvCursor(text);
  const out: string[][] = [];
  for (let record = readCsvRecord(cursor); record; record = readCsvRecord(cursor)) out.push(record.cells);
  return out;
}

const NUMBER = /^-?\d+\.\d+$/;

/**
 * What a spreadsheet in a comma-decimal locale writes when it saves a CSV again: `;` between
 * cells, decimal commas, quotes only where a cell holds the separator or a quote, CRLF.
 */
function resaved(text: string, separator: string, decimalComma: boolean): string {
  const quote = (cell: string) => (cell.includes(separator) || cell.includes('"') || cell.includes('\n') ? `"${cell.replace(/"/g, '""')}"` : cell);
  return records(text)
    .map((cells) => cells.map((cell) => quote(decimalComma && NUMBER.test(cell) ? cell.replace('.', ',') : cell)).join(separator))
    .join('\r\n');
}

/** Windows-1252 bytes of a text made of Latin-1 characters and the typographic apostrophe. */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((char) => (char === '\u2019' ? 0x92 : (char.codePointAt(0) as number))));
}

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 + i * 2] = unit & 0xff;
    bytes[3 + i * 2] = unit >> 8;
  }
  return bytes;
}

/** The sample with its header (line 2) replaced, cell by cell, and its title line. */
function withHeader(text: string, title: string, header: string[]): string {
  const rows = records(text);
  return [title, header.join(','), ...rows.slice(2).map((cells) => cells.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(','))].join('\n');
}

const FRENCH = sample('libreview_fr_mgdl_excerpt.csv');
const UK = sample('libreview_uk_mmol.csv');
// The real files' own figures (glucose-file.test.ts counts them with awk).
const FRENCH_READINGS = 150;
const FRENCH_SUM = 31595;
const UK_READINGS = 2349;

const GERMAN_HEADER = 'Gerät,Seriennummer,Gerätezeitstempel,Aufzeichnungstyp,Glukosewert-Verlauf mmol/L,Glukose-Scan mmol/L,Nicht numerisches schnellwirkendes Insulin,Schnellwirkendes Insulin (Einheiten),Nicht numerische Nahrungsdaten,Kohlenhydrate (Gramm),Kohlenhydrate (Portionen),Nicht numerisches Depotinsulin,Depotinsulin (Einheiten),Notizen,Glukose-Teststreifen mmol/L,Keton mmol/L,Mahlzeiteninsulin (Einheiten),Korrekturinsulin (Einheiten),Insulin-Änderung durch Anwender (Einheiten)'.split(',');
const SPANISH_HEADER = 'Dispositivo,Número de serie,Sello de tiempo del dispositivo,Tipo de registro,Historial de glucosa mg/dL,Escaneo de glucosa mg/dL,Insulina de acción rápida no numérica,Insulina de acción rápida (unidades),Alimentos no numéricos,Carbohidratos (gramos),Carbohidratos (porciones),Insulina de acción larga no numérica,Insulina de acción larga (unidades),Notas,Tira reactiva para glucosa mg/dL,Cetona mmol/L,Insulina para comidas (unidades),Insulina de corrección (unidades),Cambio de insulina del usuario (unidades)'.split(',');

describe('glucose files as people save them', () => {
  it('reads the French export re-saved by French Excel: semicolons, decimal commas, Windows-1252, CRLF', () => {
    const bytes = windows1252(resaved(FRENCH, ';', true));
    expect(bytes.includes(0xe9), 'the accents are single bytes').toBe(true);
    const { text, encoding } = decodeExportFile(bytes);
    expect(encoding).toBe('windows-1252');
    const file = parsedFile(parseGlucoseFile(text, 'Europe/Paris'));
    expect(file.times).toHaveLength(FRENCH_READINGS);
    expect(sum(file.valuesMgdl)).toBe(FRENCH_SUM);
    expect(file.skipped).toBe(46);
  });

  it('reads it saved as UTF-8 with a byte order mark and semicolons', () => {
    const bytes = new TextEncoder().encode(`\uFEFF${resaved(FRENCH, ';', true)}`);
    const { text, encoding } = decodeExportFile(bytes);
    expect(encoding).toBe('utf-8');
    expect(parsedFile(parseGlucoseFile(text, 'Europe/Paris')).times).toHaveLength(FRENCH_READINGS);
  });

  it('reads the UK mmol/L export with semicolons and decimal commas as the same figures', () => {
    const original = parsedFile(parseGlucoseFile(UK, 'Europe/Paris'));
    const file = parsedFile(parseGlucoseFile(resaved(UK, ';', true), 'Europe/Paris'));
    expect(file.times).toHaveLength(UK_READINGS);
    expect(file.values).toEqual(original.values);
  });

  it('reads "Unicode text" (UTF-16 with its mark, tab-separated)', () => {
    const { text, encoding } = decodeExportFile(utf16le(resaved(UK, '\t', false)));
    expect(encoding).toBe('utf-16le');
    expect(parsedFile(parseGlucoseFile(text, 'Europe/Paris')).times).toHaveLength(UK_READINGS);
  });

  it('reads a German header, mmol/L', () => {
    const text = withHeader(UK, 'Glukose-Werte,Erstellt am,12-10-2025 17:37 UTC,Erstellt von,REDACTED', GERMAN_HEADER);
    const file = parsedFile(parseGlucoseFile(text, 'Europe/Berlin'));
    expect(file.unit).toBe('mmol/L');
    expect(file.device).toBe('FreeStyle LibreLink');
    expect(file.times).toHaveLength(UK_READINGS);
  });

  it('reads both Spanish timestamp names', () => {
    for (const timestamp of ['Sello de tiempo del dispositivo', 'Marca de hora del dispositivo']) {
      const header = SPANISH_HEADER.map((name, i) => (i === 2 ? timestamp : name));
      const text = withHeader(FRENCH, 'Datos de glucosa,Generado el,03-07-2024 10:31 AM UTC,Generado por,REDACTED', header);
      const file = parsedFile(parseGlucoseFile(text, 'Europe/Madrid'));
      expect(file.times, timestamp).toHaveLength(FRENCH_READINGS);
      expect(sum(file.valuesMgdl)).toBe(FRENCH_SUM);
    }
  });

  it('reads a header in a language it has no names for by LibreView\'s column order', () => {
    const header = SPANISH_HEADER.map((name, i) => `Colonna ${i + 1}${name.endsWith('mg/dL') ? ' mg/dL' : ''}`);
    const file = parsedFile(parseGlucoseFile(withHeader(FRENCH, 'Dati glucosio,Generato il,03-07-2024 10:31 AM UTC', header), 'Europe/Rome'));
    expect(file.times).toHaveLength(FRENCH_READINGS);
    expect(sum(file.valuesMgdl)).toBe(FRENCH_SUM);
  });

  it('says unknown_format for a wide CSV whose fifth column is not glucose', () => {
    const header = SPANISH_HEADER.map((_, i) => `Colonna ${i + 1}`);
    expect(parseGlucoseFile(withHeader(FRENCH, 'Dati', header), 'Europe/Rome')).toEqual({ ok: false, error: { code: 'unknown_format' } });
  });

  it('reads the older French export: tabs, "Historique du taux de glucose (mg/dL)", year-first dates', () => {
    const header = ['ID', 'Heure', 'Type d’enregistrement', 'Historique du taux de glucose (mg/dL)', 'Taux de glucose scanné (mg/dL)', 'Commentaires'];
    const rows = [
      ['1001', '2021/08/30 01:48', '0', '112', '', ''],
      ['1002', '2021/08/30 02:03', '0', '108', '', ''],
      ['1003', '2021/08/30 02:05', '1', '', '109', ''],
      ['1004', '2021/08/30 02:18', '0', '101', '', 'après le repas'],
    ];
    const text = ['Nom du patient\tREDACTED', header.join('\t'), ...rows.map((row) => row.join('\t'))].join('\r\n');
    const file = parsedFile(parseGlucoseFile(decodeExportFile(windows1252(text)).text, 'Europe/Paris'));
    expect(file.times.map((t) => new Date(t).toISOString())).toEqual(['2021-08-29T23:48:00.000Z', '2021-08-30T00:03:00.000Z', '2021-08-30T00:18:00.000Z']);
    expect(file.skipped).toBe(1);
  });
});

describe('the autumn change in a real-shaped export', () => {
  // 28 historic rows every 15 minutes from 00:15 to 03:00 on 26 October 2025 in Paris, French
  // LibreView layout: 00:15–01:45 (7), 02:00–02:45 in summer time (4), 02:00–02:45 again in
  // winter time (4), then 03:00… — the clock as the phone wrote it.
  const stamps: string[] = [];
  for (let minutes = 15; minutes < 180; minutes += 15) stamps.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  const wallClock = [...stamps.filter((s) => s < '03:00' && s >= '00:15' && s < '02:00'), '02:00', '02:15', '02:30', '02:45', '02:00', '02:15', '02:30', '02:45'];
  for (let hour = 3, minute = 0; wallClock.length < 28; minute += 15) {
    if (minute === 60) [hour, minute] = [hour + 1, 0];
    wallClock.push(`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  }
  const header = FRENCH.split('\n')[1] as string;
  const rows = wallClock.map((time, i) => `FreeStyle LibreLink,SN-1,26-10-2025 ${time},0,${100 + i},,,,,,,,,,,,,,`);
  const text = ['Valeur de glycémie,Créé le,27-10-2025 08:00 UTC,Créé par,REDACTED', header, ...rows].join('\r\n');

  it('keeps 28 of 28 readings, 15 minutes apart, and says 4 were placed in the second pass', () => {
    expect(rows).toHaveLength(28);
    const file = parsedFile(parseGlucoseFile(text, 'Europe/Paris'));
    expect(file.times).toHaveLength(28);
    expect(file.duplicatesInFile).toBe(0);
    expect(file.repeatedHourSecondPass).toBe(4);
    expect(file.times.every((t, i) => i === 0 || t - (file.times[i - 1] as number) === 15 * 60_000)).toBe(true);
    // The file's values in the file's order: nothing swapped between the passes.
    expect(file.valuesMgdl).toEqual(rows.map((_, i) => 100 + i));
  });
});
