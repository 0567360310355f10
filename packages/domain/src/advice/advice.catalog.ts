import type { Language } from '../accounts/accounts.schemas';
import {
  formatGlucose,
  formatGlucoseNumber,
  formatLipid,
  glucoseDecimals,
  type GlucoseUnit,
} from '../glucose/units';
import type { AdviceKind, AdviceReference, FindingOf } from './advice.schemas';

/**
 * What a language must provide to word the findings, and the number formats it words them
 * with. Each language is one `AdviceCatalog`; the texts are functions of the typed evidence, so
 * a kind or a language left out is a type error, not a missing key found in production.
 */

export interface RenderedFinding {
  title: string;
  body: string;
  /** One line per fact behind the finding (a night, a meal, a result), numbers in the reader's unit. */
  evidence: string[];
  /** What to talk about with the care team; every finding has one. */
  discuss: string;
  /** The 15/15 rule and the emergency numbers, when the finding's flags ask for them. */
  safety: string[];
}

export type FindingText = Omit<RenderedFinding, 'safety'>;

export type KindTexts = {
  [K in AdviceKind]: (finding: FindingOf<K>, format: AdviceFormat) => FindingText;
};

export interface AdviceCatalog {
  kinds: KindTexts;
  hypoTreatment: string;
  emergency: string;
  references: Record<AdviceReference, string>;
}

export const ADVICE_LOCALES: Readonly<Record<Language, string>> = {
  fr: 'fr-FR',
  en: 'en-GB',
  es: 'es-ES',
};

/** Numbers, dates and durations as a reader of `language` writes them, glucose in `unit`. */
export interface AdviceFormat {
  unit: GlucoseUnit;
  /** "65 mg/dL", "3,6 mmol/L". */
  glucose(mgdl: number): string;
  /** A difference of glucose, signed: "+36 mg/dL", "+2,0 mmol/L". */
  glucoseChange(mgdl: number): string;
  /** A share with one decimal: "5,2 %" (the dashboard's precision). */
  percent(value: number): string;
  /** A target share, without a useless decimal: "4 %", "0,5 %". */
  limit(value: number): string;
  /** Signed with one decimal: "+8,0", "−5,5". */
  signed(value: number): string;
  /** "mar. 3 nov." from 'YYYY-MM-DD'. */
  date(isoDate: string): string;
  /** "3 nov. 2026" from 'YYYY-MM-DD', for lab results. */
  fullDate(isoDate: string): string;
  /** The night ending on the morning of `isoDate`: its evening's and its morning's day ("2", "3 nov."). */
  night(isoDate: string): { from: string; to: string };
  /** "2 h 35 min", "45 min". */
  duration(minutes: number): string;
  hba1c(percent: number): string;
  ldl(mgdl: number): string;
  /** A whole number with the locale's grouping: "2 580", "2,580". */
  count(value: number): string;
  /** `one` when the language says "1 night", else `other`. */
  plural(count: number, one: string, other: string): string;
}

const DAY_MS = 86_400_000;

export function createAdviceFormat(language: Language, unit: GlucoseUnit): AdviceFormat {
  const locale = ADVICE_LOCALES[language];
  const share = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const limit = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const signedDecimal = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const glucoseDelta = new Intl.NumberFormat(locale, {
    minimumFractionDigits: glucoseDecimals(unit),
    maximumFractionDigits: glucoseDecimals(unit),
    signDisplay: 'exceptZero',
  });
  const lipidDigits = unit === 'mg/dL' ? 0 : 2;
  const lipid = new Intl.NumberFormat(locale, {
    minimumFractionDigits: lipidDigits,
    maximumFractionDigits: lipidDigits,
  });
  const shortDate = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const longDate = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const dayMonth = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
  });
  const dayOnly = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric' });
  const plurals = new Intl.PluralRules(locale);
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const utcDate = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);
  // Formatting a date costs microseconds and the same few dates come back in every finding of a
  // period, for every patient of a list: each is formatted once per format.
  const remembered = <T>(format: (isoDate: string) => T): ((isoDate: string) => T) => {
    const known = new Map<string, T>();
    return (isoDate) => {
      let text = known.get(isoDate);
      if (text === undefined) {
        text = format(isoDate);
        known.set(isoDate, text);
      }
      return text;
    };
  };
  return {
    unit,
    glucose: (mgdl) => `${formatGlucoseNumber(mgdl, unit, locale)} ${unit}`,
    glucoseChange: (mgdl) =>
      `${glucoseDelta.format(Math.sign(mgdl) * formatGlucose(Math.abs(mgdl), unit))} ${unit}`,
    percent: (value) => share.format(value / 100),
    limit: (value) => limit.format(value / 100),
    signed: (value) => signedDecimal.format(value),
    date: remembered((isoDate) => shortDate.format(utcDate(isoDate))),
    fullDate: remembered((isoDate) => longDate.format(utcDate(isoDate))),
    night: remembered((isoDate) => {
      const morning = utcDate(isoDate);
      const evening = new Date(morning.getTime() - DAY_MS);
      const sameMonth = evening.getUTCMonth() === morning.getUTCMonth();
      return {
        from: (sameMonth ? dayOnly : dayMonth).format(evening),
        to: dayMonth.format(morning),
      };
    }),
    duration: (minutes) => {
      const whole = Math.round(minutes);
      const hours = Math.floor(whole / 60);
      const rest = whole % 60;
      if (hours === 0) return `${rest} min`;
      return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
    },
    hba1c: (percent) => share.format(percent / 100),
    ldl: (mgdl) => `${lipid.format(formatLipid(mgdl, 'ldl', unit))} ${unit}`,
    count: (value) => integer.format(value),
    plural: (count, one, other) => (plurals.select(count) === 'one' ? one : other),
  };
}
