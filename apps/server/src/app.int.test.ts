import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { healthSchema } from '@glucosuivi/domain/health/health.schemas';
import { createTestApp, type TestApp } from './test/test-app';

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe('the HTTP application', () => {
  let t: TestApp;
  const webDist = mkdtempSync(join(tmpdir(), 'glucosuivi-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="fr"><title>GlucoSuivi</title></html>');
    writeFileSync(join(webDist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'robots.txt'), 'User-agent: *');
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

  it('serves the SPA shell for any page path (history fallback), revalidated', async () => {
    for (const url of ['/', '/patient-dashboard', '/une/page/inconnue?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
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
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('no-cache');
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
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
  });
});
