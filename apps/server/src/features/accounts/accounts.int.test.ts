import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CookieJar } from '../../test/cookie-jar';
import { totp } from '../../test/totp';
import { startSmtpServer } from '../../test/smtp';
import { createMailer } from '../../platform/mail';
import { rowsOf } from '../../platform/db/open-database';
import { user } from '../auth/auth.tables';
import { doctors } from '../doctor/doctor.tables';
import { profiles } from './accounts.tables';
import { eraseDueAccounts } from './accounts.service';
import { userSettings } from '../settings/settings.tables';
import { unzipTexts } from '../../test/unzip';

const ORIGIN = { origin: 'http://localhost:3000' };
const STRONG = 'Glyc3mie-Stable!42';
/** Tests making dozens of sign-ins: each checked password costs a deliberately slow hash. */
const SLOW_SIGN_INS = 180_000;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    mailer: createMailer({ smtpUrl: smtp.url, from: 'GlucoSuivi <no-reply@glucosuivi.fr>', outboxDir: '/nonexistent' }),
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let ipCounter = 1;
/** Each test signs up from its own address so throttling of one test never leaks into another. */
const nextIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function post(url: string, payload: unknown, jar?: CookieJar, ip = '127.0.0.1') {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...ORIGIN, ...(jar?.header() ?? {}) }, remoteAddress: ip });
  jar?.store(res);
  return res;
}

async function get(url: string, jar?: CookieJar) {
  const res = await t.app.inject({ method: 'GET', url, headers: jar?.header() ?? {} });
  jar?.store(res);
  return res;
}

function patient(email: string, extra: Record<string, unknown> = {}) {
  return { email, password: STRONG, confirmPassword: STRONG, firstName: 'Camille', lastName: 'Durand', role: 'patient', ...extra };
}

function issues(res: { json(): unknown }) {
  return errorBodySchema.parse(res.json()).error.issues?.map((i) => i.message) ?? [];
}

async function countUsers(email: string) {
  return (await t.database.db.select().from(user).where(eq(user.email, email))).length;
}

describe('sign-up', () => {
  it('registers a patient, signs them in and routes to /patient-dashboard', async () => {
    const jar = new CookieJar();
    const res = await post('/api/accounts/sign-up', patient('patient1@example.test'), jar, nextIp());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ redirectTo: '/patient-dashboard', user: { userType: 'patient', firstName: 'Camille', name: 'Camille' } });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/glucosuivi\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await get('/api/auth/get-session', jar);
    expect(session.json()).toMatchObject({ user: { email: 'patient1@example.test', userType: 'patient' } });
    const [settings] = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, session.json().user.id));
    expect(settings).toMatchObject({ notificationsPush: true, emailAlerts: false, dataSync: true, autoBackup: true, language: 'fr', glucoseUnit: 'mg/dl', timezone: 'Europe/Paris' });
    const doctorRows = await t.database.db.select().from(doctors).where(eq(doctors.userId, session.json().user.id));
    expect(doctorRows).toHaveLength(0);
  });

  it('registers a professional with a valid RPPS and speciality and routes to /doctor', async () => {
    const res = await post(
      '/api/accounts/sign-up',
      { ...patient('doc1@example.test'), role: 'doctor', firstName: 'Claire', lastName: 'Bernard', medicalLicense: '10003456786', speciality: 'diabetologue' },
      undefined,
      nextIp(),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ redirectTo: '/doctor', user: { userType: 'doctor', lastName: 'Bernard' } });
    const [row] = await t.database.db.select().from(doctors).where(eq(doctors.email, 'doc1@example.test'));
    expect(row).toMatchObject({ firstName: 'Claire', lastName: 'Bernard', medicalLicense: '10003456786', speciality: 'diabetologue' });
    expect(row?.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it.each([
    ['an RPPS with a wrong check digit', { role: 'doctor', medicalLicense: '10003456784' }, 'medicalLicenseChecksum'],
    ['an RPPS that is not 11 digits', { role: 'doctor', medicalLicense: '1000345678' }, 'medicalLicenseInvalid'],
    ['a missing RPPS for a professional', { role: 'doctor' }, 'medicalLicenseRequired'],
    ['mismatched passwords', { confirmPassword: 'Autre-Chose-99' }, 'passwordMismatch'],
    ['a short password', { password: 'a1!', confirmPassword: 'a1!' }, 'passwordTooShort'],
    ['a very guessable password', { password: 'azerty', confirmPassword: 'azerty' }, 'passwordTooWeak'],
    ['a missing first name', { firstName: '' }, 'firstNameRequired'],
    ['an unknown speciality', { role: 'doctor', medicalLicense: '10003456786', speciality: 'astrologue' }, 'specialityInvalid'],
  ])('refuses %s with its message key and creates nothing', async (_label, change, key) => {
    const email = `refused-${key}@example.test`;
    const res = await post('/api/accounts/sign-up', patient(email, change), undefined, nextIp());
    expect(res.statusCode).toBe(400);
    expect(issues(res)).toContain(key);
    expect(await countUsers(email)).toBe(0);
  });

  it.each([
    ['userType admin', { userType: 'admin' }],
    ['role admin', { role: 'admin' }],
    ['an extra field', { isAdmin: true }],
  ])('refuses %s sent by hand: no admin is ever created', async (_label, change) => {
    const email = `sneaky-${Object.keys(change)[0]}@example.test`;
    const res = await post('/api/accounts/sign-up', patient(email, change), undefined, nextIp());
    expect(res.statusCode).toBe(400);
    expect(await countUsers(email)).toBe(0);
    const admins = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from profiles where role = 'admin' or user_type = 'admin'`));
    expect(admins[0]?.n).toBe(0);
  });

  it('refuses a second account with the same e-mail', async () => {
    expect((await post('/api/accounts/sign-up', patient('twice@example.test'), undefined, nextIp())).statusCode).toBe(201);
    const again = await post('/api/accounts/sign-up', patient('TWICE@example.test'), undefined, nextIp());
    expect(again.statusCode).toBe(409);
    expect(errorBodySchema.parse(again.json()).error.code).toBe('email_taken');
  });

  it('sends the welcome e-mail through SMTP in the language of the sign-up', async () => {
    await post('/api/accounts/sign-up', patient('bienvenue@example.test', { language: 'fr' }), undefined, nextIp());
    await post('/api/accounts/sign-up', patient('bienvenido@example.test', { language: 'es' }), undefined, nextIp());
    const fr = await smtp.waitFor((m) => m.to.includes('bienvenue@example.test'));
    const es = await smtp.waitFor((m) => m.to.includes('bienvenido@example.test'));
    expect(fr?.subject).toBe('Bienvenue sur GlucoSuivi');
    expect(fr?.from).toBe('no-reply@glucosuivi.fr');
    expect(es?.subject).toBe('Bienvenido a GlucoSuivi');
  });
});

describe('sign-in, roles and sign-out', () => {
  it('signs in with the right destination per role and signs out', async () => {
    await post('/api/accounts/sign-up', patient('role-patient@example.test'), undefined, nextIp());
    await post('/api/accounts/sign-up', { ...patient('role-doc@example.test'), role: 'doctor', lastName: 'Roux', medicalLicense: '10000000009' }, undefined, nextIp());
    // Signing up with an ADMIN_EMAILS address gives a plain patient: the address is not proved
    // (the administrator is made explicitly, email-ownership.int.test.ts).
    await post('/api/accounts/sign-up', patient('admin@glucosuivi.fr', { firstName: 'Admin' }), undefined, nextIp());

    for (const [email, destination, type] of [
      ['role-patient@example.test', '/patient-dashboard', 'patient'],
      ['role-doc@example.test', '/doctor', 'doctor'],
      ['admin@glucosuivi.fr', '/patient-dashboard', 'patient'],
    ] as const) {
      const jar = new CookieJar();
      const res = await post('/api/accounts/sign-in', { email, password: STRONG }, jar, nextIp());
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toMatchObject({ status: 'signed_in', redirectTo: destination, user: { userType: type } });
      const out = await post('/api/accounts/sign-out', {}, jar);
      expect(out.statusCode).toBe(200);
      expect((await get('/api/auth/get-session', jar)).json()).toBeNull();
    }
  });

  it('answers a wrong password with invalid_credentials and writes the audit', async () => {
    await post('/api/accounts/sign-up', patient('audit@example.test'), undefined, nextIp());
    const res = await post('/api/accounts/sign-in', { email: 'audit@example.test', password: 'mauvais-mot-de-passe' }, undefined, nextIp());
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('invalid_credentials');
    await post('/api/accounts/sign-in', { email: 'audit@example.test', password: STRONG }, undefined, nextIp());
    const events = rowsOf<{ event: string }>(
      await t.database.db.execute(sql`select event from auth_audit where email = 'audit@example.test' order by created_at, event`),
    ).map((r) => r.event);
    expect(events).toEqual(expect.arrayContaining(['sign_up', 'sign_in_failure', 'sign_in_success']));
  });

  it(
    'caps failures of one account from many addresses; another account still signs in, and the owner gets past with the e-mailed unlock link',
    async () => {
      await post('/api/accounts/sign-up', patient('target@example.test'), undefined, nextIp());
      await post('/api/accounts/sign-up', patient('bystander@example.test'), undefined, nextIp());
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 55; attempt++) {
        // A different address every time: the per-account ceiling must hold on its own.
        const res = await post(
          '/api/accounts/sign-in',
          { email: 'target@example.test', password: `wrong-${attempt}` },
          undefined,
          nextIp(),
        );
        statuses.push(res.statusCode);
      }
      expect(statuses.indexOf(429)).toBe(50);
      expect(statuses.slice(50).every((s) => s === 429)).toBe(true);
      // From an address that never signed in, even the right password waits for the window's end.
      const refused = await post(
        '/api/accounts/sign-in',
        { email: 'target@example.test', password: STRONG },
        undefined,
        nextIp(),
      );
      expect(refused.statusCode).toBe(429);
      const other = await post(
        '/api/accounts/sign-in',
        { email: 'bystander@example.test', password: STRONG },
        undefined,
        nextIp(),
      );
      expect(other.statusCode).toBe(200);

      // The owner, on a browser that never signed in, asks for the e-mailed unlock link: the
      // answer is the same as for an address without an account, and only the owner gets mail.
      const ownerIp = nextIp();
      const browser = new CookieJar();
      const askedUnknown = await post('/api/accounts/sign-in/unlock-link', { email: 'no-account@example.test' }, undefined, ownerIp);
      const asked = await post('/api/accounts/sign-in/unlock-link', { email: 'target@example.test' }, browser, ownerIp);
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toBe(askedUnknown.body);
      const mail = await smtp.waitFor((m) => m.to.includes('target@example.test') && decodeQuotedPrintable(m.raw).includes('/auth/unlock?token='));
      expect(smtp.received.some((m) => m.to.includes('no-account@example.test'))).toBe(false);
      const token = /\/auth\/unlock\?token=([A-Za-z0-9_.-]+)/.exec(decodeQuotedPrintable(mail.raw))?.[1];
      expect(token).toBeTruthy();
      const forged = `${token!.split('.')[0]}.${'A'.repeat(43)}`;
      const refusedForgery = await post('/api/accounts/sign-in/unlock', { token: forged }, browser, ownerIp);
      expect(refusedForgery.statusCode).toBe(400);
      expect(refusedForgery.json()).toMatchObject({ error: { code: 'unlock_link_invalid' } });
      expect((await post('/api/accounts/sign-in/unlock', { token }, browser, ownerIp)).statusCode).toBe(200);
      expect(browser.header().cookie).toMatch(/glucosuivi\.device=/);
      // The link works once, and only for the browser that followed it.
      expect((await post('/api/accounts/sign-in/unlock', { token }, new CookieJar(), nextIp())).statusCode).toBe(400);
      expect((await post('/api/accounts/sign-in', { email: 'target@example.test', password: STRONG }, undefined, nextIp())).statusCode).toBe(429);
      const owner = await post('/api/accounts/sign-in', { email: 'target@example.test', password: STRONG }, browser, ownerIp);
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({ status: 'signed_in' });
    },
    SLOW_SIGN_INS,
  );

  it('slows one client after five failures with a growing wait, answered as 429 with Retry-After and minutes', async () => {
    await post('/api/accounts/sign-up', patient('slowed@example.test'), undefined, nextIp());
    const ip = nextIp();
    const attempt = () =>
      post(
        '/api/accounts/sign-in',
        { email: 'slowed@example.test', password: 'pas-le-bon' },
        undefined,
        ip,
      );
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const waiting = await attempt();
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('60');
    expect(errorBodySchema.parse(waiting.json()).error).toMatchObject({
      code: 'rate_limited',
      params: { retryAfterMinutes: 1 },
    });
    // Another address is not slowed by this one's failures.
    expect(
      (
        await post(
          '/api/accounts/sign-in',
          { email: 'slowed@example.test', password: STRONG },
          undefined,
          nextIp(),
        )
      ).statusCode,
    ).toBe(200);
    t.clock.advance(61_000);
    expect((await attempt()).statusCode).toBe(401);
    const longer = await attempt();
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('120');
    expect(errorBodySchema.parse(longer.json()).error.params).toEqual({ retryAfterMinutes: 2 });
    t.clock.advance(121_000);
    // The right password from the slowed address, once its wait is over, forgives its failures.
    expect(
      (
        await post(
          '/api/accounts/sign-in',
          { email: 'slowed@example.test', password: STRONG },
          undefined,
          ip,
        )
      ).statusCode,
    ).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt()).statusCode).toBe(401);
  });

  it(
    'lets the owner sign in from their known device while an attacker hammers the account from other addresses',
    async () => {
      await post('/api/accounts/sign-up', patient('owner@example.test'), undefined, nextIp());
      const ownerIp = nextIp();
      const device = new CookieJar();
      expect(
        (
          await post(
            '/api/accounts/sign-in',
            { email: 'owner@example.test', password: STRONG },
            device,
            ownerIp,
          )
        ).statusCode,
      ).toBe(200);
      expect(device.header().cookie).toMatch(/glucosuivi\.device=/);
      await post('/api/accounts/sign-out', {}, device, ownerIp);

      const attacker: number[] = [];
      for (let i = 0; i < 80; i++) {
        // Ten addresses, eight guesses each: beyond the per-client waits and the account ceiling.
        const res = await post(
          '/api/accounts/sign-in',
          { email: 'owner@example.test', password: `guess-${i}` },
          undefined,
          `10.66.0.${(i % 10) + 1}`,
        );
        attacker.push(res.statusCode);
      }
      expect(attacker.filter((s) => s === 429).length).toBeGreaterThan(20);
      expect(attacker.filter((s) => s === 401).length).toBeLessThanOrEqual(50);
      // The attacker's own next try, even with the right password, is refused …
      expect(
        (
          await post(
            '/api/accounts/sign-in',
            { email: 'owner@example.test', password: STRONG },
            undefined,
            '10.66.0.1',
          )
        ).statusCode,
      ).toBe(429);
      // … while the owner, from the device that signed in before, still signs in (and can mistype once).
      expect(
        (
          await post(
            '/api/accounts/sign-in',
            { email: 'owner@example.test', password: 'faute-de-frappe' },
            device,
            ownerIp,
          )
        ).statusCode,
      ).toBe(401);
      const owner = await post(
        '/api/accounts/sign-in',
        { email: 'owner@example.test', password: STRONG },
        device,
        ownerIp,
      );
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({ status: 'signed_in' });
    },
    SLOW_SIGN_INS,
  );

  it('throttles one address trying many accounts', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      statuses.push((await post('/api/accounts/sign-in', { email: `nobody${i}@example.test`, password: 'x' }, undefined, ip)).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  }, SLOW_SIGN_INS);
});

describe('two-factor sign-in', () => {
  it('needs the TOTP code after enrolment, and a backup code works exactly once', async () => {
    const jar = new CookieJar();
    await post('/api/accounts/sign-up', patient('totp@example.test'), jar, nextIp());
    const enabled = await post('/api/accounts/two-factor/enable', { password: STRONG }, jar, nextIp());
    expect(enabled.statusCode).toBe(200);
    const { totpUri, backupCodes } = enabled.json() as { totpUri: string; backupCodes: string[] };
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/GlucoSuivi/);
    expect(backupCodes).toHaveLength(10);
    const confirmed = await post('/api/accounts/two-factor/confirm', { code: totp(totpUri) }, jar, nextIp());
    expect(confirmed.statusCode).toBe(200);
    const settings = await t.app.inject({ url: '/api/settings', headers: jar.header() });
    expect(settings.json()).toMatchObject({ twoFactorAuth: true });
    await post('/api/accounts/sign-out', {}, jar);

    const second = new CookieJar();
    const step1 = await post('/api/accounts/sign-in', { email: 'totp@example.test', password: STRONG }, second, nextIp());
    expect(step1.json()).toEqual({ status: 'two_factor_required' });
    expect((await get('/api/auth/get-session', second)).json()).toBeNull();
    const wrong = await post('/api/accounts/two-factor/verify', { code: totp(totpUri) === '000000' ? '111111' : '000000' }, second, nextIp());
    expect(wrong.statusCode).toBe(400);
    // The enrolment spent its code's time-step; the next step's code is accepted one step ahead.
    const step2 = await post('/api/accounts/two-factor/verify', { code: totp(totpUri, Date.now() + 30_000) }, second, nextIp());
    expect(step2.statusCode).toBe(200);
    expect(step2.json()).toMatchObject({ status: 'signed_in', redirectTo: '/patient-dashboard' });
    expect((await get('/api/auth/get-session', second)).json()).toMatchObject({ user: { email: 'totp@example.test', twoFactorEnabled: true } });

    for (const expected of [200, 400]) {
      const jar3 = new CookieJar();
      await post('/api/accounts/sign-in', { email: 'totp@example.test', password: STRONG }, jar3, nextIp());
      const backup = await post('/api/accounts/two-factor/backup-code', { code: backupCodes[0] }, jar3, nextIp());
      expect(backup.statusCode).toBe(expected);
    }
  });
});

describe('settings', () => {
  it('reads the defaults, applies a change at once and refuses unknown or invalid fields', async () => {
    const jar = new CookieJar();
    await post('/api/accounts/sign-up', patient('settings@example.test'), jar, nextIp());
    const initial = await t.app.inject({ url: '/api/settings', headers: jar.header() });
    expect(initial.json()).toMatchObject({ emailAlerts: false, glucoseUnit: 'mg/dl', language: 'fr' });
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/settings', payload, headers: { ...ORIGIN, ...jar.header() } });
    const changed = await patch({ glucoseUnit: 'mmol/l', emailAlerts: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ glucoseUnit: 'mmol/l', emailAlerts: true });
    expect((await patch({ glucoseUnit: 'mmol' })).statusCode).toBe(400);
    expect((await patch({ twoFactorAuth: true })).statusCode).toBe(400);
    expect((await patch({ timezone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    const after = await t.app.inject({ url: '/api/settings', headers: jar.header() });
    expect(after.json()).toMatchObject({ glucoseUnit: 'mmol/l', emailAlerts: true, twoFactorAuth: false, timezone: 'Europe/Paris' });
  });

  it('refuses a request without a session', async () => {
    expect((await t.app.inject({ url: '/api/settings' })).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('locks at once, and after 30 days no row of the user remains in any table', async () => {
    const jar = new CookieJar();
    const created = await post('/api/accounts/sign-up', patient('leaving@example.test'), jar, nextIp());
    const userId = (created.json() as { user: { id: string } }).user.id;
    await t.app.inject({ method: 'PATCH', url: '/api/settings', payload: { darkMode: true }, headers: { ...ORIGIN, ...jar.header() } });

    const requested = await post('/api/accounts/deletion', { confirm: true }, jar, nextIp());
    expect(requested.statusCode).toBe(202);
    expect((await get('/api/auth/get-session', jar)).json()).toBeNull();
    expect((await t.app.inject({ url: '/api/settings', headers: jar.header() })).statusCode).toBe(401);

    const { buildAppWithServices } = await import('../../app');
    const { accountsDeps } = await buildAppWithServices({
      database: t.database,
      clock: t.clock,
      migrationsFolder: '',
      version: 'test',
      mailer: { send: async () => undefined },
      authSecret: 'test-secret-test-secret-test-secret-0123456789',
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
    });
    t.clock.advance(29 * 24 * 3600_000);
    expect(await eraseDueAccounts(accountsDeps)).toBe(0);
    t.clock.advance(2 * 24 * 3600_000);
    expect(await eraseDueAccounts(accountsDeps)).toBe(1);

    const tables = rowsOf<{ table: string; column: string }>(
      await t.database.db.execute(sql`
        select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and column_name in ('id', 'user_id', 'patient_id')`),
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { table, column } of tables) {
      const rows = rowsOf<{ n: number }>(
        await t.database.db.execute(sql.raw(`select count(*)::int as n from "${table}" where "${column}"::text = '${userId}'`)),
      );
      expect(rows[0]?.n, `${table}.${column}`).toBe(0);
    }
    expect(await t.database.db.select().from(profiles).where(eq(profiles.email, 'leaving@example.test'))).toHaveLength(0);
  });

  it('is cancelled by signing in within the grace period', async () => {
    const jar = new CookieJar();
    await post('/api/accounts/sign-up', patient('staying@example.test'), jar, nextIp());
    await post('/api/accounts/deletion', { confirm: true }, jar, nextIp());
    const again = await post('/api/accounts/sign-in', { email: 'staying@example.test', password: STRONG }, jar, nextIp());
    expect(again.json()).toMatchObject({ status: 'signed_in', deletionCancelled: true });
    expect((await get('/api/auth/get-session', jar)).json()).toMatchObject({ user: { email: 'staying@example.test' } });
  });
});

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link in a message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('password reset, e-mail change and data download', () => {
  it('resets the password through the e-mailed link, which works once and ends every session', async () => {
    const jar = new CookieJar();
    await post('/api/accounts/sign-up', patient('forgot@example.test', { language: 'en' }), jar, nextIp());
    const unknown = await post('/api/accounts/password/forgot', { email: 'nobody-here@example.test' }, undefined, nextIp());
    const known = await post('/api/accounts/password/forgot', { email: 'forgot@example.test' }, undefined, nextIp());
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mail = await smtp.waitFor((m) => m.to.includes('forgot@example.test') && m.subject.includes('Reset'));
    const token = /mode=reset&token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw))?.[1];
    expect(token).toBeTruthy();
    const newPassword = 'Nouveau-Secret-2027!';
    const reset = await post('/api/accounts/password/reset', { token, password: newPassword, confirmPassword: newPassword }, undefined, nextIp());
    expect(reset.statusCode).toBe(200);
    expect((await get('/api/auth/get-session', jar)).json()).toBeNull();
    expect((await post('/api/accounts/password/reset', { token, password: newPassword, confirmPassword: newPassword }, undefined, nextIp())).statusCode).toBe(400);
    expect((await post('/api/accounts/sign-in', { email: 'forgot@example.test', password: STRONG }, undefined, nextIp())).statusCode).toBe(401);
    expect((await post('/api/accounts/sign-in', { email: 'forgot@example.test', password: newPassword }, undefined, nextIp())).statusCode).toBe(200);
  });

  it('changes the e-mail only with the right password and the link sent to the new address', async () => {
    const jar = new CookieJar();
    await post('/api/accounts/sign-up', patient('old-address@example.test'), jar, nextIp());
    expect((await post('/api/accounts/email', { newEmail: 'new-address@example.test', password: 'wrong' }, jar, nextIp())).statusCode).toBe(401);
    expect((await post('/api/accounts/email', { newEmail: 'new-address@example.test', password: STRONG }, jar, nextIp())).statusCode).toBe(200);
    expect((await get('/api/auth/get-session', jar)).json()).toMatchObject({ user: { email: 'old-address@example.test' } });
    const mail = await smtp.waitFor((m) => m.to.includes('new-address@example.test'));
    const token = /email\/confirm\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw))?.[1];
    expect((await post('/api/accounts/email/confirm', { token }, jar, nextIp())).statusCode).toBe(200);
    expect((await get('/api/auth/get-session', jar)).json()).toMatchObject({ user: { email: 'new-address@example.test' } });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.email, 'new-address@example.test'));
    expect(profile).toBeDefined();
    expect((await post('/api/accounts/sign-in', { email: 'new-address@example.test', password: STRONG }, undefined, nextIp())).statusCode).toBe(200);
  });

  it('downloads a ZIP with the account data and no secret', async () => {
    const jar = new CookieJar();
    await post('/api/accounts/sign-up', patient('export@example.test'), jar, nextIp());
    const res = await t.app.inject({ url: '/api/accounts/export.zip', headers: jar.header() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const body = res.rawPayload;
    expect(body.subarray(0, 4).toString('hex')).toBe('504b0304');
    // The entries are deflated: read them back with an independent reader.
    const files = unzipTexts(body);
    expect(Object.keys(files)).toContain('compte.json');
    const text = Object.values(files).join('\n');
    expect(text).toContain('export@example.test');
    expect(text).not.toMatch(/"password"|scrypt|backupCodes|"secret"/);
    expect((await t.app.inject({ url: '/api/accounts/export.zip' })).statusCode).toBe(401);
  });
});
