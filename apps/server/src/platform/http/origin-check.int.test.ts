import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { registerErrorHandler } from './error-handler';
import { registerOriginCheck } from './origin-check';

// Issue 10 item 6: a page on another port of the same host revoked invitations with the victim's cookie.
describe('origin check on state-changing requests', () => {
  let t: TestApp;
  let patient: TestUser;
  let invitationId: string;

  beforeAll(async () => {
    t = await createTestApp({
      resolveActor: headerActor,
      trustedOrigins: ['http://localhost:5173'],
    });
    patient = await createTestUser(t.database);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/care-team/invitations/professional',
      headers: actingAs(patient),
      payload: { email: 'dr.durand@example.test', categories: ['glucose'] },
    });
    expect(sent.statusCode).toBe(201);
    invitationId = sent.json().invitation.id;
  });
  afterAll(async () => t?.close());

  const status = async () =>
    (
      (
        await t.app.inject({ url: '/api/care-team/invitations', headers: actingAs(patient) })
      ).json() as { items: { id: string; status: string }[] }
    ).items.find((i) => i.id === invitationId)?.status;
  const revoke = (headers: Record<string, string | undefined>, payload?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/care-team/invitations/${invitationId}/revoke`,
      headers: { ...actingAs(patient), cookie: 'glucosuivi.session_token=victim', ...headers },
      ...(payload !== undefined ? { payload } : {}),
    });

  it.each([
    ['another port of the same host', { origin: 'http://localhost:4000' }],
    ['another site', { origin: 'https://evil.example' }],
    ['an opaque origin (sandboxed frame, file:)', { origin: 'null' }],
    ['no Origin and no fetch metadata', { origin: undefined }],
    [
      'no Origin, fetch metadata saying same-site',
      { origin: undefined, 'sec-fetch-site': 'same-site' },
    ],
    [
      'a text/plain form post from another port',
      { origin: 'http://localhost:4000', 'content-type': 'text/plain' },
      '{"x":1}',
    ],
    ['a text/plain body from our own origin', { 'content-type': 'text/plain' }, 'x=1'],
    [
      'a url-encoded body from our own origin',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'x=1',
    ],
  ] as const)(
    'refuses %s with 403 and changes nothing',
    async (_name, headers, payload?: string) => {
      const res = await revoke(headers, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'cross_site_request',
        requestId: expect.any(String),
      });
      expect(await status()).toBe('pending');
    },
  );

  it('refuses a foreign origin on every write method, including the sign-in and sign-out routes', async () => {
    const foreign = { origin: 'http://127.0.0.1:4000' };
    const attempts = [
      t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: { ...actingAs(patient), ...foreign },
        payload: { darkMode: true },
      }),
      t.app.inject({
        method: 'PUT',
        url: '/api/care-team/links/00000000-0000-4000-8000-000000000000/categories',
        headers: { ...actingAs(patient), ...foreign },
        payload: {},
      }),
      t.app.inject({
        method: 'DELETE',
        url: '/api/care-team/share-links/00000000-0000-4000-8000-000000000000',
        headers: { ...actingAs(patient), ...foreign },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-in',
        headers: foreign,
        payload: { email: 'a@example.test', password: 'x' },
      }),
      t.app.inject({ method: 'POST', url: '/api/accounts/sign-out', headers: foreign }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(403);
    const settings = await t.app.inject({ url: '/api/settings', headers: actingAs(patient) });
    expect(settings.json().darkMode).toBe(false);
  });

  it('lets our own pages through: public origin, trusted origins, or Sec-Fetch-Site same-origin without Origin', async () => {
    const viaMetadata = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...actingAs(patient), origin: undefined, 'sec-fetch-site': 'same-origin' },
      payload: { darkMode: true },
    });
    expect(viaMetadata.statusCode, viaMetadata.body).toBe(200);
    const fromDevServer = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: {
        ...actingAs(patient),
        origin: 'http://localhost:5173',
        'content-type': 'application/json; charset=utf-8',
      },
      payload: JSON.stringify({ darkMode: false }),
    });
    expect(fromDevServer.statusCode, fromDevServer.body).toBe(200);
    const revoked = await revoke({ origin: TEST_ORIGIN });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await status()).toBe('revoked');
  });

  it('leaves reads alone', async () => {
    const res = await t.app.inject({
      url: '/api/settings',
      headers: { ...actingAs(patient), origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('routes opened to clients without a browser', () => {
  it('accept a request without cookie and Origin only when the route opts in, and still check cookie-carrying ones', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerOriginCheck(app, ['http://localhost:3000']);
    app.post('/api/closed', async () => ({ ok: true }));
    app.post('/api/upload', { config: { originFreeClients: true } }, async () => ({ ok: true }));
    app.put('/api/upload', { config: { originFreeClients: true } }, async () => ({ ok: true }));
    await app.ready();
    const json = { 'content-type': 'application/json' };
    expect(
      (await app.inject({ method: 'POST', url: '/api/closed', headers: json, payload: '{}' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/api/upload', headers: json, payload: '{}' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/upload',
          headers: { ...json, cookie: 's=1' },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/upload',
          headers: { ...json, 'sec-fetch-site': 'cross-site' },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/upload',
          headers: { 'content-type': 'text/plain' },
          payload: 'x',
        })
      ).statusCode,
    ).toBe(403);
    // An app's own credential header is never a forged browser request, cookie or not; the
    // route still checks the credential itself. Only on routes that opt in.
    for (const credential of [{ 'api-secret': 'x' }, { authorization: 'Bearer x.y.z' }]) {
      const headers = { ...json, cookie: 's=1', 'sec-fetch-site': 'cross-site', ...credential };
      expect((await app.inject({ method: 'PUT', url: '/api/upload', headers, payload: '{}' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/closed', headers, payload: '{}' })).statusCode).toBe(403);
    }
    await app.close();
  });
});
