// Installs the project's dependencies when they are missing or older than package-lock.json,
// so that `npm start` and `npm test` work on a fresh clone. Uses nothing but Node itself.
import { execSync } from 'node:child_process';
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
  // Browsers come from Debian (/usr/bin/chromium), never from a download at install time.
  const options = { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PUPPETEER_SKIP_DOWNLOAD: '1' } };
  try {
    execSync('npm ci --no-audit --no-fund', options);
  } catch {
    // npm ci refuses a lockfile that lacks other platforms' optional binaries (written so by
    // some npm versions); npm install takes the same pinned versions and fills them in.
    console.log('[glucosuivi] npm ci refused the lockfile; falling back to npm install');
    execSync('npm install --no-audit --no-fund', options);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDependencies();
