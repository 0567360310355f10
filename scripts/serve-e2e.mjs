// Starts what the Playwright journeys run against: the production server on a fresh, throw-away
// data folder. Until the server bundle exists it falls back to `vite preview` of the web build.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = process.env.PORT ?? '3100';
const server = 'apps/server/dist/main.js';
const child = existsSync(server)
  ? spawn(process.execPath, [server], {
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'glucosuivi-e2e-')),
        NODE_ENV: 'production',
        AUTH_SIGNUP_PER_HOUR: process.env.AUTH_SIGNUP_PER_HOUR ?? '1000',
      },
    })
  : spawn('npx', ['vite', 'preview', '--port', port, '--strictPort', '--host', '127.0.0.1'], {
      stdio: 'inherit',
      cwd: 'apps/web',
    });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
