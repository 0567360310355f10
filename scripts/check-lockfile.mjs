// `npm ci` refuses a lockfile in which a package's optional dependency (another platform's
// native binary) has no entry, and `npm start` then fell back to `npm install` behind a wall of
// npm errors. This check, run by `npm test`, fails as soon as such an entry is missing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const { packages } = JSON.parse(readFileSync(lockPath, 'utf8'));

/** npm resolves a dependency from the depending package's folder up to the root. */
function resolves(fromKey, name) {
  let folder = fromKey;
  for (;;) {
    if (packages[`${folder ? `${folder}/` : ''}node_modules/${name}`]) return true;
    if (!folder) return false;
    const cut = folder.lastIndexOf('/node_modules/');
    folder = cut === -1 ? '' : folder.slice(0, cut);
  }
}

const missing = [];
for (const [key, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(key, name)) missing.push(`${name} (optional dependency of ${key || 'the root'})`);
  }
}
if (missing.length > 0) {
  console.error(`package-lock.json lacks ${missing.length} optional dependencies, so npm ci refuses it:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
