import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../db/database';

/**
 * Renders a signed-in page at request time (issue 20: the dashboard readable on a phone before
 * the app's scripts run), in the web app's page-render worker (apps/web/ssr/page-render-worker.mjs).
 * The worker's data comes from this server's own routes, injected in-process with the reader's
 * cookie and address: the same session check, access rules, rate limits and logs as the
 * browser's requests, and nothing else it could read. A page that is not ready in time, a render
 * that fails or a worker that is busy or gone gives null: the caller sends the plain app page.
 */
export interface PageRenderer {
  /**
   * Who reads `path` if the worker renders it (its app says which paths, and for whom), else
   * null — also until the worker has started.
   */
  readerOf(path: string): Actor['role'] | null;
  render(request: FastifyRequest, path: string): Promise<string | null>;
}

type FromWorker =
  | { type: 'ready'; paths: string[]; reader: Actor['role'] }
  | { type: 'fetch'; id: number; render: number; path: string }
  | { type: 'rendered'; id: number; html: string | null; error?: string };

interface InFlight {
  request: FastifyRequest;
  done: (html: string | null) => void;
}

export interface PageRendererOptions {
  workerFile: string;
  /** Longer than this and the plain page is sent (the render, once started, still finishes). */
  timeoutMs?: number | undefined;
  /** Renders waiting beyond this are not started: under load the browser renders instead. */
  maxInFlight?: number;
  log: FastifyBaseLogger;
}

export function createPageRenderer(app: FastifyInstance, options: PageRendererOptions): PageRenderer | undefined {
  if (!existsSync(options.workerFile)) return undefined;
  const timeoutMs = options.timeoutMs ?? 1_500;
  const maxInFlight = options.maxInFlight ?? 4;
  const inFlight = new Map<number, InFlight>();
  let paths = new Set<string>();
  let reader: Actor['role'] | null = null;
  let nextId = 0;
  let worker: Worker | undefined;
  let alive = false;

  const reply = (message: object) => worker?.postMessage(message);

  const answerFetch = async (message: Extract<FromWorker, { type: 'fetch' }>) => {
    const waiting = inFlight.get(message.render);
    // A read for a render given up (timed out): refused, so the worker ends it quickly.
    if (!waiting || !message.path.startsWith('/api/')) {
      reply({ type: 'fetched', id: message.id, status: 503, contentType: null, body: '' });
      return;
    }
    const { headers, ip } = waiting.request;
    const response = await app.inject({
      method: 'GET',
      url: message.path,
      remoteAddress: ip,
      headers: {
        ...(headers.cookie ? { cookie: headers.cookie } : {}),
        ...(headers['user-agent'] ? { 'user-agent': headers['user-agent'] } : {}),
        ...(headers['accept-language'] ? { 'accept-language': headers['accept-language'] } : {}),
        accept: 'application/json',
      },
    });
    reply({ type: 'fetched', id: message.id, status: response.statusCode, contentType: response.headers['content-type'] ?? null, body: response.body });
  };

  const onMessage = (message: FromWorker) => {
    if (message.type === 'ready') {
      paths = new Set(message.paths);
      reader = message.reader;
    } else if (message.type === 'fetch') {
      answerFetch(message).catch(() => reply({ type: 'fetched', id: message.id, status: 500, contentType: null, body: '' }));
    } else if (message.type === 'rendered') {
      // The reason only: it names the page, never the reader or their data.
      if (message.error) options.log.warn({ reason: message.error }, 'page render failed');
      inFlight.get(message.id)?.done(message.html);
    }
  };

  const gone = (reason: string) => {
    if (!alive) return;
    alive = false;
    options.log.warn({ reason }, 'page render worker stopped; pages are rendered by the browser');
    for (const waiting of inFlight.values()) waiting.done(null);
  };

  // Started once the server is ready, not while it starts: its ~1 s of loading the app then
  // never competes with the migrations and the demo's seeding.
  app.addHook('onReady', async () => {
    worker = new Worker(options.workerFile);
    // Never what keeps the process alive: the server's own handles do that.
    worker.unref();
    alive = true;
    worker.on('message', onMessage);
    worker.on('error', (error) => gone(error.message));
    worker.on('exit', (code) => gone(`exit ${code}`));
  });
  app.addHook('onClose', async () => {
    alive = false;
    await worker?.terminate();
  });

  return {
    readerOf: (path) => (alive && paths.has(path) ? reader : null),
    render(request, path) {
      if (!alive || !paths.has(path) || inFlight.size >= maxInFlight) return Promise.resolve(null);
      const id = (nextId += 1);
      return new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => {
          // Said, so that an operator sees renders arriving late (a loaded server): no path, no reader.
          options.log.info({ timeoutMs }, 'page render late; the plain page was sent');
          finish(null);
        }, timeoutMs);
        function finish(html: string | null) {
          clearTimeout(timer);
          inFlight.delete(id);
          resolve(html);
        }
        inFlight.set(id, { request, done: finish });
        reply({ type: 'render', id, url: new URL(path, 'http://localhost').href, now: Date.now() });
      });
    },
  };
}
