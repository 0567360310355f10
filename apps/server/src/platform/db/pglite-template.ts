import { closeSync, constants, cpSync, existsSync, ftruncateSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

// A WAL segment: 16 MB, mostly zeros in the template (it ends on a fresh segment), written sparsely.
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * A new embedded database starts as a copy of the build's template (scripts/pglite-template.mjs):
 * a PGlite cluster with every migration applied. Creating one instead runs initdb in WebAssembly
 * and every migration, seconds of CPU on a first start.
 *
 * Copies only into a data folder without a database (no `pglite/PG_VERSION`) and only a template
 * whose `template.json` lists exactly the migrations of `migrationsFolder`; otherwise does nothing
 * and the database is created and migrated as before. Returns whether it copied. The copy goes
 * to a side folder first, so an interrupted start never leaves half a cluster behind.
 */
export function copyPgliteTemplate(options: { templateDir: string; dataDir: string; migrationsFolder: string }): boolean {
  // The folder open-database.ts gives PGlite inside DATA_DIR.
  const target = join(options.dataDir, 'pglite');
  if (existsSync(target) && readdirSync(target).length > 0) return false;
  if (!templateMatches(options.templateDir, options.migrationsFolder)) return false;
  const partial = `${target}.copying-${process.pid}`;
  try {
    rmSync(partial, { recursive: true, force: true });
    // A copy-on-write clone where the file system has them (Btrfs, XFS, APFS), else a plain copy.
    cpSync(join(options.templateDir, 'pglite'), partial, {
      recursive: true,
      mode: constants.COPYFILE_FICLONE,
      filter: (source) => !(WAL_SEGMENT.test(basename(source)) && basename(dirname(source)) === 'pg_wal'),
    });
    const wal = join(options.templateDir, 'pglite', 'pg_wal');
    for (const name of existsSync(wal) ? readdirSync(wal) : []) if (WAL_SEGMENT.test(name)) copySparse(join(wal, name), join(partial, 'pg_wal', name));
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
    return true;
  } catch {
    // A build replacing the template at this very moment, a full disk: create the database instead.
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
}

/** Copies a file writing only its non-zero 8 kB blocks: the rest reads back as zeros (a hole). */
function copySparse(from: string, to: string): void {
  const data = readFileSync(from);
  const zero = Buffer.alloc(8192);
  const fd = openSync(to, 'w', statSync(from).mode & 0o777);
  try {
    for (let at = 0; at < data.length; at += zero.length) {
      const block = data.subarray(at, at + zero.length);
      if (!block.equals(zero.subarray(0, block.length))) writeSync(fd, block, 0, block.length, at);
    }
    ftruncateSync(fd, data.length);
  } finally {
    closeSync(fd);
  }
}

function templateMatches(templateDir: string, migrationsFolder: string): boolean {
  try {
    const template = JSON.parse(readFileSync(join(templateDir, 'template.json'), 'utf8')) as { migrations?: unknown };
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    return (
      existsSync(join(templateDir, 'pglite', 'PG_VERSION')) &&
      JSON.stringify(template.migrations) === JSON.stringify(journal.entries.map((entry) => entry.tag))
    );
  } catch {
    return false;
  }
}
