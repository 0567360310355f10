// `npm run admin:create -- <email>`: creates (or takes over) the administrator account with that
// address and prints a one-time password once. Run it where the server runs, with the same
// environment (DATABASE_URL or DATA_DIR); with the embedded database, stop the server first.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Run from the repository root, like `npm start`, so a relative DATA_DIR means the same folder.
const root = fileURLToPath(new URL('..', import.meta.url));
const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/admin-create.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
