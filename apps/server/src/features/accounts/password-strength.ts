import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as fr from '@zxcvbn-ts/language-fr';

let factory: ZxcvbnFactory | undefined;

/**
 * zxcvbn score 0–4 of a password, knowing the person's own words (the domain's personalWords).
 * Dictionaries: common passwords, English and French. The rule applied to the score lives in
 * packages/domain/src/accounts/password-strength.ts.
 */
export function passwordScore(password: string, userInputs: string[]): number {
  factory ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
  });
  return factory.check(password, userInputs.filter(Boolean)).score;
}
