import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('gives the documented defaults', () => {
    const result = parseEnv({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.env.PORT).toBe(3000);
    expect(result.env.HOST).toBe('localhost');
    expect(result.env.DATA_DIR).toMatch(/\/data$/);
    expect(result.env.DATABASE_URL).toBeUndefined();
  });

  it('lists every problem at once, by variable', () => {
    const result = parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(3);
    expect(result.problems.join('\n')).toMatch(/PORT/);
    expect(result.problems.join('\n')).toMatch(/DATABASE_URL: must start with postgres/);
    expect(result.problems.join('\n')).toMatch(/LOG_LEVEL/);
  });

  it('treats an empty variable as unset', () => {
    const result = parseEnv({ DATABASE_URL: '', PORT: '' });
    expect(result.ok && result.env.DATABASE_URL).toBeUndefined();
    expect(result.ok && result.env.PORT).toBe(3000);
  });
});

describe('LEGAL_ADDRESS', () => {
  it('is trimmed when set, absent when unset, and refused when it cannot be an address', () => {
    const set = parseEnv({ LEGAL_ADDRESS: '  12 rue de la Santé, 75013 Paris ' });
    expect(set.ok && set.env.LEGAL_ADDRESS).toBe('12 rue de la Santé, 75013 Paris');
    const unset = parseEnv({});
    expect(unset.ok && unset.env.LEGAL_ADDRESS).toBeUndefined();
    const blank = parseEnv({ LEGAL_ADDRESS: '   ' });
    expect(blank.ok ? [] : blank.problems).toEqual(['LEGAL_ADDRESS: must be a postal address']);
  });
});
