// Builds what `npm start` serves: the web app (Vite) and the server bundle (esbuild).
// Skips a part whose sources are older than its last build, so a restart starts fast.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Tests are not part of a build: changing one rebuilds nothing.
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist' && !TEST_FILE.test(name)) visit(join(p, name));
    } else if (s.mtimeMs > newest) newest = s.mtimeMs;
  };
  for (const p of paths) visit(join(root, p));
  return newest;
}

function stale(stampFile, sources) {
  const newest = newestMtime([...sources, 'package-lock.json']);
  const stamp = join(root, stampFile);
  const built = existsSync(stamp) ? Number(readFileSync(stamp, 'utf8')) : 0;
  return { isStale: process.env.FORCE_BUILD === '1' || newest > built, mark: () => writeFileSync(stamp, String(newest)) };
}

/** Writes .br and .gz beside every text asset, so the server sends compressed files without spending CPU per request. */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      precompress(path);
      continue;
    }
    if (!/\.(js|css|html|svg|json|txt|webmanifest|xml)$/.test(name) || statSync(path).size < 1024) continue;
    const content = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  }
}

export async function build() {
  const web = stale('apps/web/dist/.build-stamp', ['apps/web/src', 'apps/web/public', 'apps/web/ssr', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src']);
  // dist-ssr (the app for rendering pages on the server) came later than dist: a build without it is incomplete.
  if (web.isStale || !existsSync(join(root, 'apps/web/dist-ssr/prerender.js'))) {
    console.log('[glucosuivi] construction de l’application web…');
    execSync('npx vite build --logLevel warn', { cwd: join(root, 'apps/web'), stdio: 'inherit' });
    execSync(`${JSON.stringify(process.execPath)} scripts/prerender.mjs`, { cwd: root, stdio: 'inherit' });
    precompress(join(root, 'apps/web/dist'));
    web.mark();
  }
  const server = stale('apps/server/dist/.build-stamp', ['apps/server/src', 'apps/server/drizzle', 'packages/domain/src']);
  if (server.isStale) {
    console.log('[glucosuivi] construction du serveur…');
    const { build: esbuild } = await import('esbuild');
    const pkg = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8'));
    await esbuild({
      entryPoints: [join(root, 'apps/server/src/main.ts')],
      outfile: join(root, 'apps/server/dist/main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: true,
      // Our own code (server + domain) is bundled; third-party packages load from node_modules.
      external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})],
      logLevel: 'warning',
    });
    server.mark();
  }
  // A first start copies this migrated embedded database instead of creating one (seconds of CPU).
  const template = stale('apps/server/dist/pglite-template/.build-stamp', ['apps/server/drizzle']);
  const { buildPgliteTemplate, templateIsCurrent } = await import('./pglite-template.mjs');
  if (template.isStale || !templateIsCurrent()) {
    console.log('[glucosuivi] base de données modèle (PGlite migrée)…');
    await buildPgliteTemplate();
    template.mark();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
