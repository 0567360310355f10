import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import { EMERGENCY_TEXT, HYPO_TREATMENT_TEXT } from '@glucosuivi/domain/advice/advice.texts';
import {
  INVITATION_TTL_MS,
  SHARE_CATEGORIES,
  SHARE_LINK_DEFAULT_HOURS,
  SHARE_LINK_MAX_HOURS,
  SHARE_LINK_MIN_HOURS,
  type ShareCategory,
} from '@glucosuivi/domain/care-team/care-team.schemas';
import { STANDARD_RANGE } from '@glucosuivi/domain/glucose/bands';
import { SUFFICIENT_ACTIVE_PERCENT, SUFFICIENT_DAYS } from '@glucosuivi/domain/glucose/metrics';
import { formatGlucoseNumber } from '@glucosuivi/domain/glucose/units';
import { REPORT_DAYS } from '@glucosuivi/domain/reports/reports.schemas';
import type { Handout } from '@glucosuivi/domain/resources/resources.schemas';
import { HANDOUTS_EN } from './handouts.texts.en';
import { HANDOUTS_ES } from './handouts.texts.es';
import { HANDOUTS_FR } from './handouts.texts.fr';

/**
 * The patient handouts' texts, rendered by the server into PDFs (handouts.pdf.ts) in French,
 * English and Spanish. They explain and reassure; they never propose a dose or a change of
 * treatment (handouts.texts.test.ts holds them to the advice's forbidden patterns). Every number
 * the app also uses (thresholds, sufficiency, share-link lengths…) comes from the domain's
 * constants through HandoutValues, never typed again here.
 */

export const NBSP = '\u00A0';

/** One section of a handout: a heading, then paragraphs and a bulleted list (either may be empty). */
export interface HandoutBlock {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  /** Printed in a framed box: the part to remember (the 15/15 rule). */
  boxed?: boolean;
}

export interface HandoutText {
  title: string;
  intro: string;
  blocks: HandoutBlock[];
  /** The downloaded file's name, in the language (ASCII). */
  fileName: string;
}

/** What every handout of a language shares: the kicker above the title, the closing line. */
export interface HandoutCommon {
  kicker: string;
  disclaimer: string;
  /** Names of the categories a patient may share, as the app shows them. */
  categories: Record<ShareCategory, string>;
}

/** The figures and shared lines a handout is written with, already in the language's format. */
export interface HandoutValues {
  /** The hypoglycaemia threshold in both units: "70 mg/dL (3,9 mmol/L)". */
  low: string;
  /** The level 2 threshold in both units. */
  veryLow: string;
  /** The 15/15 rule and the emergency numbers, exactly as the advice cards say them. */
  hypoTreatment: string;
  emergency: string;
  sensorDays: number;
  sensorActivePercent: number;
  /** The PDF report's periods, as a list: "7, 14, 30 ou 90". */
  reportDays: string;
  invitationDays: number;
  /** A share link's shortest, longest and default validity, with their unit: "1 heure", "90 jours". */
  shareMin: string;
  shareMax: string;
  shareDefault: string;
  /** Every shareable category, as a list in the language. */
  categories: string;
}

export interface HandoutCatalog {
  common: HandoutCommon;
  handouts: Record<Handout, (values: HandoutValues) => HandoutText>;
}

export const HANDOUT_TEXTS: Readonly<Record<Language, HandoutCatalog>> = { fr: HANDOUTS_FR, en: HANDOUTS_EN, es: HANDOUTS_ES };

const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' };
const DAY_HOURS = 24;

function list(language: Language, items: readonly string[], type: 'conjunction' | 'disjunction'): string {
  return new Intl.ListFormat(LOCALES[language], { style: 'long', type }).format(items);
}

/** A number of hours in words, in days when it is whole days: "1 heure", "7 días", "90 days". */
function duration(language: Language, hours: number): string {
  const [value, unit] = hours % DAY_HOURS === 0 ? [hours / DAY_HOURS, 'day'] : [hours, 'hour'];
  return new Intl.NumberFormat(LOCALES[language], { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** A glucose threshold in mg/dL and mmol/L, each number with the reader's decimal separator. */
function bothUnits(language: Language, mgdl: number): string {
  const locale = LOCALES[language];
  return `${formatGlucoseNumber(mgdl, 'mg/dL', locale)}${NBSP}mg/dL (${formatGlucoseNumber(mgdl, 'mmol/L', locale)}${NBSP}mmol/L)`;
}

/** The values of HandoutValues in a language, from the domain's constants. */
export function handoutValues(language: Language): HandoutValues {
  const catalog = HANDOUT_TEXTS[language];
  return {
    low: bothUnits(language, STANDARD_RANGE.lowBelow),
    veryLow: bothUnits(language, STANDARD_RANGE.veryLowBelow),
    hypoTreatment: HYPO_TREATMENT_TEXT[language],
    emergency: EMERGENCY_TEXT[language],
    sensorDays: SUFFICIENT_DAYS,
    sensorActivePercent: SUFFICIENT_ACTIVE_PERCENT,
    reportDays: list(language, REPORT_DAYS.map(String), 'disjunction'),
    invitationDays: Math.round(INVITATION_TTL_MS / 86_400_000),
    shareMin: duration(language, SHARE_LINK_MIN_HOURS),
    shareMax: duration(language, SHARE_LINK_MAX_HOURS),
    shareDefault: duration(language, SHARE_LINK_DEFAULT_HOURS),
    categories: list(language, SHARE_CATEGORIES.map((c) => catalog.common.categories[c]), 'conjunction'),
  };
}

/** A handout's text in a language, its figures filled in. */
export function handoutText(handout: Handout, language: Language): HandoutText {
  return HANDOUT_TEXTS[language].handouts[handout](handoutValues(language));
}

/**
 * A text as the PDF's built-in fonts print it (WinAnsi): French typography puts a non-breaking
 * space before « : ; ! ? % » and inside guillemets; thin and narrow spaces become non-breaking
 * ones, the minus sign a hyphen, ≤ and ≥ two characters.
 */
export function printable(language: Language, text: string): string {
  const out = text
    .replace(/[\u202F\u2009]/g, NBSP)
    .replace(/\u2212/g, '-')
    .replace(/\u2264/g, '<=')
    .replace(/\u2265/g, '>=');
  return language === 'fr' ? out.replace(/ ([:;!?%»])/g, `${NBSP}$1`).replace(/« /g, `«${NBSP}`) : out;
}
