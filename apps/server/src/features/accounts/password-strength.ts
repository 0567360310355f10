import { createRequire } from 'node:module';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import type * as LanguageEn from '@zxcvbn-ts/language-en';
import type * as LanguageFr from '@zxcvbn-ts/language-fr';

let factory: ZxcvbnFactory | undefined;

/**
 * The scorer, built on the first password checked (a sign-up, a password change), not at start:
 * the dictionaries are megabytes of JavaScript that a server restarting has no use for. The
 * packages are CommonJS (Node's `import` of them loads the same files), so `require` keeps the
 * check synchronous.
 */
function zxcvbn(): ZxcvbnFactory {
  if (factory) return factory;
  const require = createRequire(import.meta.url);
  const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof ZxcvbnCore;
  const common = require('@zxcvbn-ts/language-common') as typeof LanguageCommon;
  const en = require('@zxcvbn-ts/language-en') as typeof LanguageEn;
  const fr = require('@zxcvbn-ts/language-fr') as typeof LanguageFr;
  factory = new Factory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
  });
  return factory;
}

/**
 * zxcvbn score 0–4 of a password, knowing the person's own words (the domain's personalWords).
 * Dictionaries: common passwords, English and French. The rule applied to the score lives in
 * packages/domain/src/accounts/password-strength.ts.
 */
export function passwordScore(password: string, userInputs: string[]): number {
  return zxcvbn().check(password, userInputs.filter(Boolean)).score;
}
