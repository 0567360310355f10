import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWithServices, type App } from '../../app';
import { createTestDatabase, MIGRATIONS_FOLDER, type TestDatabase } from '../../test/test-database';
import { fixedClock } from '../../platform/clock';
import { CookieJar } from '../../test/cookie-jar';
import { totp } from '../../test/totp';
import { seedDemo } from './demo.seed';
import { scratchDir } from '../../test/scratch';

describe('demo seed', () => {
  let database: TestDatabase;
  let built: App;
  const dataDir = scratchDir('gs-seed-');
  const now = new Date('2026-11-02T09:00:00Z');
  let announcement = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    built = await buildAppWithServices({
      database,
      clock: fixedClock(now),
      migrationsFolder: MIGRATIONS_FOLDER,
      version: 'test',
      mailer: { send: async () => undefined },
      authSecret: 'test-secret-test-secret-test-secret-0123456789',
      publicUrl: 'http://localhost:3000',
      adminEmails: ['admin@glucosuivi.fr'],
    });
    announcement = (await seedDemo({ accountsDeps: built.accountsDeps, database, dataDir, adminEmail: 'admin@glucosuivi.fr', now, days: 4 })).announcement;
  }, 120_000);
  afterAll(async () => {
    await built?.app.close();
    await database?.destroy();
  });

  it('creates the five demo accounts, with passwords printed once and kept private in DATA_DIR', async () => {
    const file = join(dataDir, 'demo-accounts.txt');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    for (const line of lines) expect(announcement).toContain(line);
  });

  it('lets each demo account sign in to its own dashboard', async () => {
    const lines = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8').trim().split('\n');
    const expected: Record<string, string> = {
      'camille.dupont@demo.glucosuivi.fr': '/patient-dashboard',
      'jean.martin@demo.glucosuivi.fr': '/patient-dashboard',
      'dr.bernard@demo.glucosuivi.fr': '/doctor',
      'infirmier.petit@demo.glucosuivi.fr': '/doctor',
      'admin@glucosuivi.fr': '/admin',
    };
    for (const line of lines) {
      const [email, password, key] = line.split(/\s+/);
      const jar = new CookieJar();
      let res = jar.store(
        await built.app.inject({
          method: 'POST',
          url: '/api/accounts/sign-in',
          payload: { email, password },
          headers: { origin: 'http://localhost:3000' },
          remoteAddress: `10.9.0.${lines.indexOf(line) + 1}`,
        }),
      );
      expect(res.statusCode, email).toBe(200);
      if (email === 'admin@glucosuivi.fr') {
        // The administrator has two-factor sign-in: its key is the line's third column. The
        // enrolment spent the current step's code, so the next step's (accepted one step ahead) signs in.
        expect(key).toMatch(/^totp:[A-Z2-7]+=*$/);
        expect(res.json().status).toBe('two_factor_required');
        const code = totp(`otpauth://totp/GlucoSuivi?secret=${key!.slice(5)}`, Date.now() + 30_000);
        res = await built.app.inject({
          method: 'POST',
          url: '/api/accounts/two-factor/verify',
          payload: { code },
          headers: { ...jar.header(), origin: 'http://localhost:3000' },
          remoteAddress: '10.9.0.99',
        });
        expect(res.statusCode, email).toBe(200);
        jar.store(res);
        // With its second factor, the administrator reaches the back office.
        expect((await built.app.inject({ url: '/api/admin/accounts', headers: jar.header() })).statusCode).toBe(200);
      }
      expect(res.json().redirectTo, email).toBe(expected[email!]);
    }
  });

  it('gives the CGM patient a full CGM history and the type-2 patient manual data', async () => {
    const lines = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8').trim().split('\n');
    const summaryFor = async (email: string) => {
      const password = lines.find((l) => l.startsWith(email))!.split(/\s+/)[1];
      const jar = new CookieJar();
      jar.store(await built.app.inject({ method: 'POST', url: '/api/accounts/sign-in', payload: { email, password }, headers: { origin: 'http://localhost:3000' }, remoteAddress: '10.9.1.1' }));
      const res = await built.app.inject({ url: '/api/measurements/summary?days=7', headers: jar.header() });
      expect(res.statusCode).toBe(200);
      const alerts = await built.app.inject({ url: '/api/alerts?status=open&limit=5', headers: jar.header() });
      return { ...res.json(), openAlerts: alerts.json().items as { kind: string }[] };
    };
    const cgm = await summaryFor('camille.dupont@demo.glucosuivi.fr');
    // Last night's hypo, so the demo always has an alert to show.
    expect(cgm.openAlerts.map((a: { kind: string }) => a.kind)).toContain('urgent_hypo');
    expect(cgm.glucose.basis).toBe('cgm');
    expect(cgm.glucose.readings).toBeGreaterThan(4 * 288 * 0.8);
    const bands = Object.values(cgm.glucose.metrics.bands as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(bands).toBeCloseTo(100, 6);
    const manual = await summaryFor('jean.martin@demo.glucosuivi.fr');
    expect(manual.glucose.readings).toBeGreaterThan(0);
    expect(manual.glucose.readings).toBeLessThan(4 * 10);
  });

  it("lists each professional's personal code, which a patient can use to reach them", async () => {
    const lines = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8').trim().split('\n');
    const codeOf = (email: string) => /code patient ([A-HJ-NP-Z2-9]{8})\)$/.exec(lines.find((l) => l.startsWith(email)) ?? '')?.[1];
    const code = codeOf('dr.bernard@demo.glucosuivi.fr');
    expect(code).toBeDefined();
    expect(codeOf('infirmier.petit@demo.glucosuivi.fr')).toBeDefined();
    expect(codeOf('camille.dupont@demo.glucosuivi.fr')).toBeUndefined();
    const jean = lines.find((l) => l.startsWith('jean.martin@'))!.split(/\s+/)[1];
    const jar = new CookieJar();
    jar.store(await built.app.inject({ method: 'POST', url: '/api/accounts/sign-in', payload: { email: 'jean.martin@demo.glucosuivi.fr', password: jean }, headers: { origin: 'http://localhost:3000' }, remoteAddress: '10.9.2.1' }));
    const invite = (c: string) =>
      built.app.inject({ method: 'POST', url: '/api/care-team/invitations/professional', headers: { ...jar.header(), origin: 'http://localhost:3000' }, payload: { code: c, categories: ['glucose'] } });
    // Jean is already in Dr Bernard's care team: her code finds her (conflict), a made-up one finds nobody.
    expect((await invite(code!)).statusCode).toBe(409);
    expect((await invite('ZZZZ9999')).statusCode).toBe(404);
  });

  it('lets Camille book a slot of Dr Bernard or of the nurse in the next 14 days (in person: no VIDEO_BASE_URL here)', async () => {
    const lines = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8').trim().split('\n');
    const password = lines.find((l) => l.startsWith('camille.dupont@'))!.split(/\s+/)[1];
    const jar = new CookieJar();
    jar.store(await built.app.inject({ method: 'POST', url: '/api/accounts/sign-in', payload: { email: 'camille.dupont@demo.glucosuivi.fr', password }, headers: { origin: 'http://localhost:3000' }, remoteAddress: '10.9.4.1' }));
    const professionals = (await built.app.inject({ url: '/api/appointments/professionals', headers: jar.header() })).json().professionals as { professionalId: string; firstName: string; hasAvailability: boolean }[];
    expect(professionals.map((p) => [p.firstName, p.hasAvailability]).sort()).toEqual([
      ['Claire', true],
      ['Lucas', true],
    ]);
    const in14Days = now.getTime() + 14 * 86_400_000;
    for (const professional of professionals) {
      const list = (await built.app.inject({ url: `/api/appointments/professionals/${professional.professionalId}/slots?weeks=2`, headers: jar.header() })).json();
      const slots = list.slots as { startsAt: string; mode: string; address: string | null }[];
      expect(slots.length, professional.firstName).toBeGreaterThan(0);
      for (const slot of slots) {
        expect(Date.parse(slot.startsAt)).toBeGreaterThan(now.getTime());
        expect(Date.parse(slot.startsAt)).toBeLessThan(in14Days);
        expect(slot.mode).toBe('in_person');
        expect(slot.address).toMatch(/75011 Paris$/);
      }
    }
    const doctorId = professionals.find((p) => p.firstName === 'Claire')!.professionalId;
    const first = (await built.app.inject({ url: `/api/appointments/professionals/${doctorId}/slots?weeks=2`, headers: jar.header() })).json().slots[0];
    const booked = await built.app.inject({ method: 'POST', url: '/api/appointments', headers: { ...jar.header(), origin: 'http://localhost:3000' }, payload: { professionalId: doctorId, startsAt: first.startsAt } });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ status: 'requested', startsAt: first.startsAt, mode: 'in_person' });
  });

  it("gives Camille and Dr Bernard a short conversation, Camille's last message not yet read", async () => {
    const lines = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8').trim().split('\n');
    const signIn = async (email: string, address: string) => {
      const password = lines.find((l) => l.startsWith(email))!.split(/\s+/)[1];
      const jar = new CookieJar();
      jar.store(await built.app.inject({ method: 'POST', url: '/api/accounts/sign-in', payload: { email, password }, headers: { origin: 'http://localhost:3000' }, remoteAddress: address }));
      return jar;
    };
    const doctor = await signIn('dr.bernard@demo.glucosuivi.fr', '10.9.3.1');
    const list = (await built.app.inject({ url: '/api/messages/conversations', headers: doctor.header() })).json();
    expect(list.totalUnread).toBe(1);
    const withCamille = list.items.find((c: { counterpart: { firstName: string } }) => c.counterpart.firstName === 'Camille');
    expect(withCamille.unreadCount).toBe(1);
    const page = (await built.app.inject({ url: `/api/messages/conversations/${withCamille.linkId}/messages`, headers: doctor.header() })).json();
    expect(page.items.map((m: { mine: boolean; status: string }) => [m.mine, m.status])).toEqual([
      [false, 'sent'],
      [true, 'read'],
      [false, 'read'],
    ]);
  });
});

