import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** The production server's entry, as `npm run build` leaves it. */
const SERVER_ENTRY = join(import.meta.dirname, '../../apps/server/dist/main.js');

/**
 * A production server of a journey's own (PGlite, no demo) on `port` with `dataDir`, for
 * journeys that kill or redeploy it (the shared one must not die); its output goes to `output`
 * for the error message. Resolves when /api/health answers.
 */
export async function startServerProcess(port: number, dataDir: string, output: string[], env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, NODE_ENV: 'production', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready: ${output.join('')}`);
}
