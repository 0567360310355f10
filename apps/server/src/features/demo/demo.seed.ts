import { createHmac, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { createAdministrator, seedAccount, type AccountsDeps } from '../accounts/accounts.service';
import { confirmTwoFactor } from '../accounts/account-credentials.service';
import { doctors } from '../doctor/doctor.tables';
import { scheduleEveryRefresh } from '../advice/advice-signals.service';
import { seedForumDemo } from '../community/community.seed';
import { seedDemoAvailability } from './demo-availability.seed';
import type { Actor, Database, Tx } from '../../platform/db/database';
import { bulkLoadingDatabase, inOneTransaction } from '../../platform/db/bulk-load';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { generateManualReadings } from '@glucosuivi/domain/demo/manual-generator';
import { GLUCOSE_BATCH_MAX } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { MeasurementInput } from '@glucosuivi/domain/measurements/measurements.schemas';
import { createMeasurement, insertGlucoseBatch } from '../measurements/measurement-entry.service';
import type { MeasurementsDeps } from '../measurements/measurements.service';
import { createInProcessEventBus } from '../../platform/events/event-bus';
import type { CareTeamDeps } from '../care-team/care-team.service';
import { inviteProfessional } from '../care-team/invitations.service';
import { createShareLink } from '../care-team/share-links.service';
import { listConversations, markReceipts, sendMessage, type MessagesDeps } from '../messages/messages.service';
import { grantPremiumUntil } from '../subscription/subscription.service';
import { CGM_PROFILES } from '@glucosuivi/domain/demo/cgm-generator';
import type { ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';

export interface DemoAccount {
  email: string;
  password: string;
  role: string;
  description: string;
  /** The authenticator key (base32) of an account with two-factor sign-in. */
  totpSecret?: string;
}


// The seed fills a new database before anyone reads it: no cache to forget, no alert to e-mail.
const seedEvents = createInProcessEventBus({ warn: () => undefined });

/** A strong random password that is still easy to type: three groups of letters and digits. */
function demoPassword(alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'): string {
  const bytes = randomBytes(15);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10, 15)}`;
}

/**
 * Seeds the demo accounts of PRODUCT.md §6 on a new database. Passwords are random, printed
 * once on the console and kept in DATA_DIR/demo-accounts.txt (readable by the owner only).
 */
export async function seedDemo(deps: {
  accountsDeps: AccountsDeps;
  database: Database;
  dataDir: string;
  adminEmail: string;
  now: Date;
  /** Days of demo history (90 for the demo; tests use fewer). */
  days?: number;
  /** VIDEO_BASE_URL: the professionals also offer video slots when set. */
  videoBaseUrl?: string | undefined;
}) {
  const days = deps.days ?? 90;
  const accounts: DemoAccount[] = [];
  const ids = new Map<string, string>();
  const add = async (
    input: { email: string; firstName: string; lastName: string; role: 'patient' | 'doctor'; medicalLicense?: string; speciality?: string },
    description: string,
  ) => {
    const password = demoPassword();
    const created = await seedAccount(deps.accountsDeps, { ...input, password, confirmPassword: password, language: 'fr' });
    ids.set(input.email, created.value.user.id);
    accounts.push({ email: input.email, password, role: input.role, description });
  };

  // The care-team population's accounts are made while the rest goes in: their password hashing
  // runs on libuv's threads while this thread has other work, the demo accounts' hashing included.
  const population = createPopulation(deps.accountsDeps);
  population.catch(() => undefined);

  await add({ email: 'camille.dupont@demo.glucosuivi.fr', firstName: 'Camille', lastName: 'Dupont', role: 'patient' }, 'patiente type 1 avec capteur (CGM)');
  await add({ email: 'jean.martin@demo.glucosuivi.fr', firstName: 'Jean', lastName: 'Martin', role: 'patient' }, 'patient type 2 avec lecteur');
  await add(
    { email: 'dr.bernard@demo.glucosuivi.fr', firstName: 'Claire', lastName: 'Bernard', role: 'doctor', medicalLicense: '10003456786', speciality: 'diabetologue' },
    'diabétologue',
  );
  await add(
    { email: 'infirmier.petit@demo.glucosuivi.fr', firstName: 'Lucas', lastName: 'Petit', role: 'doctor', medicalLicense: '10000000009', speciality: 'infirmier' },
    'infirmier',
  );
  // The administrator goes through the same explicit path as `npm run admin:create` (verified address).
  const admin = await createAdministrator(deps.accountsDeps, { email: deps.adminEmail, password: demoPassword(), firstName: 'Admin', lastName: 'GlucoSuivi' });
  ids.set(admin.email, admin.userId);
  // Administrators act only with two-factor sign-in on: the demo's is enrolled, its key listed with its password.
  const totpSecret = await enrolSecondFactor(deps.accountsDeps, admin);
  accounts.push({ email: admin.email, password: admin.password, role: 'admin', description: 'administrateur', totpSecret });

  const measurements: MeasurementsDeps = { database: deps.database, clock: { now: () => deps.now }, events: seedEvents };
  // Jean's measurements one by one as he would enter them, in one transaction (one commit, one
  // recompute of his days' aggregates), and first, while the readings table is nearly empty.
  await inOneTransaction(
    deps.database,
    (database) => seedManualPatient({ ...measurements, database }, { userId: ids.get('jean.martin@demo.glucosuivi.fr')!, role: 'patient' }, deps.now, days),
    rebuildDailyAggregates,
  );
  await seedCgmPatient(cgmUploads(measurements), { userId: ids.get('camille.dupont@demo.glucosuivi.fr')!, role: 'patient' }, deps.now, days);
  // Camille (sensor) shows premium for a year: advanced advice, PDF reports without a limit, a followed site. Jean stays free.
  await grantPremiumUntil(measurements, ids.get('camille.dupont@demo.glucosuivi.fr')!, new Date(deps.now.getTime() + 365 * 86_400_000));

  const shareUrl = await seedCareTeam({
    accountsDeps: deps.accountsDeps,
    database: deps.database,
    now: deps.now,
    days: Math.min(14, days),
    population,
    ids: {
      camille: ids.get('camille.dupont@demo.glucosuivi.fr')!,
      jean: ids.get('jean.martin@demo.glucosuivi.fr')!,
    },
  });

  await seedConversation(deps.database, deps.now, { userId: ids.get('camille.dupont@demo.glucosuivi.fr')!, role: 'patient' }, { userId: ids.get('dr.bernard@demo.glucosuivi.fr')!, role: 'doctor' });
  // The professionals' weekly schedules, so a demo patient can book a slot in the coming days.
  await seedDemoAvailability(deps, {
    doctor: { userId: ids.get('dr.bernard@demo.glucosuivi.fr')!, role: 'doctor' },
    nurse: { userId: ids.get('infirmier.petit@demo.glucosuivi.fr')!, role: 'doctor' },
  });
  // A few forum threads under the demo patients' pseudonyms, so the community is not empty.
  await seedForumDemo(deps.database, deps.now, { cgm: ids.get('camille.dupont@demo.glucosuivi.fr')!, manual: ids.get('jean.martin@demo.glucosuivi.fr')! });
  // The care team's triage signals: due at once, computed by the job worker once the server listens.
  await scheduleEveryRefresh({ database: deps.database, clock: { now: () => deps.now } }, { spread: false });

  // The professionals' personal codes, so a demo patient can add them to a care team by code.
  const doctorIds = accounts.filter((a) => a.role === 'doctor').map((a) => ids.get(a.email)!);
  const codes = new Map(
    (await deps.database.db.select({ userId: doctors.userId, code: doctors.inviteCode }).from(doctors).where(inArray(doctors.userId, doctorIds))).map((d) => [d.userId, d.code]),
  );
  for (const account of accounts) {
    const code = codes.get(ids.get(account.email) ?? '');
    if (code) account.description = `${account.description}, code patient ${code}`;
  }
  const lines = accounts.map((a) => `${a.email}  ${a.password}  ${a.totpSecret ? `totp:${a.totpSecret}  ` : ''}(${a.description})`);
  writeFileSync(join(deps.dataDir, 'demo-accounts.txt'), `${lines.join('\n')}\n`, { mode: 0o600 });
  const announcement = [
    '',
    "Comptes de démonstration créés (mots de passe et clé d'authentification de l'administrateur affichés une seule fois, copie dans DATA_DIR/demo-accounts.txt) :",
    ...lines.map((l) => `  ${l}`),
    '',
    `Lien sécurisé de Camille (glycémie, 7 jours, à ouvrir sur l'adresse du serveur) : ${shareUrl}`,
    '',
  ].join('\n');
  return { accounts, announcement };
}

/** The current RFC 6238 code (HMAC-SHA1, 30 s, 6 digits) of a base32 key, as an authenticator app shows it. */
function totpNow(secret: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(Array.from({ length: Math.floor(bits.length / 8) }, (_, i) => parseInt(bits.slice(i * 8, i * 8 + 8), 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * Turns on two-factor sign-in for the demo administrator the way the settings page does
 * (password, then a first code from the key), through the credential layer; the sign-in it took
 * is ended. Returns the authenticator key. Its enrolment spends the current 30-second step: the
 * first sign-in uses a later code.
 */
async function enrolSecondFactor(accounts: AccountsDeps, admin: { userId: string; email: string; password: string }): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (setCookies: string[]) => {
    for (const cookie of setCookies) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const headers = () => new Headers({ origin: accounts.appUrl, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') });
  const signedIn = await accounts.auth.signIn({ email: admin.email, password: admin.password }, headers());
  if (signedIn.value.kind !== 'signed_in') throw new Error('demo administrator: sign-in before two-factor enrolment failed');
  keep(signedIn.setCookies);
  const enabled = await accounts.auth.enableTwoFactor(admin.password, headers());
  if (!enabled.value) throw new Error('demo administrator: two-factor enrolment refused');
  keep(enabled.setCookies);
  const secret = new URL(enabled.value.totpUri).searchParams.get('secret') ?? '';
  const actor: Actor = { userId: admin.userId, role: 'admin' };
  await confirmTwoFactor(accounts, actor, totpNow(secret), { headers: headers(), ip: '127.0.0.1', userAgent: 'seed' });
  await accounts.auth.revokeAllSessions(admin.userId);
  return secret;
}

/** A short exchange between Camille and Dr Bernard, her last reply not read yet: the inbox and the counts have something to show. */
async function seedConversation(database: Database, now: Date, camille: Actor, doctor: Actor) {
  const at = (hoursAgo: number): MessagesDeps => ({ database, clock: { now: () => new Date(now.getTime() - hoursAgo * 3_600_000) }, events: seedEvents });
  const conversation = (await listConversations(at(0), camille)).items.find((c) => c.counterpart.userId === doctor.userId);
  if (!conversation) return;
  const exchange: [Actor, number, string][] = [
    [camille, 50, 'Bonjour Docteur, mon capteur montre des hypos vers 3 h du matin plusieurs nuits de suite.'],
    [doctor, 47, "Bonjour Camille, merci de me prévenir. Notez ce que vous mangez le soir et l'heure de vos hypos cette semaine ; nous en parlerons au prochain rendez-vous."],
    [camille, 20, "D'accord, je note tout. La nuit dernière encore une hypo à 3 h, resucrée avec 15 g de sucre."],
  ];
  for (const [sender, hoursAgo, text] of exchange) {
    const sent = await sendMessage(at(hoursAgo), sender, conversation.linkId, text);
    const reader = sender === camille ? doctor : camille;
    // Everything was read except Camille's last message, which Dr Bernard has yet to open.
    if (hoursAgo > 20) await markReceipts(at(hoursAgo - 1), reader, conversation.linkId, sent.id, 'read');
  }
}

/**
 * Camille's sensor: last night's hypo gives a demo seeded at any hour an open alert to show
 * (PRODUCT.md §6: night hypos), and with the random ones of this seed her advice always names
 * recurring night hypos over 14 days (checked over a year of seeding times in demo-advice.test.ts).
 */
export const DEMO_CGM_SERIES = { seed: 20261101, profile: 'average', lastNightHypo: true } as const;

/** 90 days of 5-minute CGM readings, uploaded in batches as a CGM app would. */
async function seedCgmPatient(deps: MeasurementsDeps, actor: Actor, now: Date, days: number) {
  const series = generateCgmDays({ ...DEMO_CGM_SERIES, days, endAt: now.getTime() - 5 * 60_000 });
  for (let start = 0; start < series.t.length; start += GLUCOSE_BATCH_MAX) {
    const readings = [];
    for (let i = start; i < Math.min(series.t.length, start + GLUCOSE_BATCH_MAX); i++) {
      readings.push({ measuredAt: new Date(series.t[i]!).toISOString(), value: series.v[i]! });
    }
    await insertGlucoseBatch(deps, actor, { source: 'cgm', deviceId: 'demo-libre-3', unit: 'mg/dL', readings }, { allNew: true });
  }
}

/** A type-2 patient with a meter: glucose with meal context, HbA1c, lipids, blood pressure, weight. */
async function seedManualPatient(deps: MeasurementsDeps, actor: Actor, now: Date, days: number) {
  const data = generateManualReadings({ seed: 20261102, days, endAt: now.getTime() - 10 * 60_000, profile: 'average' });
  const at = (ms: number) => new Date(ms).toISOString();
  const inputs: MeasurementInput[] = [
    ...data.glucose.map((g): MeasurementInput => ({ kind: 'glucose', measuredAt: at(g.measuredAt), value: g.mgdl, unit: 'mg/dL', context: g.context, source: 'meter' })),
    ...data.hba1c.map((h): MeasurementInput => ({ kind: 'hba1c', measuredAt: at(h.measuredAt), value: h.percent, unit: '%', method: 'lab' })),
    ...data.lipids.map(
      (l): MeasurementInput => ({ kind: 'lipids', measuredAt: at(l.measuredAt), unit: 'mg/dL', total: l.totalMgdl, hdl: l.hdlMgdl, ldl: l.ldlMgdl, triglycerides: l.triglyceridesMgdl }),
    ),
    ...data.bloodPressure.map(
      (b): MeasurementInput => ({ kind: 'blood_pressure', measuredAt: at(b.measuredAt), systolic: b.systolic, diastolic: b.diastolic, pulse: b.pulse }),
    ),
    ...data.weight.map((w): MeasurementInput => ({ kind: 'weight', measuredAt: at(w.measuredAt), kg: w.kg })),
  ];
  for (const input of inputs) await createMeasurement(deps, actor, input);
}

const FIRST_NAMES = ['Léa', 'Hugo', 'Chloé', 'Louis', 'Manon', 'Gabriel', 'Inès', 'Arthur', 'Jade', 'Jules', 'Louise', 'Adam', 'Emma', 'Raphaël', 'Alice', 'Paul', 'Lina', 'Nathan', 'Rose', 'Tom', 'Anna', 'Noah', 'Zoé', 'Victor', 'Mila', 'Ethan', 'Sarah', 'Lucas'];
const LAST_NAMES = ['Moreau', 'Laurent', 'Simon', 'Michel', 'Lefebvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard', 'Bonnet', 'Dupuis', 'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Lefèvre', 'Faure', 'André', 'Mercier', 'Blanc', 'Guérin', 'Boyer', 'Garnier', 'Chevalier'];
const SCOPE_SETS: ShareCategory[][] = [
  ['glucose', 'hba1c', 'alerts'],
  ['glucose', 'alerts'],
  ['glucose', 'hba1c', 'blood_pressure', 'weight', 'alerts'],
  ['glucose'],
  ['hba1c', 'blood_pressure', 'weight'],
];

/**
 * The 28 other patients' accounts (ids in order), four at a time: their password hashing keeps
 * libuv's four threads busy beside the rest of the seed, which has work for this thread meanwhile.
 */
async function createPopulation(accountsDeps: AccountsDeps): Promise<string[]> {
  const ids = new Array<string>(28);
  let next = 0;
  const createNext = async (): Promise<void> => {
    for (let i = next++; i < ids.length; i = next++) {
      // Never shown, so letters only (15 of 46, ~83 bits): the strength check, which tries
      // digits as letters ("4" for "a"…), takes a fraction of the time on them.
      const password = demoPassword('abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ');
      const created = await seedAccount(accountsDeps, {
        email: `patient${String(i + 1).padStart(2, '0')}@demo.glucosuivi.fr`,
        firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
        lastName: LAST_NAMES[i % LAST_NAMES.length]!,
        role: 'patient',
        password,
        confirmPassword: password,
        language: 'fr',
      });
      ids[i] = created.value.user.id;
    }
  };
  await Promise.all(Array.from({ length: 4 }, createNext));
  return ids;
}

/**
 * The demo's CGM uploads go through the app's own path (insertGlucoseBatch) as bulk loads on the
 * embedded database (platform/db/bulk-load.ts), each committed apart.
 */
export function cgmUploads(deps: MeasurementsDeps): MeasurementsDeps {
  return { ...deps, database: bulkLoadingDatabase(deps.database, rebuildDailyAggregates) };
}

/**
 * What the readings' triggers keep, redone at the end of a bulk load: each patient's daily
 * aggregates, rebuilt by the function the triggers use (which reads each day through the primary
 * key: without hash and merge joins, migration 0030).
 */
async function rebuildDailyAggregates(tx: Tx, actors: readonly Actor[]): Promise<void> {
  for (const actor of actors) await tx.execute(sql`select glucose_daily_aggregates_rebuild(${actor.userId})`);
}

/**
 * The care-team demo: Dr Bernard follows 30 patients of varied control (the two demo patients and
 * 28 others with 14 days of CGM, whose random passwords are never shown: they are not demo
 * logins), the nurse follows 5 of them, and Camille has one active share link. Links are made as
 * the patients would (invitation by the professional's e-mail), so the demo uses the real rules.
 */
async function seedCareTeam(deps: {
  accountsDeps: AccountsDeps;
  database: Database;
  now: Date;
  days: number;
  population: Promise<string[]>;
  ids: { camille: string; jean: string };
}): Promise<string> {
  const clock = { now: () => deps.now };
  const careTeam: CareTeamDeps = { database: deps.database, clock, mailer: { send: async () => undefined }, appUrl: '', events: seedEvents };
  const measurements: MeasurementsDeps = { database: deps.database, clock, events: seedEvents };
  const doctorEmail = 'dr.bernard@demo.glucosuivi.fr';
  const nurseEmail = 'infirmier.petit@demo.glucosuivi.fr';
  const ALL: ShareCategory[] = ['glucose', 'hba1c', 'lipids', 'blood_pressure', 'weight', 'events', 'reports', 'alerts'];
  const camille: Actor = { userId: deps.ids.camille, role: 'patient' };
  const jean: Actor = { userId: deps.ids.jean, role: 'patient' };
  await inviteProfessional(careTeam, camille, { email: doctorEmail, categories: ALL });
  await inviteProfessional(careTeam, jean, { email: doctorEmail, categories: ['glucose', 'hba1c', 'blood_pressure'] });
  await inviteProfessional(careTeam, camille, { email: nurseEmail, categories: ['glucose', 'alerts'] });

  const uploads = cgmUploads(measurements);
  for (const [i, userId] of (await deps.population).entries()) {
    const actor: Actor = { userId, role: 'patient' };
    const profile = CGM_PROFILES[i % CGM_PROFILES.length];
    const series = generateCgmDays({ seed: 9000 + i, days: deps.days, endAt: deps.now.getTime() - 5 * 60_000, profile });
    // A few patients stopped wearing their sensor a while ago: "not enough data" in the list.
    const keepFrom = i % 7 === 3 ? Math.floor(series.t.length * 0.6) : 0;
    const readings = [];
    for (let k = 0; k < series.t.length - keepFrom; k++) readings.push({ measuredAt: new Date(series.t[k]!).toISOString(), value: series.v[k]! });
    await insertGlucoseBatch(uploads, actor, { source: 'cgm', deviceId: `demo-cgm-${i}`, unit: 'mg/dL', readings }, { allNew: true });
    const hba1c = 6 + ((i * 7) % 30) / 10;
    await createMeasurement(measurements, actor, { kind: 'hba1c', measuredAt: new Date(deps.now.getTime() - (20 + i) * 86_400_000).toISOString(), value: hba1c, unit: '%', method: 'lab' });
    await inviteProfessional(careTeam, actor, { email: doctorEmail, categories: SCOPE_SETS[i % SCOPE_SETS.length]! });
    if (i < 4) await inviteProfessional(careTeam, actor, { email: nurseEmail, categories: ['glucose', 'alerts'] });
  }

  const link = await createShareLink(careTeam, camille, {
    categories: ['glucose', 'hba1c'],
    from: new Date(deps.now.getTime() - 14 * 86_400_000).toISOString(),
    to: deps.now.toISOString(),
    expiresInHours: 7 * 24,
    label: 'Dr Durand (remplaçant)',
  });
  return link.path;
}
