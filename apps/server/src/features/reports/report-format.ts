/**
 * Numbers, dates and durations as the report files print them, in the reader's language.
 * French typography: a non-breaking space before « : ; % » and between a number and its unit
 * (U+00A0: the report's Helvetica is WinAnsi-encoded, which has no U+202F).
 */

export type ReportLanguage = 'fr' | 'en' | 'es';

export const NBSP = '\u00A0';

export const REPORT_LOCALES: Record<ReportLanguage, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' };

/** A number in the language's format, with non-breaking spaces the PDF fonts can encode. */
export function formatNumber(language: ReportLanguage, value: number, decimals: number): string {
  return new Intl.NumberFormat(REPORT_LOCALES[language], { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    .format(value)
    .replace(/[\u202F\u2009]/g, NBSP);
}

/**
 * A text written for the screen, made printable by the report: thin and narrow spaces become
 * non-breaking ones. Characters outside WinAnsi (≤, ≥, −) stay: the report draws them with
 * its fallback font (report-drawing.ts).
 */
export function winAnsi(text: string): string {
  return text.replace(/[\u202F\u2009]/g, NBSP);
}

/** "12 %" in French, "12%" in English. */
export function formatPercent(language: ReportLanguage, value: number, decimals = 0): string {
  return `${formatNumber(language, value, decimals)}${language === 'en' ? '' : NBSP}%`;
}

/** A local date (dd/mm/yyyy or the language's form) in the patient's zone. */
export function formatDate(language: ReportLanguage, epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat(REPORT_LOCALES[language], { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(epochMs);
}

/** A time of an average day, "17 h 21 min", "45 min", "2 h" (the same symbols in the three languages). */
export function formatDuration(hours: number, minutes: number): string {
  if (hours === 0) return `${minutes}${NBSP}min`;
  return minutes === 0 ? `${hours}${NBSP}h` : `${hours}${NBSP}h${NBSP}${minutes}${NBSP}min`;
}
