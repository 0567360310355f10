import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@glucosuivi/domain/accounts/accounts.schemas';
import { FORBIDDEN_ADVICE_PATTERNS, forbiddenAdviceHits } from '@glucosuivi/domain/advice/advice.guard';
import { HANDOUTS } from '@glucosuivi/domain/resources/resources.schemas';
import { HANDOUT_TEXTS, handoutText, printable, type HandoutText } from './handouts.texts';

/** What the PDF's built-in fonts can print: Latin-1 and the few extra characters of Windows-1252. */
const WIN_ANSI = /^[\x20-\x7E\xA0-\xFF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

function lines(text: HandoutText): string[] {
  return [text.title, text.intro, ...text.blocks.flatMap((b) => [b.heading, ...(b.paragraphs ?? []), ...(b.bullets ?? [])])];
}

const every = LANGUAGES.flatMap((lang) =>
  [...HANDOUTS.flatMap((handout) => lines(handoutText(handout, lang))), HANDOUT_TEXTS[lang].common.kicker, HANDOUT_TEXTS[lang].common.disclaimer].map((line) => ({ lang, line })),
);

describe('handout texts', () => {
  it('never give a dose, a number of units or a change of treatment (the advice guard, every pattern)', () => {
    expect(FORBIDDEN_ADVICE_PATTERNS.length).toBeGreaterThanOrEqual(5);
    const hits = every.flatMap(({ lang, line }) => forbiddenAdviceHits(line).map((hit) => `${lang}: ${hit}: ${line}`));
    expect(hits).toEqual([]);
    // The guard does catch what a handout must never say, in each language.
    expect(forbiddenAdviceHits('Injectez 4 UI de plus')).not.toEqual([]);
    expect(forbiddenAdviceHits('Increase your insulin dose')).not.toEqual([]);
    expect(forbiddenAdviceHits('Reduzca la dosis de insulina')).not.toEqual([]);
  });

  it('are printable in the PDF fonts once made printable, in every language', () => {
    const unprintable = every.filter(({ lang, line }) => !WIN_ANSI.test(printable(lang, line)));
    expect(unprintable).toEqual([]);
  });

  it('have every figure filled in: no template left, no undefined, no NaN', () => {
    expect(every.filter(({ line }) => /\$\{|undefined|NaN|null/.test(line))).toEqual([]);
  });

  it('give each language the same sections, and a distinct file name per handout and language', () => {
    for (const handout of HANDOUTS) {
      const shape = (lang: (typeof LANGUAGES)[number]) =>
        handoutText(handout, lang).blocks.map((b) => [b.bullets?.length ?? 0, b.paragraphs?.length ?? 0, b.boxed ?? false]);
      expect(shape('en')).toEqual(shape('fr'));
      expect(shape('es')).toEqual(shape('fr'));
    }
    const names = LANGUAGES.flatMap((lang) => HANDOUTS.map((handout) => handoutText(handout, lang).fileName));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+\.pdf$/);
  });

  it('puts a non-breaking space before French double punctuation, and only in French', () => {
    expect(printable('fr', 'Signes : sueurs ; 70 % « oui »')).toBe('Signes\u00A0: sueurs\u00A0; 70\u00A0% «\u00A0oui\u00A0»');
    expect(printable('en', 'Signs: sweating 70 %')).toBe('Signs: sweating 70 %');
    expect(printable('es', '\u2264 4\u202F% \u2212 1')).toBe('<= 4\u00A0% - 1');
  });
});
