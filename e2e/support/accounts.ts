import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Cookie, Page } from '@playwright/test';

export const BASE = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;
/** Every state-changing call carries the page's origin, as a browser does. */
export const ORIGIN = { Origin: BASE };
/** Long and unpredictable enough for zxcvbn (score ≥ 2), not tied to the person's name. */
export const PASSWORD = 'Quartz-Violon-Marée-7319';
export const ADMIN_EMAIL = 'admin@glucosuivi.fr';

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${randomBytes(3).toString('hex')}@example.test`;
}

export interface NewAccount {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  role?: 'patient' | 'doctor';
  medicalLicense?: string;
  language?: 'fr' | 'en' | 'es';
}

/** Registers through the API; with `page.request` the session cookie lands in the page's browser. */
export async function apiSignUp(request: APIRequestContext, account: NewAccount) {
  const password = account.password ?? PASSWORD;
  const response = await request.post('/api/accounts/sign-up', {
    headers: ORIGIN,
    data: {
      email: account.email,
      password,
      confirmPassword: password,
      firstName: account.firstName ?? 'Camille',
      role: account.role ?? 'patient',
      language: account.language ?? 'fr',
      ...(account.lastName ? { lastName: account.lastName } : {}),
      ...(account.medicalLicense ? { medicalLicense: account.medicalLicense } : {}),
    },
  });
  return response;
}

/** A demo account's password, from the list the seed writes in the e2e server's data folder. */
export function demoPassword(email: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see e2e/playwright.config.ts)');
  const line = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .find((l) => l.trim().startsWith(`${email} `));
  const password = line?.trim().split(/\s+/)[1];
  if (!password) throw new Error(`${email} is not in demo-accounts.txt (was the demo seeded?)`);
  return password;
}

export async function apiSignIn(request: APIRequestContext, email: string, password = PASSWORD) {
  return request.post('/api/accounts/sign-in', { headers: ORIGIN, data: { email, password } });
}

/** RFC 4648 base32 (the otpauth secret) to bytes. */
function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = input.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP: HMAC-SHA1, 30 s steps, 6 digits. */
export function totp(secret: string, at = Date.now(), stepSeconds = 30, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / stepSeconds)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = ((hmac[offset]! & 0x7f) << 24) | (hmac[offset + 1]! << 16) | (hmac[offset + 2]! << 8) | hmac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** Waits, if needed, so that a fresh code stays valid for at least `margin` ms. */
export async function freshTotp(secret: string, margin = 5_000): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 200));
  return totp(secret);
}

/**
 * Signs in as the administrator the demo seed created (a sign-up with an ADMIN_EMAILS address is a
 * plain patient): its random password and authenticator key are read from the throw-away data
 * folders of the e2e server (DATA_DIR/demo-accounts.txt, `totp:<key>` in the third column). The
 * administrator has two-factor sign-in, so the password step is followed by a TOTP code — and a
 * code is good once, so only one sign-in fits in a 30-second step. The journeys therefore share
 * one administrator session: the first sign-in keeps its cookies in the data folder, and later
 * journeys take them, after checking that the session still opens an admin endpoint (no journey
 * signs the administrator out; one that did would only send the next journey back to the code).
 */
export async function signInAsAdmin(page: Page): Promise<boolean> {
  for (const admin of demoAdministrators()) {
    const sessionFile = join(admin.dir, 'admin-session.json');
    if (existsSync(sessionFile)) {
      try {
        await page.context().addCookies(JSON.parse(readFileSync(sessionFile, 'utf8')) as Cookie[]);
        if ((await page.request.get('/api/admin/specialties')).ok()) return true;
      } catch {
        // a session file being written or from another server: sign in again
      }
    }
    if (!(await apiSignIn(page.request, ADMIN_EMAIL, admin.password)).ok()) continue;
    if (!admin.totp || !(await completeAdminTotp(page.request, admin))) return false;
    const written = `${sessionFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(written, JSON.stringify(await page.context().cookies(BASE)));
    renameSync(written, sessionFile);
    return true;
  }
  return false;
}

/**
 * The second step of the administrator's sign-in. A TOTP code is accepted once (replay
 * protection): journeys running side by side claim a time-step each through a file in the data
 * folder, and a journey whose step is taken waits for the next one and uses its code. The seed's
 * enrolment spent the step it ran in: a code refused as spent is the same case, so the password
 * step is made again and the next step's code used.
 */
async function completeAdminTotp(request: APIRequestContext, admin: DemoAdministrator): Promise<boolean> {
  for (let attempt = 0; attempt < 4; attempt++) {
    if (attempt > 0 && !(await apiSignIn(request, ADMIN_EMAIL, admin.password)).ok()) return false;
    const code = await claimTotpStep(admin);
    const verified = await request.post('/api/accounts/two-factor/verify', { headers: ORIGIN, data: { code } });
    if (verified.ok()) return true;
  }
  return false;
}

/** Waits for a 30-second step no other journey claimed (with at least 3 s of it left) and returns its code. */
async function claimTotpStep(admin: DemoAdministrator): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    const left = (step + 1) * 30_000 - now;
    if (left >= 3_000) {
      try {
        writeFileSync(join(admin.dir, `admin-totp-step-${step}`), String(process.pid), { flag: 'wx' });
        return totp(admin.totp!, now);
      } catch {
        // another journey holds this step: the next one
      }
    }
    await new Promise((resolve) => setTimeout(resolve, left + 200));
  }
}

interface DemoAdministrator {
  password: string;
  totp: string | null;
  /** The data folder the line came from (where time-steps are claimed). */
  dir: string;
}

function demoAdministrators(): DemoAdministrator[] {
  const root = tmpdir();
  const known = process.env.E2E_DATA_DIR ? [process.env.E2E_DATA_DIR] : [];
  const dirs = readdirSync(root)
    .filter((name) => name.startsWith('glucosuivi-e2e-'))
    .map((name) => join(root, name))
    .filter((dir) => existsSync(join(dir, 'demo-accounts.txt')))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const found: DemoAdministrator[] = [];
  for (const dir of [...known.filter((d) => existsSync(join(d, 'demo-accounts.txt'))), ...dirs.slice(0, 3)]) {
    try {
      for (const line of readFileSync(join(dir, 'demo-accounts.txt'), 'utf8').split('\n')) {
        const [email, password, key] = line.trim().split(/\s+/);
        if (email === ADMIN_EMAIL && password) found.push({ password, totp: key?.startsWith('totp:') ? key.slice(5) : null, dir });
      }
    } catch {
      // another user's folder, or gone: skip it
    }
  }
  return found;
}

/** Collects the app's own report of translation keys missing from every catalog. */
export function trackMissingKeys(page: Page): string[] {
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('i18n: missing key')) missing.push(message.text());
  });
  return missing;
}

export { axe, axeViolations } from './axe';
