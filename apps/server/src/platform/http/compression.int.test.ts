import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTE_PATTERNS } from '@glucosuivi/domain/shared/site-map';
import { CookieJar } from '../../test/cookie-jar';
import { scratchDir } from '../../test/scratch';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every page, script and JSON answer over 1 KB leaves compressed when the client accepts it, with
 * `Vary: Accept-Encoding`: the pages the server renders for their reader (they were once sent from
 * the not-found handler, which the compress plugin never sees), the prerendered and plain app
 * pages, the built scripts and the API's JSON.
 */
const RENDERED = ['/dashboard', '/patient-dashboard'];
// A page-render worker whose page is as large as a real one would be (well over 1 KB).
const WORKER = `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', (message) => {
  if (message.type !== 'render') return;
  const path = new URL(message.url).pathname;
  const cards = Array.from({ length: 200 }, (_, i) => '<li class="card">Glycémie moyenne ' + (100 + i) + ' mg/dL</li>').join('');
  parentPort.postMessage({ type: 'rendered', id: message.id, html: '<!doctype html><h1>rendered ' + path + '</h1><ul>' + cards + '</ul>' });
});
parentPort.postMessage({ type: 'ready', paths: ${JSON.stringify(RENDERED)}, reader: 'patient' });
`;
const STRONG = 'Glyc3mie-Stable!42';

/** A built web app as scripts/build.mjs leaves it: text files of 1 KB or more with their .br and .gz beside them. */
function webDist(): { webDist: string; pageRenderWorker: string } {
  const root = scratchDir('glucosuivi-compression-');
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'prerendered'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  const filler = (label: string) => Array.from({ length: 80 }, (_, i) => `<p>${label} ${i}</p>`).join('');
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html lang="fr"><title>GlucoSuivi</title><div id="root"></div>${filler('app')}</html>`,
    'prerendered/index.html': `<!doctype html><html lang="fr"><title>Accueil</title>${filler('accueil')}</html>`,
    'prerendered/auth.html': `<!doctype html><html lang="fr"><title>Connexion</title>${filler('connexion')}</html>`,
    'boot.js': `// boot\n${Array.from({ length: 80 }, (_, i) => `window.x${i} = ${i};`).join('\n')}`,
    'assets/index-abc123.js': `// app\n${Array.from({ length: 80 }, (_, i) => `export const y${i} = ${i};`).join('\n')}`,
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dist, name), content);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(content));
  }
  // A script the build left without its compressed copies: compressed on the fly.
  writeFileSync(join(dist, 'assets/late-def456.js'), files['assets/index-abc123.js']!);
  writeFileSync(join(root, 'worker.mjs'), WORKER);
  return { webDist: dist, pageRenderWorker: join(root, 'worker.mjs') };
}

function decoded(encoding: string, body: Buffer): string {
  return (encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString('utf8');
}

describe('compressed answers', () => {
  let t: TestApp;
  let patient: CookieJar;
  beforeAll(async () => {
    t = await createTestApp(webDist());
    patient = new CookieJar();
    const payload = { email: 'compress.camille@example.test', password: STRONG, confirmPassword: STRONG, firstName: 'Camille', lastName: 'Durand', role: 'patient' };
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/sign-up', payload, headers: { origin: 'http://localhost:3000' } });
    expect(res.statusCode).toBe(201);
    patient.store(res);
    // The worker announces its pages once started; until then the plain page is sent.
    for (let i = 0; i < 100 && !(await t.app.inject({ url: RENDERED[0], headers: patient.header() })).body.includes('rendered'); i += 1) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => t?.close());

  /** The registered routes outside the API, as Fastify lists them (the built files, robots.txt, sitemap.xml and the pages' route). */
  function routesOutsideTheApi(): string[] {
    const lines = t.app.printRoutes({ commonPrefix: false }).split('\n');
    return lines.flatMap((line) => {
      const found = /^[├└]── (\S+) \(([^)]*)\)/.exec(line);
      return found && !found[1]!.startsWith('/api') && found[2]!.includes('GET') ? [found[1]!] : [];
    });
  }
  /** Every page of the web app (one value per `:name`), the pages the server renders, and an unknown path (the app's 404 page). */
  const pages = () => [...new Set([...APP_ROUTE_PATTERNS.map((pattern) => pattern.replace(/:[a-zA-Z]+/g, 'abc123')), ...RENDERED, '/no-such-page'])];

  async function expectCompressed(url: string, label: string, headers: Record<string, string> = {}) {
    const plain = await t.app.inject({ url, headers });
    expect(plain.headers['content-encoding'], label).toBeUndefined();
    expect(plain.rawPayload.length, label).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': encoding } });
      expect([res.statusCode, res.headers['content-encoding']], `${label} ${encoding}`).toEqual([plain.statusCode, encoding]);
      expect(String(res.headers.vary), `${label} ${encoding}`).toMatch(/accept-encoding/i);
      expect(decoded(encoding, res.rawPayload), `${label} ${encoding}`).toBe(plain.body);
    }
    return plain;
  }

  it('serves every page of the web app from a route, none from the not-found handler', () => {
    const routes = routesOutsideTheApi();
    expect(routes).toContain('*');
    expect(routes).toEqual(expect.arrayContaining(['/index.html', '/boot.js', '/assets/index-abc123.js', '/assets/late-def456.js', '/robots.txt', '/sitemap.xml']));
  });

  it('compresses every page, signed out and signed in, the rendered ones included', async () => {
    for (const path of pages()) {
      const signedOut = await expectCompressed(path, `${path} signed out`);
      expect(signedOut.headers['content-type'], path).toMatch(/^text\/html/);
      const signedIn = await expectCompressed(path, `${path} signed in`, patient.header());
      if (RENDERED.includes(path)) expect(signedIn.body, path).toContain(`<h1>rendered ${path}</h1>`);
    }
  });

  it('compresses every other file or answer over 1 KB outside the API (scripts, sitemap)', async () => {
    let checked = 0;
    for (const route of routesOutsideTheApi().filter((r) => r !== '*')) {
      const plain = await t.app.inject({ url: route });
      expect(plain.statusCode, route).toBe(200);
      if (plain.rawPayload.length <= 1024) continue;
      await expectCompressed(route, route);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it('compresses JSON answers over 1 KB, public and signed in', async () => {
    await expectCompressed('/api/openapi.json', 'openapi');
    // One reading: the summary then carries its day and bands (over 1 KB), sent from the dashboard cache.
    const reading = { kind: 'glucose', measuredAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(), value: 132, unit: 'mg/dL' };
    const posted = await t.app.inject({ method: 'POST', url: '/api/measurements', payload: reading, headers: { ...patient.header(), origin: 'http://localhost:3000' } });
    expect(posted.statusCode).toBe(201);
    await expectCompressed('/api/measurements/summary?days=14', 'summary', patient.header());
  });

  it('follows the q-values: a refused encoding is never sent', async () => {
    const res = await t.app.inject({ url: RENDERED[0], headers: { ...patient.header(), 'accept-encoding': 'br;q=0, gzip;q=0.8' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decoded('gzip', res.rawPayload)).toContain('<h1>rendered');
    const none = await t.app.inject({ url: RENDERED[0], headers: { ...patient.header(), 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toContain('<h1>rendered');
  });
});
