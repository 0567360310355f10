import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '@glucosuivi/domain/shared/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { registerEndpoint } from '../../platform/http/contract';
import { registerErrorHandler } from '../../platform/http/error-handler';
import { registerActor } from '../../platform/http/actor';

const DOMAIN_SRC = join(import.meta.dirname, '../../../../../packages/domain/src');

function isEndpoint(value: unknown): value is Endpoint {
  const e = value as Partial<Endpoint> | null;
  return typeof e === 'object' && e !== null && typeof e.method === 'string' && typeof e.path === 'string' && e.response !== undefined;
}

/**
 * Every endpoint of every `*.contract.ts` of packages/domain whose access is 'admin', collected
 * as the OpenAPI test collects contracts: an administrators' endpoint added later is covered
 * without touching this file.
 */
async function adminEndpoints(): Promise<Endpoint[]> {
  const files = readdirSync(DOMAIN_SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.contract.ts'));
  const found = new Map<string, Endpoint>();
  for (const file of files) {
    const module = (await import(join(DOMAIN_SRC, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (isEndpoint(value) && value.access === 'admin') found.set(`${value.method} ${value.path}`, value);
    }
  }
  return [...found.values()];
}

/** A URL for the endpoint: every path parameter a well-formed id of nothing. */
const urlOf = (endpoint: Endpoint) => endpoint.path.replace(/:([A-Za-z_]+)/g, '00000000-0000-4000-8000-000000000000');

describe('every administrators’ endpoint refuses anyone but an administrator with a second factor', () => {
  let t: TestApp;
  let patient: TestUser;
  let professional: TestUser;
  let adminWithout: TestUser;
  let endpoints: Endpoint[];

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
    professional = await createTestUser(t.database, { role: 'doctor' });
    adminWithout = await createTestUser(t.database, { role: 'admin', secondFactor: false });
    endpoints = await adminEndpoints();
  });
  afterAll(async () => t?.close());

  it('finds the administrators’ endpoints in the contracts, this issue’s among them', () => {
    const lines = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'GET /api/admin/jobs/failed',
        'GET /api/admin/accounts',
        'POST /api/admin/accounts/:id/lock',
        'POST /api/admin/accounts/:id/unlock',
        'POST /api/admin/accounts/:id/password-reset',
        'GET /api/admin/professionals',
        'POST /api/admin/professionals/:id/verify',
        'POST /api/admin/professionals/:id/reject',
        'GET /api/admin/specialties',
        'POST /api/admin/specialties',
        'PATCH /api/admin/specialties/:id',
      ]),
    );
  });

  it('answers 404 to a patient and a professional, 401 signed out, 403 two_factor_required to an administrator without a second factor', async () => {
    const wrong: string[] = [];
    for (const endpoint of endpoints) {
      const request = (headers: Record<string, string>) =>
        t.app.inject({
          method: endpoint.method,
          url: urlOf(endpoint),
          headers,
          // An empty body: the refusal comes before any validation, so no input can probe the route.
          ...(endpoint.method === 'GET' ? {} : { payload: {} }),
        });
      const expected: [string, Record<string, string>, number, string][] = [
        ['patient', actingAs(patient), 404, 'not_found'],
        ['professional', actingAs(professional), 404, 'not_found'],
        ['signed out', {}, 401, 'unauthenticated'],
        ['admin without second factor', actingAs(adminWithout), 403, 'two_factor_required'],
      ];
      for (const [who, headers, status, code] of expected) {
        const response = await request(headers);
        const body = response.json() as { error?: { code?: string } };
        if (response.statusCode !== status || body.error?.code !== code) {
          wrong.push(`${endpoint.method} ${endpoint.path} as ${who}: ${response.statusCode} ${body.error?.code ?? ''}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('why an administrators’ endpoint refused, for the record of failed authorisations', () => {
  it('sets request.accessDenied to not_admin or two_factor_required before refusing', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    registerActor(app, headerActor);
    const seen: (string | undefined)[] = [];
    app.addHook('onResponse', async (request) => {
      seen.push(request.accessDenied);
    });
    const endpoint = defineEndpoint({
      method: 'GET',
      path: '/api/admin/probe',
      summary: 'probe',
      tags: ['admin'],
      access: 'admin',
      query: z.object({ n: z.coerce.number() }).strict(),
      response: z.object({ ok: z.literal(true) }),
    });
    registerEndpoint(app, endpoint, async () => ({ ok: true as const }));
    await app.ready();
    const as = (value: string) => ({ 'x-test-actor': value });
    expect((await app.inject({ url: '/api/admin/probe?n=1', headers: as('p1:patient') })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/admin/probe?n=1', headers: as('a1:admin') })).statusCode).toBe(403);
    // Refused before validation: a bad query tells a stranger nothing either.
    expect((await app.inject({ url: '/api/admin/probe?n=x', headers: as('d1:doctor') })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/admin/probe?n=1', headers: as('a2:admin:2fa') })).statusCode).toBe(200);
    expect(seen).toEqual(['not_admin', 'two_factor_required', 'not_admin', undefined]);
    await app.close();
  });
});
