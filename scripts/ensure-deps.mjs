// Installs the project's dependencies when they are missing or older than package-lock.json,
// so that `npm start` and `npm test` work on a fresh clone. Uses nothing but Node itself.
// Quiet: one line for the phase; npm's own output is shown only when the install fails.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const installed = `${root}node_modules/.package-lock.json`;
const lock = `${root}package-lock.json`;

export function dependenciesUpToDate() {
  return existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
}

export function ensureDependencies() {
  if (dependenciesUpToDate()) return;
  console.log('[glucosuivi] installation des dépendances (npm ci)…');
  const started = Date.now();
  // Browsers come from Debian (/usr/bin/chromium), never from a download at install time.
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PUPPETEER_SKIP_DOWNLOAD: '1' },
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error('[glucosuivi] npm ci a échoué (voir ci-dessus) — vérifiez la connexion au registre npm, puis relancez.');
    process.exit(result.status ?? 1);
  }
  console.log(`[glucosuivi] dépendances installées en ${Math.round((Date.now() - started) / 1000)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDependencies();
