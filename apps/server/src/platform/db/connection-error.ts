// Why the server could not reach its PostgreSQL database, as one line a person can act on
// (issue 10, item 10): the stack trace of the driver helps nobody at start-up.

export type ConnectionFailure =
  | { reason: 'refused'; host: string; port: string }
  | { reason: 'host_not_found'; host: string }
  | { reason: 'timeout'; host: string; port: string }
  | { reason: 'database_missing'; database: string }
  | { reason: 'authentication_failed'; user: string };

export type StartupLanguage = 'fr' | 'en' | 'es';

interface Target {
  host: string;
  port: string;
  database: string;
  user: string;
}

/** Host, port, database and user of a connection URL; the password is never read. */
function targetOf(databaseUrl: string): Target {
  try {
    const url = new URL(databaseUrl);
    return {
      host: decodeURIComponent(url.hostname) || 'localhost',
      port: url.port || '5432',
      database: decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username) || 'postgres',
      user: decodeURIComponent(url.username) || 'postgres',
    };
  } catch {
    return { host: 'localhost', port: '5432', database: 'postgres', user: 'postgres' };
  }
}

/** Every error in the chain: drizzle wraps in `cause`, Node's dual-stack connect in AggregateError. */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 20; seen++) {
    const current = queue.shift() as { code?: unknown; cause?: unknown; errors?: unknown; message?: unknown } | null;
    if (!current || typeof current !== 'object') continue;
    if (typeof current.code === 'string') codes.push(current.code);
    if (typeof current.message === 'string' && /timeout/i.test(current.message)) codes.push('TIMEOUT');
    if (current.cause) queue.push(current.cause);
    if (Array.isArray(current.errors)) queue.push(...(current.errors as unknown[]));
  }
  return codes;
}

/** The cause of a failed connection, or undefined when the error is not about connecting. */
export function connectionFailure(error: unknown, databaseUrl: string): ConnectionFailure | undefined {
  const codes = codesOf(error);
  const target = targetOf(databaseUrl);
  if (codes.includes('3D000')) return { reason: 'database_missing', database: target.database };
  if (codes.includes('28P01') || codes.includes('28000')) return { reason: 'authentication_failed', user: target.user };
  if (codes.includes('ECONNREFUSED')) return { reason: 'refused', host: target.host, port: target.port };
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) return { reason: 'host_not_found', host: target.host };
  if (codes.includes('ETIMEDOUT') || codes.includes('TIMEOUT')) return { reason: 'timeout', host: target.host, port: target.port };
  return undefined;
}

const TEXTS: Record<StartupLanguage, { prefix: string } & { [R in ConnectionFailure['reason']]: (f: Extract<ConnectionFailure, { reason: R }>) => string }> = {
  fr: {
    prefix: 'GlucoSuivi ne peut pas démarrer',
    refused: (f) => `connexion refusée par PostgreSQL à ${f.host}:${f.port}. Démarrez PostgreSQL ou corrigez l’hôte et le port de DATABASE_URL.`,
    host_not_found: (f) => `hôte PostgreSQL « ${f.host} » introuvable. Corrigez l’hôte de DATABASE_URL.`,
    timeout: (f) => `PostgreSQL ne répond pas à ${f.host}:${f.port}. Vérifiez que le serveur est joignable (pare-feu, réseau) ou corrigez DATABASE_URL.`,
    database_missing: (f) => `la base de données « ${f.database} » n’existe pas. Créez-la (createdb ${f.database}) ou corrigez le nom de la base dans DATABASE_URL.`,
    authentication_failed: (f) => `authentification refusée pour l’utilisateur « ${f.user} ». Vérifiez l’utilisateur et le mot de passe de DATABASE_URL.`,
  },
  en: {
    prefix: 'GlucoSuivi cannot start',
    refused: (f) => `connection refused by PostgreSQL at ${f.host}:${f.port}. Start PostgreSQL or fix the host and port in DATABASE_URL.`,
    host_not_found: (f) => `PostgreSQL host "${f.host}" not found. Fix the host in DATABASE_URL.`,
    timeout: (f) => `PostgreSQL does not answer at ${f.host}:${f.port}. Check that the server is reachable (firewall, network) or fix DATABASE_URL.`,
    database_missing: (f) => `database "${f.database}" does not exist. Create it (createdb ${f.database}) or fix the database name in DATABASE_URL.`,
    authentication_failed: (f) => `authentication failed for user "${f.user}". Check the user and password in DATABASE_URL.`,
  },
  es: {
    prefix: 'GlucoSuivi no puede arrancar',
    refused: (f) => `PostgreSQL rechazó la conexión en ${f.host}:${f.port}. Inicie PostgreSQL o corrija el host y el puerto de DATABASE_URL.`,
    host_not_found: (f) => `no se encuentra el host de PostgreSQL «${f.host}». Corrija el host de DATABASE_URL.`,
    timeout: (f) => `PostgreSQL no responde en ${f.host}:${f.port}. Compruebe que el servidor es accesible (cortafuegos, red) o corrija DATABASE_URL.`,
    database_missing: (f) => `la base de datos «${f.database}» no existe. Créela (createdb ${f.database}) o corrija el nombre de la base en DATABASE_URL.`,
    authentication_failed: (f) => `autenticación fallida para el usuario «${f.user}». Compruebe el usuario y la contraseña de DATABASE_URL.`,
  },
};

/** French unless the environment's locale (LC_ALL, then LANG) asks for English or Spanish. */
export function startupLanguage(env: NodeJS.ProcessEnv): StartupLanguage {
  const locale = (env.LC_ALL || env.LANG || '').toLowerCase();
  if (locale.startsWith('en')) return 'en';
  if (locale.startsWith('es')) return 'es';
  return 'fr';
}

/** The single line printed before exiting. */
export function connectionFailureLine(failure: ConnectionFailure, language: StartupLanguage): string {
  const texts = TEXTS[language];
  const reason = (texts[failure.reason] as (f: ConnectionFailure) => string)(failure);
  // French typography puts a (narrow) space before the colon.
  return `${texts.prefix}${language === 'fr' ? ' : ' : ': '}${reason}`;
}
