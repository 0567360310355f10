import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import type { AdviceFinding } from '@glucosuivi/domain/advice/advice.schemas';
import type { GlucoseTargets } from '@glucosuivi/domain/glucose/bands';
import type { MealGroupStats } from '@glucosuivi/domain/glucose/logbook';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { GlucosePeriod, Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import type { ReportLanguage, ReportTexts } from './reports.texts';

/** What the report prints; built by reports.service.ts for the patient or a professional. */
export interface GlucoseReportInput {
  /** The reader's language and unit (the patient's own, or the professional's). */
  language: ReportLanguage;
  glucoseUnit: GlucoseUnit;
  patientName: string;
  /** The professional who downloaded it (their copy), or null for the patient's own. */
  preparedFor: string | null;
  timeZone: string;
  targets: GlucoseTargets;
  from: number;
  to: number;
  days: number;
  generatedAt: number;
  /** Null when the reader may not see the patient's glucose (a professional without 'glucose'). */
  glucose: GlucosePeriod | null;
  latest: Summary['latest'];
  /** Readings of the period (ascending) for the daily charts and the meter's time-of-day plot. */
  series: { t: ArrayLike<number>; v: ArrayLike<number> };
  /** The meter logbook (mealStatistics), null without meal tags or for a sensor period. */
  logbook: MealGroupStats[] | null;
  /** The period's advice findings, most pressing first (GET /api/advice gives the same). */
  advice: AdviceFinding[];
}

export const COLORS = {
  very_high: '#E67E22',
  high: '#F5B041',
  in_range: '#27AE60',
  low: '#E74C3C',
  very_low: '#922B21',
  text: '#1C2833',
  muted: '#5D6D7E',
  grid: '#D5D8DC',
  band95: '#D6EAF8',
  band75: '#85C1E9',
  median: '#1A5276',
  targetLine: '#1E8449',
};
export const BAND_ORDER = ['very_high', 'high', 'in_range', 'low', 'very_low'] as const;
export const PAGE = { width: 595.28, height: 841.89, margin: 32 };
export const Y_MAX_MGDL = 350;
export const Y_MIN_MGDL = 40;

export type Doc = InstanceType<typeof PDFKitDocument>;
export type Box = { x: number; y: number; w: number; h: number };
export type Metrics = NonNullable<GlucosePeriod['metrics']>;

/** What every section of the page draws with: the document, its input and texts, the column and the formatters. */
export interface Page {
  doc: Doc;
  input: GlucoseReportInput;
  t: ReportTexts;
  left: number;
  width: number;
  glucoseText: (mgdl: number) => string;
  label: (name: string) => string;
}

type FontName = 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique';

/**
 * The built-in Helvetica is WinAnsi-encoded: "≤", "≥" or "−" would print as nothing or as a wrong
 * glyph. Runs of such characters are drawn with DejaVu Sans (an embedded subset, only when a
 * report holds one), so the page shows "≤ 36 %" and its text layer reads "≤".
 */
const FALLBACK_FONT = 'report-fallback';
const require = createRequire(import.meta.url);
const FALLBACK_FILES: Record<FontName, string> = {
  Helvetica: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
  'Helvetica-Bold': '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff',
  'Helvetica-Oblique': '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-italic.woff',
};
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function inWinAnsi(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) || ch === '\n';
}

/** Runs of the text that Helvetica prints, and runs it cannot. */
export function fontRuns(text: string): { text: string; fallback: boolean }[] {
  const runs: { text: string; fallback: boolean }[] = [];
  for (const ch of text) {
    const fallback = !inWinAnsi(ch);
    const last = runs[runs.length - 1];
    if (last && last.fallback === fallback) last.text += ch;
    else runs.push({ text: ch, fallback });
  }
  return runs;
}

export type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * Writes `text` in `font` at (x, y) — or where the previous text ended when x is undefined —
 * switching to the fallback font for what Helvetica cannot print. Returns the y below it.
 */
export function write(doc: Doc, font: FontName, text: string, x: number | undefined, y: number | undefined, options: TextOptions = {}): number {
  const runs = fontRuns(text);
  runs.forEach((run, i) => {
    const continued = i < runs.length - 1 || options.continued === true;
    if (run.fallback) {
      // One name per style: pdfkit keeps a loaded font by its name.
      const name = `${FALLBACK_FONT}-${font}`;
      doc.registerFont(name, require.resolve(FALLBACK_FILES[font]));
      doc.font(name);
    } else {
      doc.font(font);
    }
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, { ...options, continued });
    else doc.text(run.text, { ...options, continued });
  });
  return doc.y;
}

export function yScale(box: Box, mgdl: number): number {
  const clamped = Math.min(Y_MAX_MGDL, Math.max(Y_MIN_MGDL, mgdl));
  return box.y + box.h - ((clamped - Y_MIN_MGDL) / (Y_MAX_MGDL - Y_MIN_MGDL)) * box.h;
}

/** A section heading; returns the y below it. */
export function heading(page: Page, text: string, x: number, y: number, width = page.width, size = 10.5): number {
  page.doc.fontSize(size).fillColor(COLORS.text);
  return write(page.doc, 'Helvetica-Bold', text, x, y, { width, lineBreak: false }) + 2;
}

/** A muted note of one or two lines; returns the y below it. */
export function note(page: Page, text: string, x: number, y: number, width = page.width, size = 7.5): number {
  page.doc.fontSize(size).fillColor(COLORS.muted);
  return write(page.doc, 'Helvetica', text, x, y, { width });
}
