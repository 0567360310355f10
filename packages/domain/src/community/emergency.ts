/**
 * Words that mean someone may be in danger now. A forum post that contains one shows the
 * emergency numbers (15, 112) beside it: the forum is no place to wait for help. Matched on whole
 * words, case- and accent-insensitively, a final plural "s" allowed; French, English, Spanish.
 */
export const EMERGENCY_TERMS: readonly string[] = [
  // fr
  'malaise', 'urgence', 'hypo severe', 'hypoglycemie severe', 'perte de connaissance', 'inconscient', 'inconsciente',
  'evanoui', 'evanouie', 'coma', 'convulsion', 'suicide', 'suicidaire', 'me suicider',
  // en
  'emergency', 'unconscious', 'passed out', 'fainted', 'severe hypo', 'severe hypoglycemia', 'seizure', 'suicidal',
  'kill myself',
  // es
  'emergencia', 'urgencia', 'desmayo', 'desmayado', 'desmayada', 'perdida de conocimiento', 'hipo severa',
  'hipoglucemia severa', 'convulsiones', 'suicidio', 'suicidarme',
];

/** Lower case, accents removed, every run of non-letters a single space. */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const PATTERN = new RegExp(
  `(?:^| )(?:${EMERGENCY_TERMS.map((term) => foldForMatching(term).replace(/ /g, ' ')).join('|')})s?(?= |$)`,
);

/** Whether the text mentions an emergency. */
export function mentionsEmergency(text: string): boolean {
  return PATTERN.test(foldForMatching(text));
}
