import { minMaxDecimate } from '@glucosuivi/domain/glucose/series';
import { getZoneOffsetResolver, localToUtc } from '@glucosuivi/domain/glucose/timezone';
import { formatGlucoseNumber, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { GlucoseUnitSetting } from '@glucosuivi/domain/settings/settings.schemas';

/**
 * Pure view logic shared by the health pages (dashboard, entry, alerts, reports): units,
 * numbers with the reader's decimal separator, band bar widths, chart decimation, times in the
 * patient's zone. Values are mg/dL everywhere until they are shown.
 */

/** Settings spell units in lower case ('mg/dl'), measurements in the clinical case ('mg/dL'). */
export function unitOfSetting(setting: GlucoseUnitSetting | undefined): GlucoseUnit {
  return setting === 'mmol/l' ? 'mmol/L' : 'mg/dL';
}

export { glucoseDecimals } from '@glucosuivi/domain/glucose/units';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number with a fixed count of decimals, in the reader's language ("3,6" in French). */
export function formatNumber(value: number, language: string, decimals = 0): string {
  const key = `${language}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A limit or a value as typed: no trailing zeros ("1,2", "600", "0,5"). */
export function formatPlain(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** A glucose value (mg/dL) as shown in `unit`: "65" or "3,6". */
export function formatGlucoseValue(mgdl: number, unit: GlucoseUnit, language: string): string {
  return formatGlucoseNumber(mgdl, unit, language);
}

/**
 * Reads a number typed by a person: a decimal comma or point ("5,4", "5.4"), spaces around
 * or between thousands. Returns null for anything else (empty, letters, two separators).
 */
export function parseDecimal(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(compact)) return null;
  const value = Number(compact);
  return Number.isFinite(value) ? value : null;
}

/** The band labels' bounds: the domain's one definition (the PDF uses it too). */
export { bandLimits, type BandLimits } from '@glucosuivi/domain/glucose/bands';

/** Band shares as drawn and as printed: the domain's one rounding (the PDF and the target verdicts use it too). */
export { bandPercents, bandWidths } from '@glucosuivi/domain/glucose/bands';

/** A gap longer than this breaks the chart line (a CGM gap, or days between fingersticks). */
export const CHART_GAP_MS = 30 * 60_000;

/**
 * Points to draw for a chart `widthPx` pixels wide: min/max per pixel bucket (every low kept),
 * with line breaks at gaps. `v` in mg/dL; NaN = gap.
 */
export function chartPoints(t: ArrayLike<number>, v: ArrayLike<number>, widthPx: number) {
  return minMaxDecimate(t, v, Math.max(50, Math.round(widthPx)), { gapMs: CHART_GAP_MS });
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per language, zone and style, made once: building an Intl.DateTimeFormat with a
 * time zone costs far more than using it, and a list formats a date on every row (the
 * professional's list of 30 patients made 120 of them per render). An unknown zone falls back to
 * the browser's.
 */
function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language, options);
    } catch {
      format = new Intl.DateTimeFormat(language, { ...options, timeZone: undefined });
    }
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** Date and time as the patient reads them, in their zone. */
export function formatDateTime(at: number | string | Date, language: string, timeZone: string, withDate = true): string {
  const options: Intl.DateTimeFormatOptions = withDate
    ? { dateStyle: 'medium', timeStyle: 'short', timeZone }
    : { timeStyle: 'short', timeZone };
  return dateTimeFormat(language, options).format(new Date(at));
}

/** Date and time in figures ("07/12/26 21:21"), for a list where every line counts. */
export function formatShortDateTime(at: number | string | Date, language: string, timeZone: string): string {
  return dateTimeFormat(language, { day: '2-digit', month: '2-digit', year: '2-digit', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(at));
}

/** Month and year ("nov. 2026"), in the reader's zone: enough to date a lab result in a list. */
export function formatMonth(at: string | number, language: string, timeZone: string): string {
  return dateTimeFormat(language, { month: 'short', year: 'numeric', timeZone }).format(new Date(at));
}

/** A date without the time ("10 mars 2026"), in the reader's zone. */
export function formatDay(at: string | number, language: string, timeZone: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(new Date(at));
}

/**
 * Labels of the time axis in the reader's language and the patient's zone: hours within a
 * day or two ("14:00"), then day and month ("4 août", "Aug 4"). uPlot's own labels are
 * month/day in US order ("8/4"), which a French reader takes for 8 April.
 */
export function timeAxisLabels(ticks: readonly number[], spanMs: number, language: string, timeZone: string): string[] {
  const options: Intl.DateTimeFormatOptions =
    spanMs <= 2 * 86_400_000 ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : { day: 'numeric', month: 'short' };
  const format = dateTimeFormat(language, { ...options, timeZone });
  return ticks.map((tick) => format.format(new Date(tick)));
}

/** "YYYY-MM-DDTHH:mm" of an instant in a zone: the value of a datetime-local input. */
export function toLocalInputValue(at: number, timeZone: string): string {
  const local = new Date(at + getZoneOffsetResolver(timeZone)(at));
  return local.toISOString().slice(0, 16);
}

/** The instant of a datetime-local value read in a zone, or null when malformed. */
export function fromLocalInputValue(value: string, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const localMs = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(localMs)) return null;
  return localToUtc(getZoneOffsetResolver(timeZone), localMs);
}

/** Minutes after local midnight of an instant, in a zone. */
export function minuteOfDay(at: number, offsetOf: (ms: number) => number): number {
  const local = at + offsetOf(at);
  return Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
}
