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
 * The page is readable without scripts, so they start after its first paint (public/boot.js)
 * instead of being preloaded beside the CSS: on a slow phone they no longer delay that paint.
 */
function deferScripts(template) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) throw new Error('prerender: the entry <script type="module"> was not found in dist/index.html');
  return template
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(entry[0], `<script src="/boot.js" data-entry="${entry[1]}" defer></script>`);
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
    if (!template.includes('<div id="root"></div>')) throw new Error('prerender: <div id="root"></div> not found in dist/index.html');
    mkdirSync(join(web, 'dist/prerendered'), { recursive: true });
    for (const [path, file] of Object.entries(PRERENDERED)) {
      const body = withoutHoistedHead(await renderPage(`http://localhost${path}`));
      if (!body.includes('<h1')) throw new Error(`prerender: ${path} rendered no <h1>`);
      // A suspended part would come as hidden HTML revealed by an inline script (blocked by the CSP).
      if (/<script|<template/.test(body)) throw new Error(`prerender: ${path} suspended while rendering`);
      // Controls need the app: disabled until it has hydrated them, so nothing typed or clicked
      // before then is lost (Playwright, like a person, waits for them to be enabled). Marked, so
      // the app enables exactly these (hydration leaves attributes as they are; main.tsx).
      const inert = body.replace(/<(button|input|select|textarea)\b(?![^>]*\sdisabled[=\s>])/g, '<$1 disabled="" data-prerender-inert=""');
      const html = deferScripts(template).replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}">${inert}</div>`);
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
