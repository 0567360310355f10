import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

// Issue 10 item 9: answers carrying personal or health data could be kept by a browser or proxy cache.
describe('security headers', () => {
  let t: TestApp;
  let patient: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
  });
  afterAll(async () => t?.close());

  it('marks every API answer no-store: data, lists, errors, refusals and the public ones', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/settings', headers: actingAs(patient) }),
      t.app.inject({ url: '/api/measurements', headers: actingAs(patient) }),
      t.app.inject({ url: '/api/measurements/summary?days=14', headers: actingAs(patient) }),
      t.app.inject({ url: '/api/profile', headers: actingAs(patient) }),
      t.app.inject({ url: '/api/settings' }),
      t.app.inject({ url: '/api/no-such-route' }),
      t.app.inject({
        method: 'POST',
        url: '/api/measurements',
        headers: actingAs(patient),
        payload: { kind: 'glucose' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/measurements',
        headers: { ...actingAs(patient), origin: 'http://localhost:4000' },
        payload: {},
      }),
      t.app.inject({ url: '/api/health' }),
      t.app.inject({ url: '/api/openapi.json' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([
      200, 200, 200, 200, 401, 404, 400, 403, 200, 200,
    ]);
    for (const answer of answers)
      expect(answer.headers['cache-control'], answer.body.slice(0, 100)).toBe('no-store');
  });

  it('switches off the browser features the app does not use, on pages and API answers alike', async () => {
    for (const url of ['/api/health', '/robots.txt', '/some/page']) {
      const policy = String((await t.app.inject({ url })).headers['permissions-policy']);
      for (const feature of [
        'camera=()',
        'microphone=()',
        'geolocation=()',
        'payment=()',
        'usb=()',
      ])
        expect(policy).toContain(feature);
      expect(policy).toContain('clipboard-write=(self)');
    }
    expect((await t.app.inject({ url: '/robots.txt' })).headers['cache-control']).toBe('no-cache');
  });
});
