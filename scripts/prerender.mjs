// Renders the public entry pages (/ and /auth, in French, signed out) into HTML at build time,
// so their first response already holds the page: on a slow phone the text shows while the
// scripts download (Lighthouse mobile: first contentful paint from ~2.9 s). The client hydrates
// it (apps/web/src/main.tsx). Writes apps/web/dist/prerendered/<page>.html,
// which the server sends for exactly those paths; every other path gets the plain index.html.
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PRERENDERED = { '/': 'index.html', '/auth': 'auth.html' };

/**
 * Builds the app for rendering outside the browser into apps/web/dist-ssr (kept: the server's
 * page-render worker renders signed-in pages with it, apps/web/ssr/page-render-worker.mjs), with
 * the document template those pages share, then renders the public pages into dist/prerendered.
 */
export async function prerender(root) {
  const web = join(root, 'apps/web');
  const ssrOut = join(web, 'dist-ssr');
  execSync(`npx vite build --ssr src/app/prerender.tsx --outDir ${JSON.stringify(ssrOut)} --logLevel warn --emptyOutDir`, {
    cwd: web,
    stdio: 'inherit',
  });
  const { installDomGlobals, deferScripts, pageDocument } = await import(pathToFileURL(join(web, 'ssr/page-html.mjs')).href);
  // The rendered pages are French: boot.js announces the shortcut note in French.
  const shortcutHint = JSON.parse(readFileSync(join(web, 'src/locales/fr/a11y.json'), 'utf8')).shortcuts.hint;
  const template = deferScripts(readFileSync(join(web, 'dist/index.html'), 'utf8'), shortcutHint);
  writeFileSync(join(ssrOut, 'template.html'), template);

  const restoreGlobals = await installDomGlobals();
  try {
    const { renderPage } = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href);
    mkdirSync(join(web, 'dist/prerendered'), { recursive: true });
    for (const [path, file] of Object.entries(PRERENDERED)) {
      const page = await renderPage(`http://localhost${path}`);
      writeFileSync(join(web, 'dist/prerendered', file), pageDocument(template, { path, body: page.body, meta: page.meta }));
    }
  } finally {
    await restoreGlobals();
  }
}

// Run as its own process by build.mjs: the rendered app leaves timers behind (query cache,
// DOM emulation) and sets browser globals, neither of which belongs in the build or the server.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await prerender(fileURLToPath(new URL('..', import.meta.url)));
  process.exit(0);
}
