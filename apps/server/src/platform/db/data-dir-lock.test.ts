import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  it('refuses a folder locked by a live process, with a message naming the folder and pid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-lock-'));
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
    const dir = mkdtempSync(join(tmpdir(), 'gs-lock-'));
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(join(dir, 'glucosuivi.lock'), JSON.stringify({ pid: dead.pid, host: hostname() }));
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, 'glucosuivi.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'glucosuivi.lock'))).toBe(false);
  });

  it('takes a free folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-lock-'));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).not.toThrow(); // same process may re-enter (restart in place)
    release();
  });
});
