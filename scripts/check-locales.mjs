// The web catalogs of every language hold the same keys as the French reference
// (apps/web/src/locales/<lang>/<namespace>.json), and each translation names the same
// {{placeholders}}. Plural forms (key_one, key_other…) count as their base key: languages
// differ in how many forms they need. Prints one line per problem and exits 1; prints nothing
// when the catalogs agree. The project's own check, so that `npm test` needs nothing outside
// the repository; CI also runs the shared tool when it is beside the clone (.ci/run).
import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Another folder of catalogs may be named (the check's own test does).
const LOCALES = process.argv[2] ? pathToFileURL(`${process.argv[2].replace(/\/$/, '')}/`) : new URL('../apps/web/src/locales/', import.meta.url);
const REFERENCE = 'fr';
const OTHERS = ['en', 'es'];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a catalog: its key without plural suffix → the placeholders of its texts. */
function leaves(value, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object' && !Array.isArray(child)) {
      leaves(child, path, out);
      continue;
    }
    const base = path.replace(PLURAL_SUFFIX, '');
    const names = out.get(base) ?? new Set();
    for (const match of String(child).matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)) names.add(match[1]);
    out.set(base, names);
  }
  return out;
}

function catalog(lang, namespace) {
  try {
    return leaves(JSON.parse(readFileSync(new URL(`${lang}/${namespace}`, LOCALES), 'utf8')));
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

const problems = [];
const namespaces = readdirSync(new URL(`${REFERENCE}/`, LOCALES)).filter((file) => file.endsWith('.json'));
for (const lang of OTHERS) {
  const present = new Set(readdirSync(new URL(`${lang}/`, LOCALES)).filter((file) => file.endsWith('.json')));
  for (const extra of present) if (!namespaces.includes(extra)) problems.push(`${lang}/${extra}: no French catalog of that name`);
}
for (const namespace of namespaces) {
  const reference = catalog(REFERENCE, namespace);
  for (const lang of OTHERS) {
    const other = catalog(lang, namespace);
    if (!other) {
      problems.push(`${lang}/${namespace}: missing`);
      continue;
    }
    for (const [key, names] of reference) {
      const translated = other.get(key);
      if (!translated) problems.push(`${lang}/${namespace}: missing key ${key}`);
      else if ([...names].some((name) => !translated.has(name)) || [...translated].some((name) => !names.has(name)))
        problems.push(`${lang}/${namespace}: ${key} names {{${[...translated].join(', ')}}}, French {{${[...names].join(', ')}}}`);
    }
    for (const key of other.keys()) if (!reference.has(key)) problems.push(`${lang}/${namespace}: extra key ${key}`);
  }
}
for (const problem of problems) console.log(problem);
process.exit(problems.length ? 1 : 0);
