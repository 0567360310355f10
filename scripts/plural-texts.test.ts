// No text a person reads hedges a plural with "(s)": "1 hypoglycémie(s)" reads as a placeholder.
// A count takes i18next's plural keys (`_one` / `_other`, with `count`) in the web catalogs, and
// Intl.PluralRules (or a fixed minimum count) in the server's e-mails and texts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const LANGUAGES = ['fr', 'en', 'es'] as const;

/** A word ending in a bracketed plural or gender mark: "alerte(s)", "lu(e)", "hiperglucemia(s)", "travail(aux)". */
const HEDGED_PLURAL = /\p{L}\((?:s|es|e|x|aux)\)/u;

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Each string of a catalog, with its key path. */
function catalogStrings(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) =>
      catalogStrings(inner, path ? `${path}.${key}` : key),
    );
  return [];
}

function hedgedInCatalogs(): string[] {
  return LANGUAGES.flatMap((language) => {
    const dir = join(root, 'apps/web/src/locales', language);
    return filesUnder(dir, (name) => name.endsWith('.json')).flatMap((file) =>
      catalogStrings(JSON.parse(readFileSync(file, 'utf8')), '')
        .filter(([, text]) => HEDGED_PLURAL.test(text))
        .map(([key, text]) => `${relative(root, file)} ${key}: ${text}`),
    );
  });
}

/** The server's and the domain's text catalogs: e-mails, PDF and advice texts, push texts. */
function serverTextFiles(): string[] {
  const isTexts = (name: string) =>
    (name.endsWith('.emails.ts') || /texts(\.[a-z]{2})?\.ts$/.test(name)) &&
    !name.includes('.test.');
  return [
    ...filesUnder(join(root, 'apps/server/src/features'), isTexts),
    ...filesUnder(join(root, 'packages/domain/src'), isTexts),
  ];
}

function hedgedInServerTexts(): string[] {
  return serverTextFiles().flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        HEDGED_PLURAL.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe('plurals in the texts people read', () => {
  it('the pattern finds the hedges, not a count in brackets nor an arrow function', () => {
    expect(
      [
        '1 hypoglycémie(s)',
        '2 non lue(s)',
        'alerta(s) más',
        'connecté(e)',
        '3 more alert(s).',
      ].filter((s) => HEDGED_PLURAL.test(s)),
    ).toHaveLength(5);
    expect(
      ['(s)', 'Voir tous les conseils ({{count}})', 'map((s) => s)'].filter((s) =>
        HEDGED_PLURAL.test(s),
      ),
    ).toEqual([]);
  });

  it('the fr, en and es web catalogs say no "(s)"', () => {
    expect(hedgedInCatalogs()).toEqual([]);
  });

  it('the server\'s e-mails and texts say no "(s)"', () => {
    expect(serverTextFiles().length).toBeGreaterThan(10);
    expect(hedgedInServerTexts()).toEqual([]);
  });
});
