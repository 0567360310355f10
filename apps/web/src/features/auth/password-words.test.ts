import { brotliCompressSync, constants } from 'node:zlib';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { describe, expect, it } from 'vitest';
import { personalWords, PRODUCT_WORDS } from '@glucosuivi/domain/accounts/password-strength';
import { createPasswordChecker } from './password-checker';
import { passwordWords } from './password-words';
import { fullDictionary, fullGraphs, selectPasswordWords, zxcvbnRanks } from './password-words.select';

describe('the compact password dictionaries', { timeout: 60_000 }, () => {
  const full = fullDictionary();

  it('are what password-words.ts gives the checker', () => {
    expect(passwordWords).toEqual(selectPasswordWords());
  });

  it('keep each word at its server rank or above, so the browser never scores lower than the server', () => {
    const misplaced: string[] = [];
    let kept = 0;
    for (const [name, list] of Object.entries(passwordWords.lists)) {
      const serverRanks = zxcvbnRanks(full[name] ?? []);
      list.split('\n').forEach((word, index) => {
        if (!word) return;
        kept += 1;
        const rank = serverRanks.get(word);
        if (rank === undefined || rank > index + 1) misplaced.push(`${name}:${word}`);
      });
    }
    expect(misplaced).toEqual([]);
    expect(kept).toBeGreaterThan(10_000);
  });

  it('keep the word-sequence lists whole and the keyboard layouts as the server has them', () => {
    expect(passwordWords.lists['months-fr']?.split('\n')).toEqual(full['months-fr']);
    expect(passwordWords.lists['ordinalNumbers-en']?.split('\n')).toEqual(full['ordinalNumbers-en']);
    expect(passwordWords.graphs).toEqual(fullGraphs());
  });

  it('are small: under 40 KB brotli (the checker chunk is measured in bench/password-meter.md)', () => {
    const text = JSON.stringify(passwordWords);
    const brotli = brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(brotli).toBeLessThan(40_000);
    expect(JSON.stringify(full).length).toBeGreaterThan(15 * text.length);
  });

  it('score the usual passwords as the server does', () => {
    const server = new ZxcvbnFactory({ graphs: fullGraphs(), dictionary: fullDictionary() });
    const browser = createPasswordChecker();
    const camille = personalWords({ firstName: 'Camille', lastName: 'Martin', email: 'camille.martin@example.test' });
    const cases: [string, string[]][] = [
      ['password', [...PRODUCT_WORDS]],
      ['azerty123', [...PRODUCT_WORDS]],
      ['bonjour2020', [...PRODUCT_WORDS]],
      ['soleil1987', [...PRODUCT_WORDS]],
      ['Nicolas2010!', [...PRODUCT_WORDS]],
      ['glucosuivi2024', [...PRODUCT_WORDS]],
      ['camille2024', camille],
      ['martin.camille', camille],
      ['qsdfghjklm', [...PRODUCT_WORDS]],
      ['Quartz-Violon-Marée-7319', [...PRODUCT_WORDS]],
      ['tk8#Vq2!mLp9', [...PRODUCT_WORDS]],
    ];
    const scores = cases.map(([password, words]) => [password, browser(password, words)]);
    expect(scores).toEqual(cases.map(([password, words]) => [password, server.check(password, words).score]));
    // Both verdicts are among them.
    expect(scores.filter(([, score]) => Number(score) >= 2).length).toBeGreaterThan(1);
    expect(scores.filter(([, score]) => Number(score) < 2).length).toBeGreaterThan(5);
  });
});
