import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { copyPgliteTemplate } from './pglite-template';
import { scratchDir } from '../../test/scratch';

/** A template folder and a migrations folder, as the build and apps/server/drizzle lay them out. */
function layout(templateMigrations: string[] | null, journalTags: string[]) {
  const base = scratchDir('gs-template-');
  const templateDir = join(base, 'template');
  mkdirSync(join(templateDir, 'pglite', 'base'), { recursive: true });
  writeFileSync(join(templateDir, 'pglite', 'PG_VERSION'), '18\n');
  writeFileSync(join(templateDir, 'pglite', 'base', 'relation'), 'pages');
  // A WAL segment: a record at its start, zeros after.
  mkdirSync(join(templateDir, 'pglite', 'pg_wal'));
  const segment = Buffer.alloc(1 << 20);
  segment.write('checkpoint record', 0);
  segment.write('tail', segment.length - 4);
  writeFileSync(join(templateDir, 'pglite', 'pg_wal', '000000010000000000000002'), segment);
  if (templateMigrations) writeFileSync(join(templateDir, 'template.json'), JSON.stringify({ migrations: templateMigrations }));
  const migrationsFolder = join(base, 'drizzle');
  mkdirSync(join(migrationsFolder, 'meta'), { recursive: true });
  writeFileSync(join(migrationsFolder, 'meta', '_journal.json'), JSON.stringify({ entries: journalTags.map((tag, idx) => ({ idx, tag, when: idx })) }));
  const dataDir = join(base, 'data');
  mkdirSync(dataDir);
  return { templateDir, migrationsFolder, dataDir };
}

describe('copyPgliteTemplate', () => {
  let tags: string[];
  beforeEach(() => {
    tags = ['0000_app_role', '0001_accounts'];
  });

  it('copies the migrated cluster into a data folder without a database, leaving nothing half-done beside it', () => {
    const paths = layout(tags, tags);
    expect(copyPgliteTemplate(paths)).toBe(true);
    expect(readFileSync(join(paths.dataDir, 'pglite', 'base', 'relation'), 'utf8')).toBe('pages');
    expect(readdirSync(paths.dataDir)).toEqual(['pglite']);
    // The WAL segment reads back the same, its zeros not written (fewer blocks than its size).
    const wal = join(paths.dataDir, 'pglite', 'pg_wal', '000000010000000000000002');
    expect(readFileSync(wal).equals(readFileSync(join(paths.templateDir, 'pglite', 'pg_wal', '000000010000000000000002')))).toBe(true);
    expect(statSync(wal).blocks * 512).toBeLessThan(statSync(wal).size);
  });

  it('leaves an existing database alone', () => {
    const paths = layout(tags, tags);
    mkdirSync(join(paths.dataDir, 'pglite'));
    writeFileSync(join(paths.dataDir, 'pglite', 'PG_VERSION'), '18\n');
    expect(copyPgliteTemplate(paths)).toBe(false);
    expect(existsSync(join(paths.dataDir, 'pglite', 'base'))).toBe(false);
  });

  it('copies nothing from a template of other migrations, or from none', () => {
    const stale = layout(tags.slice(0, 1), tags);
    expect(copyPgliteTemplate(stale)).toBe(false);
    expect(existsSync(join(stale.dataDir, 'pglite'))).toBe(false);
    const missing = layout(null, tags);
    expect(copyPgliteTemplate(missing)).toBe(false);
  });
});
