import { createHash, createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './database';
import { serverSecretFingerprints } from './server-secret.tables';
import type { StartupLanguage } from './connection-error';

/**
 * Servers of one database that sign sessions and encrypt TOTP secrets with different
 * AUTH_SECRETs fail in odd ways (a session made on one is refused by the other, a TOTP code
 * answers 500 there). Each server therefore records, at start, a fingerprint of its secret; one
 * that finds another fingerprint refuses to start.
 *
 * The fingerprint is SHA-256 of HMAC-SHA256(secret, a fixed label): not the secret, not a plain
 * hash of it, and no key the app derives from the secret for anything else.
 */
const LABEL = 'glucosuivi secret fingerprint';
const AUTH = 'auth';

export function secretFingerprint(secret: string): string {
  const derived = createHmac('sha256', secret).update(LABEL).digest();
  return createHash('sha256').update(derived).digest('hex');
}

/**
 * `recorded`: first start on this database; `same`: the stored fingerprint is this secret's;
 * `replaced`: another one was stored and `rotate` (AUTH_SECRET_ROTATE) replaced it; `different`:
 * another one is stored, and this server must not start.
 */
export type SecretCheck = 'recorded' | 'same' | 'replaced' | 'different';

export async function checkAuthSecret(db: Db, secret: string, options: { rotate: boolean; now: Date }): Promise<SecretCheck> {
  const fingerprint = secretFingerprint(secret);
  // Two servers starting at once: the insert is atomic, the second one reads the first's row.
  const inserted = await db
    .insert(serverSecretFingerprints)
    .values({ name: AUTH, fingerprint, recordedAt: options.now })
    .onConflictDoNothing()
    .returning({ name: serverSecretFingerprints.name });
  if (inserted.length > 0) return 'recorded';
  const [stored] = await db.select({ fingerprint: serverSecretFingerprints.fingerprint }).from(serverSecretFingerprints).where(eq(serverSecretFingerprints.name, AUTH));
  if (stored?.fingerprint === fingerprint) return 'same';
  if (!options.rotate) return 'different';
  await db
    .update(serverSecretFingerprints)
    .set({ fingerprint, recordedAt: sql`${options.now.toISOString()}::timestamptz` })
    .where(eq(serverSecretFingerprints.name, AUTH));
  return 'replaced';
}

const TEXTS: Record<StartupLanguage, string> = {
  fr: 'GlucoSuivi ne peut pas démarrer : un autre serveur utilise cette base de données avec un autre AUTH_SECRET. Tous les serveurs d’une même base doivent partager le même AUTH_SECRET (pour changer délibérément de secret, démarrez une fois avec AUTH_SECRET_ROTATE=true).',
  en: 'GlucoSuivi cannot start: another server uses this database with another AUTH_SECRET. All servers of one database must share the same AUTH_SECRET (to change the secret on purpose, start once with AUTH_SECRET_ROTATE=true).',
  es: 'GlucoSuivi no puede arrancar: otro servidor usa esta base de datos con otro AUTH_SECRET. Todos los servidores de una misma base deben compartir el mismo AUTH_SECRET (para cambiar el secreto a propósito, arranque una vez con AUTH_SECRET_ROTATE=true).',
};

/** The single line printed before exiting. */
export function secretMismatchLine(language: StartupLanguage): string {
  return TEXTS[language];
}
