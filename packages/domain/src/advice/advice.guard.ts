/**
 * What advice must never say (PRODUCT.md §3): a dose, a number of units, or starting, stopping
 * or changing a treatment — in French, English or Spanish. The safety test sweeps every rendered
 * finding with it; a rephrasing by a language model can be held to the same patterns before it
 * is shown.
 */

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;

export const FORBIDDEN_ADVICE_PATTERNS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  // "4 U", "4 UI", "4 IU", "4 unités", "4 units", "4 unidades" (a number of insulin units).
  {
    name: 'number of units',
    pattern: new RegExp(
      String.raw`${NUMBER}\s*(?:U|UI|IU|unit(?:é|e)s?|units?|unidad(?:es)?)(?![\p{L}\p{N}])`,
      'iu',
    ),
  },
  { name: 'dose', pattern: /(?<![\p{L}])(?:doses?|dosis|dosage|posolog\p{L}*)(?![\p{L}])/iu },
  {
    name: 'treatment change (fr)',
    pattern:
      /(?<![\p{L}])(?:augment|diminu|rédui|redui|baiss|arrêt|arret|stopp|commenc|début|modifi|adapt|ajust|chang|sautez|saute[rz])\p{L}*[^.!?\n]{0,60}?(?<![\p{L}])(?:dose|traitement|insuline|médicament|medicament|comprimé|injection)/iu,
  },
  {
    name: 'treatment change (en)',
    pattern:
      /(?<![\p{L}])(?:increas|decreas|reduc|rais|lower|stop|start|begin|adjust|chang|skip|titrat)\p{L}*[^.!?\n]{0,60}?(?<![\p{L}])(?:dose|insulin|medication|medicine|treatment|tablet|pill|injection)/iu,
  },
  {
    name: 'treatment change (es)',
    pattern:
      /(?<![\p{L}])(?:aument|disminu|reduc|baj|suspend|dej|empez|comenz|inici|ajust|cambi|modific|salt)\p{L}*[^.!?\n]{0,60}?(?<![\p{L}])(?:dosis|insulina|medicación|medicacion|medicamento|tratamiento|pastilla|inyección)/iu,
  },
  // The engine's texts never name a treatment at all: any of these words means a text went beyond the data.
  {
    name: 'treatment named',
    pattern:
      /(?<![\p{L}])(?:insulin[ae]?|insuline|médicaments?|medications?|medicación|medicamentos?|traitements?|tratamientos?)(?![\p{L}])/iu,
  },
];

/** Names of the forbidden patterns a text matches; empty when the text is safe. */
export function forbiddenAdviceHits(text: string): string[] {
  return FORBIDDEN_ADVICE_PATTERNS.filter(({ pattern }) => pattern.test(text)).map(
    ({ name }) => name,
  );
}
