import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { healthSchema } from '@glucosuivi/domain/health/health.schemas';
import { createTestApp, type TestApp } from './test/test-app';
import { scratchDir } from './test/scratch';

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe('the HTTP application', () => {
  let t: TestApp;
  const webDist = scratchDir('glucosuivi-web-');

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="fr"><title>GlucoSuivi</title></html>');
    writeFileSync(join(webDist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'manifest.webmanifest'), '{}');
    mkdirSync(join(webDist, 'prerendered'));
    writeFileSync(join(webDist, 'prerendered', 'index.html'), '<!doctype html><title>GlucoSuivi</title><div id="root" data-prerendered="/"><h1>Accueil</h1></div>');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => t?.close());

  it(`reports the ${engine} engine and an up-to-date migration state`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const health = healthSchema.parse(res.json());
    expect(health.database.engine).toBe(engine);
    expect(health.database.reachable).toBe(true);
    expect(health.migrations.upToDate).toBe(true);
    expect(health.migrations.applied).toBeGreaterThanOrEqual(3);
    expect(health.status).toBe('ok');
  });

  it('answers an unknown API path with the error model and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe('not_found');
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
  });

  it('keeps a well-formed request id from a proxy and replaces a malformed one', async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'proxy-1234abcd' } });
    expect(kept.headers['x-request-id']).toBe('proxy-1234abcd');
    const replaced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\nforged' } });
    expect(replaced.headers['x-request-id']).not.toContain('forged');
  });

  it('sends a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('serves the SPA shell for any page path (history fallback), revalidated; an unknown path is a 404 that still shows the app', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/patient-dashboard', 200],
      ['/doctor/patients/abc', 200],
      ['/une/page/inconnue?x=1', 404],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('GlucoSuivi');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and 404s a missing one instead of sending HTML', async () => {
    const asset = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('sends the prerendered landing for / without query (or ?lng=fr) only, the plain page elsewhere', async () => {
    const landing = await t.app.inject({ url: '/' });
    expect(landing.body).toContain('data-prerendered="/"');
    // A shared cache must not give this signed-out page to a signed-in browser, or the reverse.
    expect(landing.headers.vary).toMatch(/cookie/);
    expect((await t.app.inject({ url: '/?lng=fr' })).body).toContain('data-prerendered="/"');
    expect((await t.app.inject({ url: '/?lng=en' })).body).not.toContain('data-prerendered');
    expect((await t.app.inject({ url: '/?mode=register' })).body).not.toContain('data-prerendered');
    expect((await t.app.inject({ url: '/settings' })).body).not.toContain('data-prerendered');
    // A visitor who may be signed in gets the plain page (the app shows their header at once);
    // an unrelated cookie, an empty session cookie or a lookalike name does not count.
    for (const cookie of ['glucosuivi.session_token=abc.def', 'theme=dark; __Secure-glucosuivi.session_token=abc']) {
      const signedIn = await t.app.inject({ url: '/', headers: { cookie } });
      expect(signedIn.body).not.toContain('data-prerendered');
      expect(signedIn.headers.vary).toMatch(/cookie/);
    }
    for (const cookie of ['theme=dark', 'glucosuivi.session_token=', 'xglucosuivi.session_token=abc', 'glucosuivi.session_data=abc']) {
      expect((await t.app.inject({ url: '/', headers: { cookie } })).body).toContain('data-prerendered="/"');
    }
    // No prerendered file for /auth in this build: the plain page, not an error.
    const auth = await t.app.inject({ url: '/auth' });
    expect(auth.statusCode).toBe(200);
    expect(auth.body).toContain('<title>GlucoSuivi</title>');
  });

  it("writes robots.txt and sitemap.xml with the instance's own public origin", async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /partage/');
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>http://localhost:3000/privacy-policy</loc>');
  });

  it('serves the OpenAPI 3 document built from the contracts', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });

  it('answers malformed JSON with a 400 in the error model, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('validation_failed');
  });
});
