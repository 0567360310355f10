// Renders the public entry pages (/ and /auth, in French, signed out) into HTML at build time,
// so their first response already holds the page: on a slow phone the text shows while the
// scripts download (Lighthouse mobile: first contentful paint from ~2.9 s). The client hydrates
// it (apps/web/src/main.tsx). Writes apps/web/dist/prerendered/<page>.html,
// which the server sends for exactly those paths; every other path gets the plain index.html.
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PRERENDERED = { '/': 'index.html', '/auth': 'auth.html' };

/** Hoisted <title>/<meta>/<link> come first in React's output; the app sets them itself on start. */
function withoutHoistedHead(html) {
  return html.replace(/^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/, '');
}

/**
 * The page is complete without scripts, so public/boot.js starts them when the visitor first
 * uses a control (or after the load event when the page must change at once), instead of
 * preloading them beside the CSS: on a slow phone they no longer delay the first paint or block
 * the page. The entry's static chunks are named so boot.js can fetch them into the cache early.
 */
function deferScripts(template, shortcutHint) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) throw new Error('prerender: the entry <script type="module"> was not found in dist/index.html');
  const chunks = [...template.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1]);
  return template
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      entry[0],
      `<script src="/boot.js" data-entry="${entry[1]}" data-chunks="${chunks.join(' ')}" data-shortcut-hint="${escapeHtml(shortcutHint)}" defer></script>`,
    );
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's own title and description (collected while it rendered) in the document's head. */
function withPageHead(html, meta) {
  if (!meta.title) throw new Error('prerender: the page set no title');
  // Replaced by functions: a `$` in a text must not be read as a replacement pattern.
  let out = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
  if (meta.description) out = out.replace(/(<meta name="description" content=")[^"]*"/, (_match, start) => `${start}${escapeHtml(meta.description)}"`);
  return out;
}

export async function prerender(root) {
  const web = join(root, 'apps/web');
  // Inside node_modules so the bundle's bare imports (react, react-router…) resolve.
  const ssrOut = join(root, 'node_modules/.cache/glucosuivi-prerender');
  rmSync(ssrOut, { recursive: true, force: true });
  execSync(`npx vite build --ssr src/app/prerender.tsx --outDir ${JSON.stringify(ssrOut)} --logLevel warn --emptyOutDir`, {
    cwd: web,
    stdio: 'inherit',
  });

  // The pages read window, storage and media queries while rendering, as in the browser.
  const { Window } = await import('happy-dom');
  const window = new Window({ url: 'http://localhost/' });
  const globals = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'matchMedia', 'getComputedStyle'];
  const saved = Object.fromEntries(globals.map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)]));
  for (const key of globals) {
    const value = key === 'window' ? window : typeof window[key] === 'function' ? window[key].bind(window) : window[key];
    Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
  }
  try {
    const { renderPage } = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href);
    const template = readFileSync(join(web, 'dist/index.html'), 'utf8');
    // The prerendered pages are French: boot.js announces the shortcut note in French.
    const shortcutHint = JSON.parse(readFileSync(join(web, 'src/locales/fr/a11y.json'), 'utf8')).shortcuts.hint;
    // The root holds the static app shell (index.html); a prerendered page replaces all of it.
    const rootElement = /<div id="root">[\s\S]*?<\/header><\/div>/;
    if (!rootElement.test(template)) throw new Error('prerender: <div id="root"> and its shell not found in dist/index.html');
    mkdirSync(join(web, 'dist/prerendered'), { recursive: true });
    for (const [path, file] of Object.entries(PRERENDERED)) {
      const page = await renderPage(`http://localhost${path}`);
      const body = withoutHoistedHead(page.body);
      if (!body.includes('<h1')) throw new Error(`prerender: ${path} rendered no <h1>`);
      // A suspended part would come as hidden HTML revealed by an inline script (blocked by the CSP).
      if (/<script|<template/.test(body)) throw new Error(`prerender: ${path} suspended while rendering`);
      // Controls need the app. Marked, not disabled: a click on one before the app owns it is
      // held and replayed, what is typed or chosen is handed to React (public/boot.js, main.tsx).
      const inert = body.replace(/<(button|input|select|textarea)\b(?![^>]*\sdisabled[=\s>])/g, '<$1 data-prerender-inert=""');
      const html = withPageHead(deferScripts(template, shortcutHint), page.meta).replace(
        rootElement,
        () => `<div id="root" data-prerendered="${path}">${inert}</div>`,
      );
      writeFileSync(join(web, 'dist/prerendered', file), html);
    }
  } finally {
    await window.happyDOM.close();
    for (const key of globals) {
      if (saved[key]) Object.defineProperty(globalThis, key, saved[key]);
      else delete globalThis[key];
    }
    rmSync(ssrOut, { recursive: true, force: true });
  }
}

// Run as its own process by build.mjs: the rendered app leaves timers behind (query cache,
// DOM emulation) and sets browser globals, neither of which belongs in the build or the server.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await prerender(fileURLToPath(new URL('..', import.meta.url)));
  process.exit(0);
}
