import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { checkAuthSecret, secretFingerprint } from './secret-fingerprint';
import { serverSecretFingerprints } from './server-secret.tables';

/** The start-up check of AUTH_SECRET against the database's fingerprint, and the deliberate rotation. */
describe('AUTH_SECRET fingerprint', () => {
  let database: TestDatabase;
  const now = new Date('2026-12-07T10:00:00Z');
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });
  const storedFingerprints = async () => (await database.db.select().from(serverSecretFingerprints)).map((row) => row.fingerprint);

  it('records the first secret, accepts it again, refuses another, and replaces it only when told to rotate', async () => {
    const first = 'first-secret-first-secret-first-secret-0001';
    const second = 'second-secret-second-secret-second-secr-0002';
    expect(await checkAuthSecret(database.db, first, { rotate: false, now })).toBe('recorded');
    expect(await checkAuthSecret(database.db, first, { rotate: false, now })).toBe('same');
    expect(await checkAuthSecret(database.db, second, { rotate: false, now })).toBe('different');
    expect(await storedFingerprints()).toEqual([secretFingerprint(first)]);
    expect(await checkAuthSecret(database.db, second, { rotate: true, now })).toBe('replaced');
    expect(await storedFingerprints()).toEqual([secretFingerprint(second)]);
    // After a rotation, a server still on the old secret is the one refused.
    expect(await checkAuthSecret(database.db, first, { rotate: false, now })).toBe('different');
    // A rotation flag left on does nothing more once the secret matches.
    expect(await checkAuthSecret(database.db, second, { rotate: true, now })).toBe('same');
  });

  it('the fingerprint is neither the secret nor its plain SHA-256', async () => {
    const { createHash } = await import('node:crypto');
    const secret = 'some-secret-some-secret-some-secret-0003';
    expect(secretFingerprint(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(secretFingerprint(secret)).not.toBe(createHash('sha256').update(secret).digest('hex'));
    expect(secretFingerprint(secret)).not.toBe(secretFingerprint(`${secret}x`));
  });
});
