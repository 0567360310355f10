import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditPageSchema, type AuditEntry } from '@glucosuivi/domain/admin/audit.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { authAudit } from '../auth/auth.tables';
import { glucoseReadings } from '../measurements/measurements.tables';
import { adminActions } from './admin.tables';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ resolveActor: headerActor });
  admin = await createTestUser(t.database, { role: 'admin', email: 'root.admin@example.test' });
});
afterAll(async () => t?.close());

const at = (iso: string) => new Date(iso);

async function accountEvent(event: string, email: string | null, iso: string, extra: { userId?: string; ip?: string; userAgent?: string } = {}) {
  await t.database.db.insert(authAudit).values({
    id: randomUUID(),
    userId: extra.userId ?? null,
    event,
    email,
    ipAddress: extra.ip ?? '203.0.113.7',
    userAgent: extra.userAgent ?? FIREFOX,
    createdAt: at(iso),
  });
}

async function adminAction(action: string, target: string | null, iso: string, detail: string | null = null) {
  await t.database.db.insert(adminActions).values({
    id: randomUUID(),
    actorId: admin.userId,
    actorEmail: admin.email,
    action,
    targetEmail: target,
    detail,
    createdAt: at(iso),
  });
}

async function audit(query: Record<string, string> = {}, as: TestUser = admin) {
  const response = await t.app.inject({ url: '/api/admin/audit', query, headers: actingAs(as) });
  return response;
}

async function page(query: Record<string, string> = {}) {
  const response = await audit(query);
  expect(response.statusCode).toBe(200);
  return auditPageSchema.parse(response.json());
}

const events = (items: AuditEntry[]) => items.map((i) => i.event);

describe('GET /api/admin/audit', () => {
  it('merges account events and administrators’ actions, newest first, with who, whom, client and reason', async () => {
    await accountEvent('sign_in_success', 'merge.one@example.test', '2026-06-01T10:00:00Z');
    await adminAction('account.lock', 'merge.one@example.test', '2026-06-01T11:00:00Z', 'Comportement abusif');
    await accountEvent('second_factor_failure_totp', null, '2026-06-01T09:00:00Z');
    await accountEvent('sign_in_failure', 'merge.one@example.test', '2026-06-01T12:00:00Z');

    const body = await page({ from: '2026-06-01T00:00:00Z', to: '2026-06-02T00:00:00Z' });
    expect(events(body.items)).toEqual(['sign_in_failure', 'account.lock', 'sign_in_success', 'second_factor_failure_totp']);
    expect(body.items.map((i) => i.kind)).toEqual(['sign_in_failed', 'admin_action', 'sign_in', 'security']);
    expect(body.items[1]).toMatchObject({
      at: '2026-06-01T11:00:00.000Z',
      actorEmail: 'root.admin@example.test',
      targetEmail: 'merge.one@example.test',
      detail: 'Comportement abusif',
      ip: null,
    });
    expect(body.items[0]).toMatchObject({ actorEmail: 'merge.one@example.test', ip: '203.0.113.7', userAgent: 'Firefox 128 · Windows', targetEmail: null });
    expect(body.nextCursor).toBeNull();
  });

  it('filters by kind, by e-mail or IP text (wildcards typed are matched as such) and by date range', async () => {
    await accountEvent('sign_in_success', 'filter.alpha@example.test', '2026-07-01T10:00:00Z', { ip: '198.51.100.20' });
    await accountEvent('sign_in_failure', 'filter.beta@example.test', '2026-07-02T10:00:00Z');
    await adminAction('professional.verify', 'filter.alpha@example.test', '2026-07-03T10:00:00Z');
    await accountEvent('deletion_requested', 'filter_gamma@example.test', '2026-07-04T10:00:00Z');
    const july = { from: '2026-07-01T00:00:00Z', to: '2026-08-01T00:00:00Z' };

    expect(events((await page({ ...july, kind: 'admin_action' })).items)).toEqual(['professional.verify']);
    expect(events((await page({ ...july, kind: 'sign_in_failed' })).items)).toEqual(['sign_in_failure']);
    expect(events((await page({ ...july, kind: 'security' })).items)).toEqual(['deletion_requested']);
    // The target's address finds the administrator's action too; case does not matter.
    expect(events((await page({ ...july, q: 'FILTER.ALPHA' })).items)).toEqual(['professional.verify', 'sign_in_success']);
    expect(events((await page({ ...july, q: '198.51.100' })).items)).toEqual(['sign_in_success']);
    // `_` is a letter here, not "any character": only filter_gamma matches.
    expect(events((await page({ ...july, q: 'filter_' })).items)).toEqual(['deletion_requested']);
    expect((await page({ ...july, q: '%' })).items).toEqual([]);
    // From included, to excluded.
    expect(events((await page({ from: '2026-07-02T10:00:00Z', to: '2026-07-04T10:00:00Z' })).items)).toEqual(['professional.verify', 'sign_in_failure']);
  });

  it('pages 50 lines at a time by keyset, without losing or repeating lines of the same instant', async () => {
    for (let i = 0; i < 30; i++) await accountEvent('sign_in_success', `paging${i}@example.test`, '2026-08-01T10:00:00Z');
    for (let i = 0; i < 25; i++) await adminAction('account.unlock', `paging${i}@example.test`, `2026-08-01T09:${String(i).padStart(2, '0')}:00Z`);
    const query = { q: 'paging', from: '2026-08-01T00:00:00Z' };
    const first = await page(query);
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await page({ ...query, cursor: first.nextCursor! });
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(55);
    const times = [...first.items, ...second.items].map((i) => i.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses a forged cursor', async () => {
    const response = await audit({ cursor: Buffer.from('not-a-date|x').toString('base64url') });
    expect(response.statusCode).toBe(400);
  });

  it('shows a failed sign-in as sign_in_failed with the address typed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      payload: { email: 'Nobody.Typed@Example.test', password: 'pas-le-bon-mot-de-passe' },
      headers: { 'user-agent': FIREFOX },
      remoteAddress: '192.0.2.44',
    });
    expect(response.statusCode).toBe(401);
    const body = await page({ kind: 'sign_in_failed', q: 'nobody.typed' });
    expect(body.items).toEqual([
      expect.objectContaining({ kind: 'sign_in_failed', event: 'sign_in_failure', actorEmail: 'nobody.typed@example.test', ip: '192.0.2.44', userAgent: 'Firefox 128 · Windows' }),
    ]);
  });

  it('answers with no health value: readings and notes never reach the audit', async () => {
    const patient = await createTestUser(t.database, { email: 'health.owner@example.test' });
    await t.database.db.insert(glucoseReadings).values({ patientId: patient.userId, measuredAt: at('2026-09-01T08:00:00Z'), valueMgdl: 287.5, source: 'manual', note: 'hypo-note-secrete' });
    await accountEvent('sign_in_success', 'health.owner@example.test', '2026-09-01T08:01:00Z', { userId: patient.userId });
    const response = await audit({ q: 'health.owner' });
    expect(auditPageSchema.parse(response.json()).items).toHaveLength(1);
    expect(response.body).not.toContain('287');
    expect(response.body).not.toContain('hypo-note-secrete');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('failed authorisations', () => {
  async function deniedRows(userId: string) {
    return t.database.db.select().from(authAudit).where(and(eq(authAudit.userId, userId)));
  }

  it('records a patient calling an admin endpoint once per route and minute, with the route pattern and never the query', async () => {
    const patient = await createTestUser(t.database, { email: 'curious.patient@example.test' });
    const headers = { ...actingAs(patient), 'user-agent': FIREFOX };
    const refused = await t.app.inject({ url: '/api/admin/figures?secret=chut-123', headers, remoteAddress: '192.0.2.80' });
    expect(refused.statusCode).toBe(404);
    await vi.waitFor(async () => expect(await deniedRows(patient.userId)).toHaveLength(1));
    const [row] = await deniedRows(patient.userId);
    expect(row).toMatchObject({ event: 'access_denied:not_admin:GET /api/admin/figures', email: 'curious.patient@example.test', ipAddress: '192.0.2.80', userAgent: FIREFOX });
    expect(JSON.stringify(row)).not.toContain('chut-123');

    // A loop on the same route within the minute adds nothing; another route (its pattern, not its id) does.
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/admin/figures', headers })).statusCode).toBe(404);
    // A second later, so the page's newest-first order does not rest on the random ids of same-instant rows.
    t.clock.advance(1_000);
    const retry = await t.app.inject({ method: 'POST', url: `/api/admin/jobs/${randomUUID()}/retry`, headers });
    expect(retry.statusCode).toBe(404);
    await vi.waitFor(async () => expect(await deniedRows(patient.userId)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await deniedRows(patient.userId)).map((r) => r.event).sort()).toEqual([
      'access_denied:not_admin:GET /api/admin/figures',
      'access_denied:not_admin:POST /api/admin/jobs/:id/retry',
    ]);

    // A minute later the same route is recorded again.
    t.clock.advance(61_000);
    await t.app.inject({ url: '/api/admin/figures', headers });
    await vi.waitFor(async () => expect(await deniedRows(patient.userId)).toHaveLength(3));

    const body = await page({ kind: 'access_denied', q: 'curious.patient' });
    expect(body.items.map((i) => [i.event, i.detail])).toEqual([
      ['access_denied_not_admin', 'GET /api/admin/figures'],
      ['access_denied_not_admin', 'POST /api/admin/jobs/:id/retry'],
      ['access_denied_not_admin', 'GET /api/admin/figures'],
    ]);
  });

  it('records an administrator without a second factor, and nobody signed out', async () => {
    const halfAdmin = await createTestUser(t.database, { role: 'admin', secondFactor: false, email: 'half.admin@example.test' });
    const refused = await t.app.inject({ url: '/api/admin/audit?q=x', headers: actingAs(halfAdmin) });
    expect(refused.statusCode).toBe(403);
    await vi.waitFor(async () => expect((await deniedRows(halfAdmin.userId)).map((r) => r.event)).toEqual(['access_denied:two_factor_required:GET /api/admin/audit']));

    const before = (await t.database.db.select().from(authAudit)).length;
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await t.database.db.select().from(authAudit)).length).toBe(before);
  });

  it('answers 404 to a professional on every endpoint of the audit and figures', async () => {
    const doctor = await createTestUser(t.database, { role: 'doctor' });
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv', '/api/admin/figures'])
      expect((await t.app.inject({ url, headers: actingAs(doctor) })).statusCode).toBe(404);
  });
});

describe('GET /api/admin/audit.csv', () => {
  it('sends the filtered lines as CSV: BOM, header in the asked language, quoted cells, formulas defused', async () => {
    await adminAction('account.lock', 'csv;target@example.test', '2026-10-01T10:00:00Z', '=HYPERLINK("http://evil.example","clic")');
    await adminAction('account.unlock', 'csv.other@example.test', '2026-10-01T11:00:00Z', 'ligne 1\nligne 2');
    await adminAction('account.lock', 'csv.third@example.test', '2026-10-01T12:00:00Z', '-2+3');
    await accountEvent('sign_in_success', 'elsewhere@example.test', '2026-10-01T10:30:00Z');

    const response = await t.app.inject({ url: '/api/admin/audit.csv', query: { kind: 'admin_action', q: 'csv', lang: 'en' }, headers: actingAs(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="glucosuivi-audit.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Date (UTC);Type;Event;Actor (e-mail);Target account (e-mail);IP address;Client;Detail');
    expect(lines[1]).toBe("2026-10-01 12:00:00;Administrator action;account.lock;root.admin@example.test;csv.third@example.test;;;'-2+3");
    // A line break inside a cell stays inside its quotes.
    expect(lines[2]).toBe('2026-10-01 11:00:00;Administrator action;account.unlock;root.admin@example.test;csv.other@example.test;;;"ligne 1\nligne 2"');
    expect(body).toContain(`"csv;target@example.test";;;"'=HYPERLINK(""http://evil.example"",""clic"")"`);
    expect(body).not.toContain('elsewhere@example.test');

    const french = await t.app.inject({ url: '/api/admin/audit.csv', query: { kind: 'admin_action', q: 'csv' }, headers: actingAs(admin) });
    expect(french.body.slice(1).split('\r\n')[0]).toBe('Date (UTC);Type;Événement;Auteur (e-mail);Compte visé (e-mail);Adresse IP;Client;Détail');
    expect(french.body).toContain(';Action d’administration;account.lock;');
  });

  it('refuses a language it does not have', async () => {
    expect((await t.app.inject({ url: '/api/admin/audit.csv', query: { lang: 'de' }, headers: actingAs(admin) })).statusCode).toBe(400);
  });
});
