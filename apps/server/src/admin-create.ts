import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { buildAppWithServices } from './app';
import { createAdministrator } from './features/accounts/accounts.service';
import { parseEnv } from './config/env';
import { systemClock } from './platform/clock';
import { createMailer } from './platform/mail';
import { DataDirLockedError, lockDataDir } from './platform/db/data-dir-lock';
import { openDatabase } from './platform/db/open-database';
import { migrate } from './platform/db/migrate';
import { connectionFailure, connectionFailureLine, startupLanguage } from './platform/db/connection-error';

// `npm run admin:create -- <email>`: the only way to an administrator account besides the demo
// seed. Whoever runs it on the server vouches for the address; the password is printed once.

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const migrationsFolder = resolve(serverRoot, 'drizzle');

async function main() {
  const email = z.email().max(254).safeParse(process.argv[2]?.trim());
  if (!email.success) {
    console.error('Usage : npm run admin:create -- <adresse e-mail>');
    process.exit(2);
  }
  const parsed = parseEnv(process.env);
  if (!parsed.ok) {
    console.error(`The environment is invalid.\n${parsed.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  const env = parsed.env;
  let releaseLock: () => void = () => undefined;
  mkdirSync(env.DATA_DIR, { recursive: true });
  if (!env.DATABASE_URL) {
    try {
      // PGlite is one process's database: the server must be stopped first.
      releaseLock = lockDataDir(env.DATA_DIR);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrate(database, migrationsFolder);
    const version = (JSON.parse(readFileSync(resolve(serverRoot, 'package.json'), 'utf8')) as { version: string }).version;
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    const { app, accountsDeps } = await buildAppWithServices({
      database,
      clock: systemClock,
      migrationsFolder,
      version,
      mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: resolve(env.DATA_DIR, 'outbox') }),
      // Nothing this command writes depends on the secret (no session, no TOTP secret).
      authSecret: env.AUTH_SECRET ?? storedSecret(env.DATA_DIR) ?? randomBytes(32).toString('base64url'),
      publicUrl,
      adminEmails: env.ADMIN_EMAILS.split(',').map((e) => e.trim()).filter(Boolean),
    });
    const made = await createAdministrator(accountsDeps, { email: email.data });
    await app.close();
    console.log(
      [
        made.created ? `Compte administrateur créé : ${made.email}` : `Compte existant ${made.email} promu administrateur (sessions et double authentification supprimées).`,
        `Mot de passe initial (affiché une seule fois, enregistré nulle part ; changez-le ensuite) : ${made.password}`,
        `Connexion : ${publicUrl}/auth`,
      ].join('\n'),
    );
  } catch (error) {
    const failure = env.DATABASE_URL ? connectionFailure(error, env.DATABASE_URL) : undefined;
    if (!failure) throw error;
    console.error(connectionFailureLine(failure, startupLanguage(process.env)));
    process.exitCode = 1;
  } finally {
    await database.close().catch(() => undefined);
    releaseLock();
  }
}

function storedSecret(dataDir: string): string | undefined {
  const file = resolve(dataDir, 'auth-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

await main();
