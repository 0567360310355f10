import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { PasswordScore } from '@glucosuivi/domain/accounts/password-strength';
import type { PasswordWords } from './password-words.select';
import { passwordWords } from './password-words';

/** Scores a password knowing the person's own words (the domain's personalWords). */
export type PasswordChecker = (password: string, userInputs: string[]) => PasswordScore;

/**
 * zxcvbn with the compact dictionaries (password-words.select.ts): the same algorithm as the
 * server, over a subset of its words at the same ranks. Loaded in its own chunk at the first
 * keystroke of the sign-up form.
 */
export function createPasswordChecker(words: PasswordWords = passwordWords): PasswordChecker {
  const dictionary = Object.fromEntries(Object.entries(words.lists).map(([name, list]) => [name, list.split('\n')]));
  const factory = new ZxcvbnFactory({ graphs: words.graphs, dictionary });
  return (password, userInputs) => factory.check(password, userInputs).score as PasswordScore;
}
