// The HTML around a page rendered outside the browser: at build time (scripts/prerender.mjs, the
// public entry pages) and at request time (page-render-worker.mjs, a signed-in page). Plain
// JavaScript: the build script and the server's worker run it as is.

/** Hoisted <title>/<meta>/<link> come first in React's output; the app sets them itself on start. */
export function withoutHoistedHead(html) {
  return html.replace(/^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/, '');
}

export const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page is complete without scripts, so public/boot.js starts them when the visitor first
 * uses a control (or after the load event when the page must change at once), instead of
 * preloading them beside the CSS: on a slow phone they no longer delay the first paint or block
 * the page. The entry's static chunks are named so boot.js can fetch them into the cache early.
 */
export function deferScripts(template, shortcutHint) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) throw new Error('page-html: the entry <script type="module"> was not found in dist/index.html');
  const chunks = [...template.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1]);
  return template
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      entry[0],
      `<script src="/boot.js" data-entry="${entry[1]}" data-chunks="${chunks.join(' ')}" data-shortcut-hint="${escapeHtml(shortcutHint)}" defer></script>`,
    );
}

/** The page's own title and description (collected while it rendered) in the document's head. */
export function withPageHead(html, meta) {
  if (!meta.title) throw new Error('page-html: the page set no title');
  // Replaced by functions: a `$` in a text must not be read as a replacement pattern.
  let out = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
  if (meta.description) out = out.replace(/(<meta name="description" content=")[^"]*"/, (_match, start) => `${start}${escapeHtml(meta.description)}"`);
  return out;
}

/** The root holds the static app shell (index.html); a rendered page replaces all of it. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/header><\/div>/;

/**
 * The document for a rendered page: `body` is React's output for `path`, `after` what follows
 * the root (the page's state, for a signed-in page), `accountLanguage` a signed-in page's
 * language. Controls need the app: marked, not disabled, so a click on one before the app owns
 * it is held and replayed, and what is typed or chosen is handed to React (public/boot.js,
 * main.tsx).
 */
export function pageDocument(template, { path, body, meta, after = '', accountLanguage }) {
  if (!ROOT_ELEMENT.test(template)) throw new Error('page-html: <div id="root"> and its shell not found in dist/index.html');
  const page = withoutHoistedHead(body);
  if (!page.includes('<h1')) throw new Error(`page-html: ${path} rendered no <h1>`);
  // A suspended part would come as hidden HTML revealed by an inline script (blocked by the CSP).
  if (/<script|<template/.test(page)) throw new Error(`page-html: ${path} suspended while rendering`);
  const inert = page.replace(/<(button|input|select|textarea)\b(?![^>]*\sdisabled[=\s>])/g, '<$1 data-prerender-inert=""');
  const document = withPageHead(template, meta).replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${escapeHtml(path)}">${inert}</div>${after}`);
  // A signed-in page is in its reader's account language, which theme-init.js leaves as it is.
  return accountLanguage ? document.replace(/<html lang="[a-z]+"/, () => `<html lang="${escapeHtml(accountLanguage)}" data-account-language=""`) : document;
}

// devicePixelRatio and the window's CustomEvent: the chart library uses them when its module loads
// (not Event: Node's own fetch extends it).
const DOM_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'matchMedia', 'getComputedStyle', 'devicePixelRatio', 'CustomEvent'];

/**
 * The pages read window, storage and media queries while rendering, as in the browser: an
 * emulated window's, installed as globals. Returns what puts the previous globals back.
 */
export async function installDomGlobals() {
  const { Window } = await import('happy-dom');
  const window = new Window({ url: 'http://localhost/' });
  const saved = Object.fromEntries(DOM_GLOBALS.map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)]));
  for (const key of DOM_GLOBALS) {
    const value = key === 'window' ? window : typeof window[key] === 'function' ? window[key].bind(window) : window[key];
    Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
  }
  return async () => {
    await window.happyDOM.close();
    for (const key of DOM_GLOBALS) {
      if (saved[key]) Object.defineProperty(globalThis, key, saved[key]);
      else delete globalThis[key];
    }
  };
}
