import type { Language } from '../accounts/accounts.schemas';
import type { GlucoseUnit } from '../glucose/units';
import {
  createAdviceFormat,
  type AdviceCatalog,
  type AdviceFormat,
  type FindingText,
  type KindTexts,
  type RenderedFinding,
} from './advice.catalog';
import type { AdviceFinding, AdviceKind, AdviceReference, FindingOf } from './advice.schemas';
import { ADVICE_TEXTS_EN } from './advice.texts.en';
import { ADVICE_TEXTS_ES } from './advice.texts.es';
import { ADVICE_TEXTS_FR } from './advice.texts.fr';

export type { RenderedFinding } from './advice.catalog';

/** Every language the app speaks; French is the reference the others are translated from. */
export const ADVICE_TEXTS: Readonly<Record<Language, AdviceCatalog>> = {
  fr: ADVICE_TEXTS_FR,
  en: ADVICE_TEXTS_EN,
  es: ADVICE_TEXTS_ES,
};

/** The name of each reference, per language, for the "based on" line under a finding. */
export const ADVICE_REFERENCE_LABELS: Readonly<Record<Language, Record<AdviceReference, string>>> =
  {
    fr: ADVICE_TEXTS_FR.references,
    en: ADVICE_TEXTS_EN.references,
    es: ADVICE_TEXTS_ES.references,
  };

/** The 15/15 rule and the emergency line, per language, as a finding's `safety` shows them. */
export const HYPO_TREATMENT_TEXT: Readonly<Record<Language, string>> = {
  fr: ADVICE_TEXTS_FR.hypoTreatment,
  en: ADVICE_TEXTS_EN.hypoTreatment,
  es: ADVICE_TEXTS_ES.hypoTreatment,
};
export const EMERGENCY_TEXT: Readonly<Record<Language, string>> = {
  fr: ADVICE_TEXTS_FR.emergency,
  en: ADVICE_TEXTS_EN.emergency,
  es: ADVICE_TEXTS_ES.emergency,
};

const formats = new Map<string, AdviceFormat>();

function formatFor(language: Language, unit: GlucoseUnit): AdviceFormat {
  const key = `${language}|${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = createAdviceFormat(language, unit);
    formats.set(key, format);
  }
  return format;
}

function kindText<K extends AdviceKind>(
  catalog: AdviceCatalog,
  finding: FindingOf<K>,
  format: AdviceFormat,
): FindingText {
  const text: KindTexts[K] = catalog.kinds[finding.kind as K];
  return text(finding, format);
}

/** A finding in the reader's language and glucose unit, with the safety lines its flags call for. */
export function renderFinding(
  finding: AdviceFinding,
  language: Language,
  unit: GlucoseUnit,
): RenderedFinding {
  const catalog = ADVICE_TEXTS[language];
  const text = kindText(catalog, finding, formatFor(language, unit));
  const safety: string[] = [];
  if (finding.showHypoTreatment) safety.push(catalog.hypoTreatment);
  if (finding.showEmergencyNumbers) safety.push(catalog.emergency);
  return { ...text, safety };
}
