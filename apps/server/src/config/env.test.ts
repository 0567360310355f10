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

describe('PUBLIC_URL', () => {
  it('is required in production when the server listens beyond this machine, so no address says localhost', () => {
    const missing = parseEnv({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(missing.ok ? [] : missing.problems).toEqual([
      'PUBLIC_URL: must be set in production when HOST (0.0.0.0) is reachable from other machines: the addresses in e-mails and calendar feeds are built with it',
    ]);
    expect(parseEnv({ NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'https://glucosuivi.example' }).ok).toBe(true);
  });

  it('may stay unset on this machine, or in development', () => {
    expect(parseEnv({ NODE_ENV: 'production', HOST: '127.0.0.1' }).ok).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production' }).ok).toBe(true);
    expect(parseEnv({ NODE_ENV: 'development', HOST: '0.0.0.0' }).ok).toBe(true);
  });
});
