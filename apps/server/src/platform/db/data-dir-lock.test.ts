import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { scratchDir } from '../../test/scratch';

const LOCKED_EXIT = 3;

/** Another Node process tries to lock `dir`: its exit code is 0 when it got the lock, LOCKED_EXIT when refused. */
function lockFromAnotherProcess(dir: string): number | null {
  const script = `import(${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).href)}).then((m) => {
    try { m.lockDataDir(${JSON.stringify(dir)}); process.exit(0); }
    catch (error) { process.exit(error instanceof m.DataDirLockedError ? ${LOCKED_EXIT} : 1); }
  });`;
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { stdio: 'ignore', timeout: 20_000 }).status;
}

const lockHolder = (dir: string) => JSON.parse(readFileSync(join(dir, 'glucosuivi.lock'), 'utf8')) as { pid: number; host: string };

describe('lockDataDir', () => {
  it('refuses a folder locked by a live process, with a message naming the folder and pid', async () => {
    const dir = scratchDir('gs-lock-');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(join(dir, 'glucosuivi.lock'), JSON.stringify({ pid: other.pid, host: hostname() }));
      let caught: unknown;
      try {
        lockDataDir(dir);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DataDirLockedError);
      expect((caught as Error).message).toContain(dir);
      expect((caught as Error).message).toContain(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a dead process and releases it', async () => {
    const dir = scratchDir('gs-lock-');
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(join(dir, 'glucosuivi.lock'), JSON.stringify({ pid: dead.pid, host: hostname() }));
    const release = lockDataDir(dir);
    expect(lockHolder(dir).pid).toBe(process.pid);
    release();
    expect(existsSync(join(dir, 'glucosuivi.lock'))).toBe(false);
  });

  it('takes a free folder and keeps another process out until released', () => {
    const dir = scratchDir('gs-lock-');
    const release = lockDataDir(dir);
    expect(lockHolder(dir)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => lockDataDir(dir)).not.toThrow(); // same process may re-enter (restart in place)
    expect(lockFromAnotherProcess(dir)).toBe(LOCKED_EXIT);
    release();
    expect(lockFromAnotherProcess(dir)).toBe(0);
  }, 60_000);
});
