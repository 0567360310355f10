/**
 * The text of an export file as people have it on disk: UTF-8 as LibreView and Clarity write
 * it (with or without a byte order mark), or as a spreadsheet saved it again — Windows-1252 from
 * Excel's "CSV" in western locales, UTF-16 from its "Unicode text". Decoded here, in one place,
 * so that the header names with accents ("Gerätezeitstempel", "glycémie") are found whatever
 * the encoding.
 */

// Both runtimes of the domain (the browser and Node) have TextDecoder with these labels; the
// domain's type environment names neither runtime, so the part used is declared here.
declare const TextDecoder: new (label?: string, options?: { fatal?: boolean }) => { decode(input: Uint8Array): string };

export type ExportFileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding a file's bytes are in: its byte order mark, else UTF-8 when they are valid UTF-8, else Windows-1252. */
export function exportFileEncoding(bytes: Uint8Array): ExportFileEncoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    // Not UTF-8: every byte sequence is valid Windows-1252, the encoding Excel saves CSV in.
    return 'windows-1252';
  }
}

/**
 * Windows-1252's bytes 0x80–0x9F (the WHATWG encoding index; the five unassigned bytes stay as
 * they are). Decoded here rather than by TextDecoder, which Node reads as Latin-1 where browsers
 * follow the index: the same file must give the same text in the browser and in tests.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];
const CHUNK = 8192;

function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    units[i] = byte >= 0x80 && byte <= 0x9f ? (WINDOWS_1252_HIGH[byte - 0x80] as number) : byte;
  }
  let text = '';
  for (let from = 0; from < units.length; from += CHUNK) text += String.fromCharCode(...units.subarray(from, from + CHUNK));
  return text;
}

/** The file's text; a UTF-8 or UTF-16 byte order mark is dropped. */
export function decodeExportFile(bytes: Uint8Array): { text: string; encoding: ExportFileEncoding } {
  const encoding = exportFileEncoding(bytes);
  const text = encoding === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(encoding).decode(bytes);
  return { text, encoding };
}
