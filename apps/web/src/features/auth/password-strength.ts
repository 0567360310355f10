import { useEffect, useState } from 'react';
import type { PasswordScore } from '@glucosuivi/domain/accounts/password-strength';

// The rule applied to the score (minimum, personal words) is the domain's; this file only loads zxcvbn.
export type Score = PasswordScore;
type Checker = (password: string, userInputs: string[]) => Score;

let checker: Promise<Checker> | undefined;

/** Loads zxcvbn-ts and its dictionaries (common, English, French) once, in their own chunk. */
export function loadChecker(): Promise<Checker> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-fr'),
  ]).then(([core, common, en, fr]) => {
    const factory = new core.ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
    });
    return (password: string, userInputs: string[]) => factory.check(password, userInputs).score as Score;
  });
  return checker;
}

/** The zxcvbn score of the password (null while the dictionaries load or when empty). */
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
