import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as fr from '@zxcvbn-ts/language-fr';
import type { OptionsGraph } from '@zxcvbn-ts/core';

/**
 * Build time only (password-words.plugin.ts, and the tests): picks, from the server's full zxcvbn
 * dictionaries (common passwords, English, French: ≈ 1 MB brotli), the part the sign-up meter
 * downloads (≈ 38 KB brotli). Every kept word stays at the rank the server gives it (a left-out
 * word leaves an empty entry that holds the following ranks in place) or, in a packed name list,
 * above it: the browser's matches are some of the server's, at the same or a higher guess count,
 * so zxcvbn does not score a password lower in the browser than on the server (none of the 15,000
 * measured; password-agreement.test.ts checks it). The meter may call acceptable a password the
 * server refuses (the form then shows the server's refusal), not the reverse, which would block
 * the form. bench/password-meter.md has the measurements behind these choices.
 */

/**
 * Keep ranks up to `limit`; a word of at most SHORT_WORD characters only up to `shortLimit`, a
 * longer run of digits only up to `digitLimit` (shorter ones never: the date, sequence and repeat
 * patterns score them anyway).
 */
export interface RankedListChoice {
  limit: number;
  shortLimit: number;
  digitLimit?: number;
}

/**
 * Lists whose order is alphabetical, not frequency: 'all' keeps the whole list, 'popular' only the
 * names that also appear in one of the frequency lists (the best sign of a common name they hold).
 */
export type NameListChoice = 'all' | 'popular';

export interface PasswordWordChoice {
  ranked: Readonly<Record<string, RankedListChoice>>;
  names: Readonly<Record<string, NameListChoice>>;
}

/**
 * A password of SHORT_WORD characters or fewer is refused whatever it is (10^6 guesses at most,
 * under MIN_PASSWORD_SCORE): short words only matter inside longer passwords, so fewer are kept.
 */
export const SHORT_WORD = 6;

export const PASSWORD_WORD_CHOICE: PasswordWordChoice = {
  ranked: {
    // The 10,000 most common passwords, the short ones (refused alone anyway) among the first 1,000.
    'passwords-common': { limit: 10_000, shortLimit: 1_000, digitLimit: 0 },
    'commonWords-fr': { limit: 1_000, shortLimit: 1_000 },
    'commonWords-en': { limit: 500, shortLimit: 500 },
  },
  // In @zxcvbn-ts/language-fr, 'lastnames-fr' holds first names (abel, adèle…) and
  // 'firstnames-fr' family names; both are alphabetical, as is 'firstnames-en'.
  names: { 'lastnames-fr': 'all', 'firstnames-en': 'popular' },
};

/** The large lists; every other list is a word sequence (months, numbers…), small and kept whole. */
const LARGE_LISTS = /^(passwords|diceware|commonWords|firstnames|lastnames|wikipedia)-/;
/** The frequency-ordered lists, which tell a common name from a rare one. */
const FREQUENCY_LISTS = /^(passwords|commonWords|wikipedia|lastnames-en)/;

export interface PasswordWords {
  /** Keyboard layouts for the spatial patterns (qwerty, azerty…), as the server has them. */
  graphs: OptionsGraph;
  /** Each dictionary's words in rank order, one per line; an empty line holds a left-out word's rank. */
  lists: Record<string, string>;
}

/** The dictionaries the server scores with, in its order (apps/server/src/features/accounts/password-strength.ts). */
export function fullDictionary(): Record<string, string[]> {
  const all = { ...common.dictionary, ...en.dictionary, ...fr.dictionary } as Record<string, (string | number)[]>;
  return Object.fromEntries(Object.entries(all).map(([name, list]) => [name, list.map(String)]));
}

export function fullGraphs(): OptionsGraph {
  return common.adjacencyGraphs as OptionsGraph;
}

/** zxcvbn's rank of each word of a list: its position from 1, a repeated word taking its last one. */
export function zxcvbnRanks(list: readonly string[]): Map<string, number> {
  const ranks = new Map<string, number>();
  list.forEach((word, index) => ranks.set(word, index + 1));
  return ranks;
}

function isKept(choice: PasswordWordChoice, name: string, word: string, rank: number): boolean {
  const ranked = choice.ranked[name];
  if (!ranked || rank > ranked.limit) return false;
  if (/^\d+$/.test(word)) return word.length > SHORT_WORD && rank <= (ranked.digitLimit ?? ranked.limit);
  return word.length > SHORT_WORD || rank <= ranked.shortLimit;
}

/**
 * A dictionary match only helps when it costs fewer guesses than the characters one by one
 * (zxcvbn counts 10 per character): "ab" at rank 5,000 changes nothing.
 */
function beatsCharacters(word: string, rank: number): boolean {
  return rank < 10 ** Math.min(word.length, 15);
}

/**
 * An alphabetical list: whole, or only its popular names packed at its end in the same order.
 * Packed, the k-th kept name of P sits at rank N − P + k, never below its own rank (at most
 * P − k kept names follow it), so the browser still never scores it as more guessable.
 */
function nameList(list: readonly string[], choice: NameListChoice, popular: ReadonlySet<string>, elsewhere: ReadonlyMap<string, unknown>): string[] {
  if (choice === 'all') return [...list];
  const ranks = zxcvbnRanks(list);
  const kept = list.filter((word, index) => popular.has(word) && !elsewhere.has(word) && ranks.get(word) === index + 1);
  return [...Array<string>(list.length - kept.length).fill(''), ...kept];
}

export function selectPasswordWords(choice: PasswordWordChoice = PASSWORD_WORD_CHOICE): PasswordWords {
  const dictionary = fullDictionary();
  const popular = new Set(Object.entries(dictionary).flatMap(([name, list]) => (FREQUENCY_LISTS.test(name) ? list : [])));
  // Each word of the frequency lists once, in the kept list that ranks it lowest: zxcvbn takes
  // the cheapest match, so the same word at a higher rank in another list would never count.
  const best = new Map<string, { list: string; rank: number }>();
  for (const [name, list] of Object.entries(dictionary)) {
    if (choice.names[name]) continue;
    const whole = !LARGE_LISTS.test(name);
    for (const [word, rank] of zxcvbnRanks(list)) {
      if (!whole && (!isKept(choice, name, word, rank) || !beatsCharacters(word, rank))) continue;
      const current = best.get(word);
      if (!current || rank < current.rank) best.set(word, { list: name, rank });
    }
  }
  const lists: Record<string, string> = {};
  for (const [name, list] of Object.entries(dictionary)) {
    const names = choice.names[name];
    let entries: string[];
    if (names) entries = nameList(list, names, popular, best);
    // zxcvbn's word-sequence patterns (months, numbers…) need their lists whole.
    else if (!LARGE_LISTS.test(name)) entries = list;
    else {
      entries = list.map((word, index) => {
        const chosen = best.get(word);
        return chosen?.list === name && chosen.rank === index + 1 ? word : '';
      });
    }
    while (entries.length && entries[entries.length - 1] === '') entries.pop();
    if (entries.length) lists[name] = entries.join('\n');
  }
  return { graphs: fullGraphs(), lists };
}
