import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedViewSchema, shareLinkListSchema } from '@glucosuivi/domain/care-team/care-team.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

describe('share links', () => {
  let t: TestApp;
  let patient: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database, { firstName: 'Camille', lastName: 'Dupont' });
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(patient), payload });
    await post({ kind: 'glucose', measuredAt: iso(NOW - 2 * DAY), value: 140, unit: 'mg/dL' });
    await post({ kind: 'glucose', measuredAt: iso(NOW - 20 * DAY), value: 99, unit: 'mg/dL' }); // outside the period
    await post({ kind: 'blood_pressure', measuredAt: iso(NOW - DAY), systolic: 130, diastolic: 80 });
  });
  afterAll(async () => t?.close());

  const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/care-team/share-links', headers: actingAs(patient), payload });

  it('shows only the chosen categories and period, logs every view, expires with the clock', async () => {
    const res = await create({ categories: ['glucose'], from: iso(NOW - 7 * DAY), to: iso(NOW), label: 'Dr Durand' });
    expect(res.statusCode).toBe(201);
    const { token, path, link } = res.json() as { token: string; path: string; link: { id: string; expiresAt: string } };
    expect(path).toBe(`/partage/${token}`);
    expect(link.expiresAt).toBe(iso(NOW + 7 * DAY));

    const view = await t.app.inject({ url: `/api/share/${token}`, headers: { 'user-agent': 'Mozilla/5.0 Firefox/128.0' } });
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    const shared = sharedViewSchema.parse(view.json());
    expect(shared.patient).toEqual({ firstName: 'Camille', lastName: 'Dupont' });
    expect(shared.summary.glucose?.readings).toBe(1);
    expect(shared.series?.n).toBe(1);
    expect(shared.summary.latest.blood_pressure).toBeNull();
    expect(shared.summary.notShared).toContain('blood_pressure');
    t.clock.advance(60_000);
    await t.app.inject({ url: `/api/share/${token}` });

    const list = shareLinkListSchema.parse((await t.app.inject({ url: '/api/care-team/share-links', headers: actingAs(patient) })).json());
    expect(list.items[0]).toMatchObject({ id: link.id, status: 'active', views: 2 });
    const log = await t.app.inject({ url: `/api/care-team/access-log?shareLinkId=${link.id}`, headers: actingAs(patient) });
    expect(log.json().items[0]).toMatchObject({ actorKind: 'share_link', actorName: 'Dr Durand', category: 'glucose', client: { userAgent: 'Other (desktop)' } });
    expect(log.json().items[1].client.userAgent).toBe('Firefox (desktop)');

    t.clock.advance(7 * DAY);
    const expired = await t.app.inject({ url: `/api/share/${token}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toMatchObject({ code: 'not_found', message: 'share_link_expired' });
    t.clock.set(new Date(NOW));
  });

  it('stops at once when revoked, and rejects expiries outside 1 hour..90 days', async () => {
    const { token, link } = (await create({ categories: ['blood_pressure'], from: iso(NOW - 7 * DAY), to: iso(NOW), expiresInHours: 1 })).json() as { token: string; link: { id: string } };
    expect(sharedViewSchema.parse((await t.app.inject({ url: `/api/share/${token}` })).json()).summary.latest.blood_pressure).toMatchObject({ systolic: 130 });
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/care-team/share-links/${link.id}`, headers: actingAs(patient) });
    expect(revoked.json()).toMatchObject({ status: 'revoked', views: 1 });
    expect((await t.app.inject({ url: `/api/share/${token}` })).json().error.message).toBe('share_link_revoked');
    expect((await t.app.inject({ url: `/api/share/${'A'.repeat(43)}` })).statusCode).toBe(404);
    expect((await create({ categories: ['glucose'], from: iso(NOW - DAY), to: iso(NOW), expiresInHours: 0 })).statusCode).toBe(400);
    expect((await create({ categories: ['glucose'], from: iso(NOW - DAY), to: iso(NOW), expiresInHours: 90 * 24 + 1 })).statusCode).toBe(400);
    // Another patient cannot revoke it.
    const other = await createTestUser(t.database);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/care-team/share-links/${link.id}`, headers: actingAs(other) })).statusCode).toBe(404);
  });
});
