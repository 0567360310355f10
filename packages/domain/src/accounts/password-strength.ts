/**
 * The password rule shared by the sign-up form (a live meter) and the server (the refusal).
 * The guessability score itself comes from zxcvbn, which each side loads in its own way (a
 * lazily loaded chunk in the browser, a module on the server): callers pass it in as a scorer.
 */

/** zxcvbn's scale: 0 "too guessable" … 4 "very unguessable". */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** Scores a password knowing the words that make it guessable for this person. */
export type PasswordScorer = (password: string, personalWords: string[]) => number;

/** Below this score a password is "very guessable" and refused. */
export const MIN_PASSWORD_SCORE = 2;

/** Words of the product itself, guessable for everyone who signs up here. */
export const PRODUCT_WORDS: readonly string[] = ['glucosuivi', 'diabete'];

export interface PasswordOwner {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

/**
 * The person's own words (names, e-mail address and its local part) and the product's, so that
 * "camille2024" is weak for Camille. Empty values are left out.
 */
export function personalWords(owner: PasswordOwner): string[] {
  const email = (owner.email ?? '').trim().toLowerCase();
  return [owner.firstName ?? '', owner.lastName ?? '', email, email.split('@')[0] ?? '', ...PRODUCT_WORDS].filter(Boolean);
}

export function isTooGuessable(score: number): boolean {
  return score < MIN_PASSWORD_SCORE;
}

export interface PasswordVerdict {
  score: number;
  acceptable: boolean;
}

/** The verdict on a password given the words that make it guessable (personalWords, or none). */
export function judgePassword(password: string, words: readonly string[], scorer: PasswordScorer): PasswordVerdict {
  const score = scorer(password, words.filter(Boolean));
  return { score, acceptable: !isTooGuessable(score) };
}
