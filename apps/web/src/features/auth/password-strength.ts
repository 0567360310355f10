import { useEffect, useState } from 'react';
import type { PasswordScore } from '@glucosuivi/domain/accounts/password-strength';
import type { PasswordChecker } from './password-checker';

// The rule applied to the score (minimum, personal words) is the domain's; this file only loads
// the scorer: zxcvbn with compact dictionaries (password-checker.ts), the server's subset.
export type Score = PasswordScore;

let checker: Promise<PasswordChecker> | undefined;

/** Loads zxcvbn-ts and the compact dictionaries once, in their own chunk (≈ 47 KB brotli). */
export function loadChecker(): Promise<PasswordChecker> {
  checker ??= import('./password-checker').then(
    (module) => module.createPasswordChecker(),
    (error: unknown) => {
      checker = undefined; // a chunk that failed to load is asked for again at the next keystroke
      throw error;
    },
  );
  return checker;
}

/**
 * The zxcvbn score of the password (null while the dictionaries load or when empty). The server
 * scores again with its full dictionaries at submit and may still refuse (the form shows why).
 */
export function usePasswordScore(password: string, userInputs: readonly string[]): Score | null {
  const [result, setResult] = useState<{ password: string; inputs: string; score: Score } | null>(null);
  const inputs = userInputs.join('\u0000');
  useEffect(() => {
    if (!password) return;
    let live = true;
    void loadChecker()
      .then((check) => {
        if (live) setResult({ password, inputs, score: check(password, inputs ? inputs.split('\u0000') : []) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [password, inputs]);
  if (!password || !result || result.password !== password || result.inputs !== inputs) return null;
  return result.score;
}
