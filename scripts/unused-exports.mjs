// Lists the exports of our own code that nothing else uses, by the TypeScript compiler's own
// symbol resolution (imports, re-exports, `import * as x` then `x.name`, type positions): an
// export is used when an identifier in another file resolves to it. Printed in two groups:
// used nowhere, and used only by tests (test files, test helpers, e2e). A reading aid for
// removing dead code, not a gate: frameworks may call an export by name (none do here).
// Usage: node scripts/unused-exports.mjs
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['packages/domain/src', 'apps/server/src', 'apps/web/src', 'apps/web/ssr', 'e2e', 'bench', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', 'artifacts', 'test-results']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP.has(name) && !name.startsWith('.')) yield* files(path);
    } else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

const rel = (file) => relative(root, file).split(sep).join('/');
const isTestFile = (path) => /\.test\.tsx?$/.test(path) || /\/test\//.test(path) || path.startsWith('e2e/') || path.startsWith('bench/');

const rootNames = ROOTS.flatMap((dir) => [...files(join(root, dir))]);
const program = ts.createProgram(rootNames, {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  baseUrl: join(root, 'apps/web'),
  paths: { '@/*': ['src/*'] },
  allowJs: false,
  skipLibCheck: true,
  noEmit: true,
  types: [],
});
const checker = program.getTypeChecker();
const ours = program.getSourceFiles().filter((sf) => !sf.isDeclarationFile && !sf.fileName.includes('/node_modules/') && rootNames.includes(sf.fileName));

/** Declaration symbol → the set of other files that use it. */
const usedBy = new Map();
const original = (symbol) => (symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

for (const sf of ours) {
  const visit = (node) => {
    if (ts.isIdentifier(node)) {
      const symbol = original(checker.getSymbolAtLocation(node));
      const declFile = symbol?.declarations?.[0]?.getSourceFile().fileName;
      // The declaration's own name is no use of it.
      const isDeclarationName = symbol?.declarations?.some((declaration) => declaration.name === node);
      if (symbol && declFile && !isDeclarationName) {
        if (!usedBy.has(symbol)) usedBy.set(symbol, new Set());
        usedBy.get(symbol).add(rel(sf.fileName));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

const unused = [];
const testOnly = [];
const ownFileOnly = [];
for (const sf of ours) {
  const path = rel(sf.fileName);
  if (isTestFile(path)) continue;
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  if (!moduleSymbol) continue;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = original(exported);
    // Re-exports are judged where they are declared.
    if (symbol.declarations?.[0]?.getSourceFile() !== sf) continue;
    const users = [...(usedBy.get(symbol) ?? [])];
    const others = users.filter((user) => user !== path);
    const line = sf.getLineAndCharacterOfPosition(symbol.declarations[0].getStart()).line + 1;
    const where = `${path}:${line} ${exported.name}`;
    if (users.length === 0) unused.push(where);
    else if (others.length === 0) ownFileOnly.push(where);
    else if (others.every(isTestFile)) testOnly.push(where);
  }
}

const print = (title, lines) => {
  console.log(`${title} (${lines.length}):`);
  for (const line of lines.sort()) console.log(`  ${line}`);
};
print('Exports used nowhere, not even in their own file', unused);
print('\nExports used only by tests', testOnly);
print('\nExported but used only in their own file (the export keyword could go)', ownFileOnly);
