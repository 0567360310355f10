import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as fr from '@zxcvbn-ts/language-fr';

let factory: ZxcvbnFactory | undefined;

/**
 * zxcvbn score 0–4 of a password, knowing the person's own words (name, e-mail) so that
 * "camille2024" is weak for Camille. Dictionaries: common passwords, English and French.
 */
export function passwordScore(password: string, userInputs: string[]): number {
  factory ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
  });
  return factory.check(password, userInputs.filter(Boolean)).score;
}

/** Below this score a password is "very guessable" and refused. */
export const MIN_PASSWORD_SCORE = 2;
