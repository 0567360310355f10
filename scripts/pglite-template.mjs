// The embedded database a first start copies instead of creating one (part of `npm run build`):
// a PGlite cluster with every migration applied, closed cleanly, in apps/server/dist/pglite-template.
// Creating a cluster runs initdb in WebAssembly (~7 s of CPU) and the migrations take ~1.5 s more;
// copying this folder takes a few tens of milliseconds. The server copies it only when its
// `template.json` lists exactly the migrations of apps/server/drizzle (else it creates the
// cluster as before), so a stale template is never used.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const migrationsFolder = join(root, 'apps/server/drizzle');
export const templateDir = join(root, 'apps/server/dist/pglite-template');

/** What the template holds: the migration tags in journal order (the server compares them). */
function description() {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  return { migrations: journal.entries.map((entry) => entry.tag) };
}

/** True when the template exists and holds exactly the current migrations. */
export function templateIsCurrent() {
  const file = join(templateDir, 'template.json');
  if (!existsSync(file)) return false;
  return JSON.stringify(JSON.parse(readFileSync(file, 'utf8')).migrations) === JSON.stringify(description().migrations);
}

/** Creates the cluster beside the old template, migrates it, closes it, then swaps it in. */
export async function buildPgliteTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const building = `${templateDir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(join(building, 'pglite'), { recursive: true });
  const client = await PGlite.create(join(building, 'pglite'));
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // End on a fresh WAL segment, the used ones removed rather than kept for reuse: the one left
    // is zeros but for the last checkpoint, and a first start copies it sparsely (a few kB).
    await client.exec('set wal_recycle = off');
    await client.exec('checkpoint');
    await client.query('select pg_switch_wal()');
    await client.exec('checkpoint');
  } finally {
    await client.close();
  }
  writeFileSync(join(building, 'template.json'), `${JSON.stringify(description(), null, 2)}\n`);
  rmSync(templateDir, { recursive: true, force: true });
  try {
    renameSync(building, templateDir);
  } catch (error) {
    // Another build swapped its own in between: keep it if it is current.
    rmSync(building, { recursive: true, force: true });
    if (!templateIsCurrent()) throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPgliteTemplate();
