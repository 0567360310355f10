import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../test/cookie-jar';
import { scratchDir } from '../../test/scratch';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The server's side of rendering signed-in pages: which requests are rendered, as whom the
 * render reads, and what happens when the render is late or the worker fails. The worker here
 * is a real worker thread speaking the page-render protocol (apps/web/ssr/page-render-worker.mjs),
 * its "page" the reader the server's routes answered for; the real app's render is a journey's
 * (e2e/signed-in-render.spec.ts).
 */
const WORKER = `
import { parentPort } from 'node:worker_threads';
let next = 0;
const answers = new Map();
function read(render, path) {
  const id = (next += 1);
  parentPort.postMessage({ type: 'fetch', id, render, path });
  return new Promise((resolve) => answers.set(id, resolve));
}
parentPort.on('message', async (message) => {
  if (message.type === 'fetched') return answers.get(message.id)(message);
  const path = new URL(message.url).pathname;
  if (path === '/health-dashboard') return; // never answers: the server stops waiting
  if (path === '/patient-dashboard') {
    const refused = await read(message.id, '/dashboard');
    return parentPort.postMessage({ type: 'rendered', id: message.id, html: '<h1>status ' + refused.status + '</h1>' });
  }
  const session = await read(message.id, '/api/auth/get-session');
  const email = JSON.parse(session.body)?.user?.email ?? 'nobody';
  parentPort.postMessage({ type: 'rendered', id: message.id, html: '<h1>rendered for ' + email + '</h1>' });
});
parentPort.postMessage({ type: 'ready', paths: ['/dashboard', '/patient-dashboard', '/health-dashboard'], reader: 'patient' });
`;
const STRONG = 'Glyc3mie-Stable!42';
const ORIGIN = { origin: 'http://localhost:3000' };

function webDistWith(worker: string): { webDist: string; pageRenderWorker: string } {
  const root = scratchDir('glucosuivi-page-render-');
  const webDist = join(root, 'dist');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="fr"><title>GlucoSuivi</title><div id="root"></div></html>');
  writeFileSync(join(root, 'worker.mjs'), worker);
  return { webDist, pageRenderWorker: join(root, 'worker.mjs') };
}

describe('signed-in pages rendered by the server', () => {
  let t: TestApp;
  let ip = 1;
  beforeAll(async () => {
    t = await createTestApp(webDistWith(WORKER));
  });
  afterAll(async () => t?.close());

  async function signUp(email: string, extra: Record<string, unknown> = {}): Promise<CookieJar> {
    const jar = new CookieJar();
    const payload = { email, password: STRONG, confirmPassword: STRONG, firstName: 'Camille', lastName: 'Durand', role: 'patient', ...extra };
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/sign-up', payload, headers: ORIGIN, remoteAddress: `10.7.0.${(ip += 1)}` });
    expect(res.statusCode, email).toBe(201);
    jar.store(res);
    return jar;
  }
  const page = (url: string, jar?: CookieJar, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers: jar?.header() ?? {} });

  /** The worker announces its pages once started; until then every page is the plain one. */
  async function workerReady(jar: CookieJar) {
    for (let i = 0; i < 100 && !(await page('/dashboard', jar)).body.includes('rendered for'); i += 1) await new Promise((r) => setTimeout(r, 50));
  }

  it("renders a patient's page with that patient's own answers, never stored by a cache", async () => {
    const camille = await signUp('render.camille@example.test');
    const jean = await signUp('render.jean@example.test');
    await workerReady(camille);
    const mine = await page('/dashboard', camille);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toBe('<h1>rendered for render.camille@example.test</h1>');
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers.vary).toContain('cookie');
    expect((await page('/dashboard', jean)).body).toBe('<h1>rendered for render.jean@example.test</h1>');
  });

  it('sends the plain page to anyone else: no session, a professional, a query, a HEAD', async () => {
    const patient = await signUp('render.other@example.test');
    await workerReady(patient);
    const doctor = await signUp('render.doctor@example.test', { role: 'doctor', firstName: 'Claire', lastName: 'Bernard', medicalLicense: '10003456786', speciality: 'diabetologue' });
    for (const [label, res] of [
      ['no session', await page('/dashboard')],
      ['a cookie that is no session', await t.app.inject({ url: '/dashboard', headers: { cookie: 'glucosuivi.session_token=forged.value' } })],
      ['a professional', await page('/dashboard', doctor)],
      ['a query', await page('/dashboard?days=30', patient)],
      ['a HEAD', await page('/dashboard', patient, 'HEAD')],
      ['a page it does not render', await page('/reports', patient)],
    ] as const) {
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['cache-control'], label).toBe('no-cache');
      if (label !== 'a HEAD') expect(res.body, label).toContain('<title>GlucoSuivi</title>');
    }
  });

  it('answers only reads of the API: anything else asked by the render is refused', async () => {
    const patient = await signUp('render.reads@example.test');
    await workerReady(patient);
    expect((await page('/patient-dashboard', patient)).body).toBe('<h1>status 503</h1>');
  });

  it('sends the plain page when the render is late, and renders again afterwards', async () => {
    const patient = await signUp('render.late@example.test');
    await workerReady(patient);
    const started = Date.now();
    const late = await page('/health-dashboard', patient);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(late.body).toContain('<title>GlucoSuivi</title>');
    expect(late.headers['cache-control']).toBe('no-cache');
    expect((await page('/dashboard', patient)).body).toBe('<h1>rendered for render.late@example.test</h1>');
  });
});

describe('a page-render worker that fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(webDistWith(`throw new Error('the app did not load');`));
  });
  afterAll(async () => t?.close());

  it('leaves every page to the browser, and says so in the log', async () => {
    for (let i = 0; i < 100 && !t.logs.some((line) => line.includes('page render worker stopped')); i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(t.logs.some((line) => line.includes('page render worker stopped'))).toBe(true);
    const res = await t.app.inject({ url: '/dashboard', headers: { cookie: 'glucosuivi.session_token=x' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>GlucoSuivi</title>');
  });
});
