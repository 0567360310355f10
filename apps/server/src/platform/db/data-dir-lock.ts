import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre processus GlucoSuivi (pid ${holderPid}). ` +
        `Arrêtez-le d'abord, ou choisissez un autre dossier avec DATA_DIR. ` +
        `/ The data folder ${dataDir} is already used by another GlucoSuivi process (pid ${holderPid}). ` +
        `Stop it first, or choose another folder with DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes writing the same folder corrupt it.
 * Takes an exclusive lock file in the folder; a lock left by a dead process is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'glucosuivi.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = { pid: 0, host: '' };
      try {
        holder = JSON.parse(readFileSync(path, 'utf8')) as typeof holder;
      } catch {
        // A lock file cut short by a crash during its write: treat as stale.
      }
      const sameHost = !holder.host || holder.host === hostname();
      if (holder.pid && holder.pid !== process.pid && sameHost && isAlive(holder.pid)) {
        throw new DataDirLockedError(dataDir, holder.pid);
      }
      if (holder.pid && !sameHost) throw new DataDirLockedError(dataDir, holder.pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
