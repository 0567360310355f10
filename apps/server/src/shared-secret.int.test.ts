import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runServerUntilExit, startServerProcess, type ServerProcess } from './test/server-process';
import { createTestDatabase, type TestDatabase } from './test/test-database';
import { secretFingerprint } from './platform/db/secret-fingerprint';
import { rowsOf } from './platform/db/open-database';

/**
 * Several servers, one PostgreSQL database: a server whose AUTH_SECRET differs from the one the
 * first server recorded (as a fingerprint) refuses to start with one translated line, instead of
 * answering 500 to a TOTP code and refusing the other server's sessions. A deliberate change
 * (AUTH_SECRET_ROTATE=true) replaces the fingerprint. Real server processes; PostgreSQL only.
 */
const FIRST_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const OTHER_SECRET = 'another-secret-another-secret-another-0123456789';

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe.skipIf(!process.env.DATABASE_URL)('two servers with different AUTH_SECRETs on one PostgreSQL database', () => {
  let database: TestDatabase;
  let first: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startServerProcess({ databaseUrl: database.url as string, env: { AUTH_SECRET: FIRST_SECRET }, readyTimeoutMs: 150_000 });
  }, 200_000);
  afterAll(async () => {
    await first?.stop();
    await database?.destroy();
  });

  const stored = async () => rowsOf<{ fingerprint: string }>(await database.db.execute(sql`select fingerprint from server_secret_fingerprints where name = 'auth'`));

  it('the first server recorded a fingerprint of its secret, not the secret', async () => {
    const rows = await stored();
    expect(rows.map((r) => r.fingerprint)).toEqual([secretFingerprint(FIRST_SECRET)]);
    expect(rows[0]!.fingerprint).not.toContain(FIRST_SECRET);
  });

  it('a second server with another secret exits non-zero with one French line (the default)', async () => {
    const run = await runServerUntilExit({ databaseUrl: database.url as string, env: { AUTH_SECRET: OTHER_SECRET } });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      'GlucoSuivi ne peut pas démarrer : un autre serveur utilise cette base de données avec un autre AUTH_SECRET. Tous les serveurs d’une même base doivent partager le même AUTH_SECRET (pour changer délibérément de secret, démarrez une fois avec AUTH_SECRET_ROTATE=true).',
    ]);
    expect(run.stderr + run.stdout).not.toContain(OTHER_SECRET);
    expect((await stored()).map((r) => r.fingerprint)).toEqual([secretFingerprint(FIRST_SECRET)]);
  }, 150_000);

  it('the same refusal in English with LANG=en', async () => {
    const run = await runServerUntilExit({ databaseUrl: database.url as string, env: { AUTH_SECRET: OTHER_SECRET, LANG: 'en_GB.UTF-8' } });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      'GlucoSuivi cannot start: another server uses this database with another AUTH_SECRET. All servers of one database must share the same AUTH_SECRET (to change the secret on purpose, start once with AUTH_SECRET_ROTATE=true).',
    ]);
  }, 150_000);
});
