import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./check-locales.mjs', import.meta.url));
let folder = '';
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Writes one namespace per language, then runs the check on that folder: its output and exit code. */
function check(catalogs: Record<'fr' | 'en' | 'es', object>): { output: string; code: number } {
  folder = mkdtempSync(join(tmpdir(), 'locales-'));
  for (const [lang, catalog] of Object.entries(catalogs)) {
    mkdirSync(join(folder, lang));
    writeFileSync(join(folder, lang, 'common.json'), JSON.stringify(catalog));
  }
  try {
    return { output: execFileSync(process.execPath, [SCRIPT, folder], { encoding: 'utf8' }), code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; status: number };
    return { output: failed.stdout, code: failed.status };
  }
}

describe('check-locales', () => {
  it('prints nothing when every language has the French keys, plural forms counted as their key', () => {
    const result = check({
      fr: { title: 'Titre', lows_one: '{{count}} hypoglycémie', lows_other: '{{count}} hypoglycémies' },
      en: { title: 'Title', lows_one: '{{count}} low', lows_other: '{{count}} lows' },
      es: { title: 'Título', lows_one: '{{count}} hipoglucemia', lows_other: '{{count}} hipoglucemias', lows_many: '{{count}} hipoglucemias' },
    });
    expect(result).toEqual({ output: '', code: 0 });
  });

  it('names a missing key, an extra key and a placeholder that differs', () => {
    const result = check({
      fr: { title: 'Titre', nested: { greeting: 'Bonjour {{name}}' } },
      en: { nested: { greeting: 'Hello {{first}}' } },
      es: { title: 'Título', nested: { greeting: 'Hola {{name}}' }, stray: 'x' },
    });
    expect(result.code).toBe(1);
    expect(result.output.trim().split('\n').sort()).toEqual([
      'en/common.json: missing key title',
      'en/common.json: nested.greeting names {{first}}, French {{name}}',
      'es/common.json: extra key stray',
    ]);
  });
});
