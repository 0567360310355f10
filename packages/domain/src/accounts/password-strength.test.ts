import { describe, expect, it, vi } from 'vitest';
import { isTooGuessable, judgePassword, MIN_PASSWORD_SCORE, personalWords } from './password-strength';

describe('personalWords', () => {
  it("lists the person's names, address, address local part and the product's words", () => {
    expect(personalWords({ firstName: 'Camille', lastName: 'Durand', email: ' Camille.Durand@Example.test ' })).toEqual([
      'Camille',
      'Durand',
      'camille.durand@example.test',
      'camille.durand',
      'glucosuivi',
      'diabete',
    ]);
  });

  it('leaves out what the person did not give', () => {
    expect(personalWords({ firstName: 'Camille', lastName: null, email: '' })).toEqual(['Camille', 'glucosuivi', 'diabete']);
  });
});

describe('judgePassword', () => {
  it('refuses a score below the minimum and accepts the minimum', () => {
    expect(MIN_PASSWORD_SCORE).toBe(2);
    expect(isTooGuessable(1)).toBe(true);
    expect(isTooGuessable(2)).toBe(false);
    expect(judgePassword('x', [], () => 1)).toEqual({ score: 1, acceptable: false });
    expect(judgePassword('x', [], () => 3)).toEqual({ score: 3, acceptable: true });
  });

  it('hands the scorer the password and the non-empty words', () => {
    const scorer = vi.fn(() => 4);
    judgePassword('camille2024', ['Camille', '', 'glucosuivi'], scorer);
    expect(scorer).toHaveBeenCalledWith('camille2024', ['Camille', 'glucosuivi']);
  });
});
