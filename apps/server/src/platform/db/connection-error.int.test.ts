import { describe, expect, it } from 'vitest';
import { runServerUntilExit } from '../../test/server-process';

// Issue 10, item 10: with PostgreSQL unreachable, missing or refusing the user, the server
// printed a 36-line stack trace. It must print one line naming the cause and exit with 1.

/** The local PostgreSQL of the PostgreSQL test run, when there is one. */
const localPostgres = process.env.DATABASE_URL?.startsWith('postgres') ? new URL(process.env.DATABASE_URL) : undefined;

function stderrLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() !== '');
}

describe('start-up with an unusable database', () => {
  it('a closed port: one line naming host:port, exit code 1, no password', async () => {
    const run = await runServerUntilExit({ databaseUrl: 'postgres://glucosuivi:Tr3s-S3cret@127.0.0.1:1/glucosuivi', env: { LANG: 'fr_FR.UTF-8' } });
    expect(run.code).toBe(1);
    expect(stderrLines(run.stderr)).toEqual([
      'GlucoSuivi ne peut pas démarrer : connexion refusée par PostgreSQL à 127.0.0.1:1. Démarrez PostgreSQL ou corrigez l’hôte et le port de DATABASE_URL.',
    ]);
    expect(run.stdout.trim()).toBe('');
    expect(run.stderr + run.stdout).not.toContain('Tr3s-S3cret');
  }, 150_000);

  it.runIf(localPostgres)('a database that does not exist: one English line with LANG=en, exit code 1', async () => {
    const url = new URL(localPostgres!.href);
    url.pathname = '/glucosuivi_no_such_database';
    const run = await runServerUntilExit({ databaseUrl: url.href, env: { LANG: 'en_GB.UTF-8' } });
    expect(run.code).toBe(1);
    expect(stderrLines(run.stderr)).toEqual([
      'GlucoSuivi cannot start: database "glucosuivi_no_such_database" does not exist. Create it (createdb glucosuivi_no_such_database) or fix the database name in DATABASE_URL.',
    ]);
  }, 150_000);

  it.runIf(localPostgres)('a user PostgreSQL refuses: one Spanish line with LC_ALL=es, exit code 1', async () => {
    const url = new URL(localPostgres!.href);
    url.username = 'glucosuivi_no_such_user';
    url.password = 'Tr3s-S3cret';
    const run = await runServerUntilExit({ databaseUrl: url.href, env: { LC_ALL: 'es_ES.UTF-8' } });
    expect(run.code).toBe(1);
    const lines = stderrLines(run.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GlucoSuivi no puede arrancar: autenticación fallida para el usuario «glucosuivi_no_such_user»\./);
    expect(run.stderr).not.toContain('Tr3s-S3cret');
  }, 150_000);
});
