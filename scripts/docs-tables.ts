// Writes docs/ARCHITECTURE.md's generated tables from the code (`npm run docs:tables`), then
// lists what else in it differs from the code. Exit 1 when something remains to fix by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { architectureProblems, withTables } from './docs-check';
import { codeFacts, ROOT } from './docs-facts';

const path = join(ROOT, 'docs/ARCHITECTURE.md');
const facts = codeFacts();
const doc = withTables(readFileSync(path, 'utf8'), facts);
writeFileSync(path, doc);
const problems = architectureProblems(doc, facts);
for (const problem of problems) console.error(`ARCHITECTURE.md: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
