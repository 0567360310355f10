/**
 * Server-side texts of the files the server writes (PDF, CSV headers), in the reader's
 * language (reports.texts.fr.ts is the reference). The web app's catalogs cannot be used here:
 * the server renders these files itself. Numbers, dates and durations: report-format.ts.
 */
import type { ReportLanguage } from './report-format';
import { REPORT_TEXTS_EN } from './reports.texts.en';
import { REPORT_TEXTS_ES } from './reports.texts.es';
import { REPORT_TEXTS_FR } from './reports.texts.fr';

export { formatDate, formatDuration, formatNumber, formatPercent, NBSP, REPORT_LOCALES, winAnsi, type ReportLanguage } from './report-format';

export interface ReportTexts {
  title: string;
  patient: string;
  period: (from: string, to: string, days: number) => string;
  generatedOn: (date: string) => string;
  timeInRanges: string;
  timeInRange: string;
  bands: { very_high: string; high: string; in_range: string; low: string; very_low: string };
  mean: string;
  gmi: string;
  cv: string;
  gri: (zone: string) => string;
  activeTime: string;
  readings: string;
  insufficient: string;
  /** A meter report's headings and figures: shares of readings, counted lows and highs. */
  readingsInRanges: string;
  readingsInRange: string;
  sd: string;
  readingsPerDay: string;
  lows: (limit: string) => string;
  highs: (limit: string) => string;
  /** A count and, when any, how many of them lie beyond the second limit. */
  countWithin: (count: number, beyond: number, limit: string, side: 'below' | 'above') => string;
  /** Why GMI, GRI, sensor time and the AGP are not printed (glucose-figures.ts). */
  cgmWithheld: { no_cgm: string; cgm_too_little: string };
  agp: string;
  agpLegend: string;
  daily: string;
  noGlucose: string;
  otherResults: string;
  /** Heading of the advice findings (advice.texts.ts words each finding). */
  advice: string;
  /** Ends a finding's evidence cut short: the other facts are on the screen. */
  moreEvidence: (count: number) => string;
  hba1c: string;
  lipids: string;
  lipidNames: { total: string; hdl: string; ldl: string; triglycerides: string };
  bloodPressure: string;
  weight: string;
  none: string;
  disclaimer: string;
  colon: string;
  /** The AGP report (CGM): its title, the statistics and targets block, the chart and the daily profiles. */
  agpReport: {
    title: string;
    statistics: string;
    sensorActive: string;
    rangesHeading: { range: string; target: string; measured: string };
    inRange: (limits: string) => string;
    below: (limit: string) => string;
    above: (limit: string) => string;
    /** A share target: more than / less than. */
    moreThan: (percent: string) => string;
    lessThan: (percent: string) => string;
    noTarget: string;
    tirBenefit: string;
    cvTarget: (percent: string) => string;
    agpDescription: string;
    dailyDescription: string;
  };
  /** The meter report's added sections: readings by time of day and the meal logbook. */
  meterReport: {
    timeOfDay: string;
    timeOfDayNote: string;
    slots: { night: string; morning: string; afternoon: string; evening: string };
    slotLine: (n: number, mean: string, lows: number, highs: number) => string;
    logbook: string;
    logbookHeading: { group: string; n: string; mean: string; minMax: string; inTarget: string; target: string };
    groups: { before_meal: string; after_meal: string; bedtime: string; night: string; other: string };
    targetBetween: (from: string, to: string) => string;
    targetBelow: (limit: string) => string;
    targetSource: string;
  };
  /** The professional's copy: whose report it is, and what the patient does not share. */
  preparedFor: (name: string) => string;
  glucoseNotShared: string;
  csv: {
    dateLocal: string;
    dateUtc: string;
    kind: string;
    value: string;
    unit: string;
    userValue: string;
    userUnit: string;
    total: string;
    hdl: string;
    ldl: string;
    triglycerides: string;
    systolic: string;
    diastolic: string;
    pulse: string;
    detail: string;
    source: string;
    device: string;
    note: string;
    kinds: { glucose: string; hba1c: string; lipids: string; blood_pressure: string; weight: string; event: string };
  };
}

export const REPORT_TEXTS: Record<ReportLanguage, ReportTexts> = { fr: REPORT_TEXTS_FR, en: REPORT_TEXTS_EN, es: REPORT_TEXTS_ES };
