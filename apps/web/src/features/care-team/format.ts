/** A date without the time ("10 mars 2026"), in the reader's zone. */
export function formatDay(at: string | number, language: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(new Date(at));
  } catch {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(at));
  }
}
