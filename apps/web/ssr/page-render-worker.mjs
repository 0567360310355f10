// The server's page-render worker (apps/server/src/platform/http/page-renderer.ts): renders a
// signed-in page with the app built for it (dist-ssr, scripts/prerender.mjs), in a thread of its
// own, because the render needs an emulated window as globals and the app's single language and
// clock — nothing the server's own thread may share. Its `fetch` asks the server's thread, which
// answers through the server's own routes as the reader (their checks, their logs); it reads
// only (GET /api/…).
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { installDomGlobals, pageDocument } from './page-html.mjs';

const dist = new URL('../dist-ssr/', import.meta.url);
await installDomGlobals();
const template = readFileSync(new URL('template.html', dist), 'utf8');
const { renderSignedInPage, warmUpSignedInRender, pageStateJson, PAGE_STATE_ID, SERVER_RENDERED_PATHS, SERVER_RENDERED_READER } = await import(
  new URL('prerender.js', dist).href
);

const pending = new Map();
let nextFetch = 0;
/** The render under way (one at a time): the server's thread answers its reads as its reader. */
let current = 0;

globalThis.fetch = async (input, init = {}) => {
  const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' || !url.pathname.startsWith('/api/')) throw new TypeError(`page render: only GET /api/… is answered, not ${method} ${url.pathname}`);
  const id = (nextFetch += 1);
  const answer = new Promise((resolve) => pending.set(id, resolve));
  parentPort.postMessage({ type: 'fetch', id, render: current, path: url.pathname + url.search });
  const { status, contentType, body } = await answer;
  return new Response(status === 204 ? null : body, { status, headers: contentType ? { 'content-type': contentType } : {} });
};

async function render({ url, now }) {
  const page = await renderSignedInPage(url, now);
  if (!page) return null;
  const path = new URL(url).pathname;
  const after = `<script type="application/json" id="${PAGE_STATE_ID}">${pageStateJson(page.state)}</script>`;
  return pageDocument(template, { path, body: page.body, meta: page.meta, after, accountLanguage: page.state.language });
}

// One render at a time: the language, the render clock and the meta collector are this thread's.
let queue = Promise.resolve();
parentPort.on('message', (message) => {
  if (message.type === 'fetched') {
    pending.get(message.id)?.(message);
    pending.delete(message.id);
    return;
  }
  if (message.type !== 'render') return;
  queue = queue.then(async () => {
    current = message.id;
    try {
      parentPort.postMessage({ type: 'rendered', id: message.id, html: await render(message) });
    } catch (error) {
      parentPort.postMessage({ type: 'rendered', id: message.id, html: null, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
// Ready once warm: the server sends its pages here only from then on.
await warmUpSignedInRender();
parentPort.postMessage({ type: 'ready', paths: SERVER_RENDERED_PATHS, reader: SERVER_RENDERED_READER });
