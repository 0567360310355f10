// Reminders at scale (issue 14, "must show" 5): PATIENTS patients with two daily reminders each
// (one at 08:00 for every tenth patient, the rest spread over the day), in Europe/Paris. The
// clock walks WINDOW minutes from 07:00 local, one minute at a time; each minute runs the
// scheduler as the `reminders.schedule` job does (claim the due rows, insert the occurrences,
// move each reminder to its next occurrence, write the in-app notifications, enqueue the
// channel jobs, publish the events), then a job worker of JOB_CONCURRENCY delivers the channel
// jobs: web push to a real push service on loopback (web-push-testing, encrypted and VAPID
// signed) and e-mail to a real SMTP server on loopback, through the app's own senders.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/reminders.ts
//   PATIENTS=2000 WINDOW=30 npx tsx bench/reminders.ts            (PGlite, a smoke run)
//
// Results → bench/results/reminders-<engine>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { buildAppWithServices } from '../apps/server/src/app';
import { fixedClock } from '../apps/server/src/platform/clock';
import { rowsOf } from '../apps/server/src/platform/db/open-database';
import { createJobWorker } from '../apps/server/src/platform/jobs/job-worker';
import { createMailer } from '../apps/server/src/platform/mail';
import { createWebPushSender } from '../apps/server/src/platform/push/web-push-sender';
import { pushSubscriptions } from '../apps/server/src/features/notifications/notifications.tables';
import { runReminderScheduler } from '../apps/server/src/features/reminders/reminder-delivery.service';
import { createTestDatabase, MIGRATIONS_FOLDER } from '../apps/server/src/test/test-database';
import { startSmtpServer } from '../apps/server/src/test/smtp';
import { startTestPushService } from '../apps/server/src/test/push-service';

const PATIENTS = Number(process.env.PATIENTS ?? 100_000);
const WINDOW = Number(process.env.WINDOW ?? 120);
const JOB_CONCURRENCY = Number(process.env.JOB_CONCURRENCY ?? 16);
// One patient in CHANNEL_EVERY has the e-mail channel on, another the push channel.
const CHANNEL_EVERY = Number(process.env.CHANNEL_EVERY ?? 50);
const PEAK_MINUTE = 8 * 60;
const DAY = '2026-11-03';
// 07:00 in Paris on that day (UTC+1 in November).
const WINDOW_START = new Date(`${DAY}T06:00:00Z`);
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';

const smtp = await startSmtpServer();
const pushService = await startTestPushService();
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@glucosuivi.fr' };
const database = await createTestDatabase();
const clock = fixedClock(new Date(WINDOW_START.getTime() - 3_600_000));
const built = await buildAppWithServices({
  database,
  clock,
  migrationsFolder: MIGRATIONS_FOLDER,
  version: 'bench',
  mailer: createMailer({ smtpUrl: smtp.url, from: 'GlucoSuivi <noreply@glucosuivi.fr>', outboxDir: 'unused' }),
  push: createWebPushSender({ ...vapid, allowHttp: true }),
  authSecret: 'bench-secret-bench-secret-bench-secret-0123456789',
  publicUrl: 'http://localhost:3000',
  adminEmails: [],
  logger: false,
});
await built.app.ready();
const worker = createJobWorker({
  database,
  handlers: built.jobs.handlers,
  clock,
  log: { info: () => undefined, warn: (obj, msg) => log('job warning', msg, obj), error: (obj, msg) => log('job error', msg, obj) },
  concurrency: JOB_CONCURRENCY,
});
const db = database.db;
const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);

/* ------------------------------------------------------------------------------------ seeding */

const seedStarted = Date.now();
log(`seeding ${PATIENTS} patients × 2 reminders on ${engine}`);
const hhmm = (minute: string) => sql.raw(`lpad((${minute} / 60)::text, 2, '0') || ':' || lpad((${minute} % 60)::text, 2, '0')`);
for (let start = 0; start < PATIENTS; start += 10_000) {
  const end = Math.min(PATIENTS, start + 10_000) - 1;
  const ids = sql`generate_series(${start}::int, ${end}::int) i`;
  await db.execute(sql`insert into "user" (id, name, email, email_verified) select 'rb-' || i, 'P', 'rb-' || i || '@example.test', true from ${ids}`);
  await db.execute(sql`insert into profiles (id, email, first_name, user_type) select 'rb-' || i, 'rb-' || i || '@example.test', 'Camille', 'patient' from ${ids}`);
  await db.execute(sql`
    insert into user_settings (user_id, email_alerts, notifications_push, language, timezone)
    select 'rb-' || i, i % ${CHANNEL_EVERY} = 0, i % ${CHANNEL_EVERY} = 1, (array['fr', 'en', 'es'])[1 + i % 3], 'Europe/Paris' from ${ids}`);
  // Two reminders a patient: the first at 08:00 for every tenth patient, else spread over the
  // day; the second spread too. next_due_at is the first occurrence at or after 07:00 local,
  // where the window starts (as if the scheduler had run every minute before it).
  await db.execute(sql`
    with planned as (
      select i, r, case when r = 0 and i % 10 = 0 then ${PEAK_MINUTE} when r = 0 then (i * 37) % 1440 else (i * 53 + 720) % 1440 end as m
      from ${ids}, generate_series(0, 1) r
    )
    insert into reminders (patient_id, kind, label, schedule, time_zone, starts_on, send_email, send_push, next_due_at, created_at, updated_at)
    select 'rb-' || i, 'measurement', 'Glycémie',
      jsonb_build_object('type', 'weekly', 'times', jsonb_build_array(${hhmm('m')}), 'days', jsonb_build_array(1, 2, 3, 4, 5, 6, 7)),
      'Europe/Paris', '2026-11-01', i % ${CHANNEL_EVERY} = 0, i % ${CHANNEL_EVERY} = 1,
      ((${DAY}::date + case when m < 420 then 1 else 0 end)::timestamp + make_interval(mins => m)) at time zone 'Europe/Paris',
      now(), now()
    from planned`);
}
// A real browser subscription (keys from the push service) for each push patient.
const pushPatients = rowsOf<{ id: string }>(await db.execute(sql`select id from "user" where id like 'rb-%' and substr(id, 4)::int % ${CHANNEL_EVERY} = 1`));
for (let k = 0; k < pushPatients.length; k += 50) {
  const chunk = pushPatients.slice(k, k + 50);
  const subscriptions = await Promise.all(chunk.map(() => pushService.subscribe(vapid.publicKey)));
  await db.insert(pushSubscriptions).values(
    chunk.map((patient, n) => {
      const browser = subscriptions[n] as (typeof subscriptions)[number];
      return { userId: patient.id, endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth, createdAt: new Date() };
    }),
  );
}
await db.execute(sql`analyze`);
const seedSeconds = (Date.now() - seedStarted) / 1000;
log(`seeded in ${seedSeconds.toFixed(1)} s (${pushPatients.length} browsers subscribed)`);

/* ------------------------------------------------------------------------------------ the window */

interface Minute {
  at: string;
  fired: number;
  schedulerMs: number;
  channelJobs: number;
  deliveryMs: number;
}
const minutes: Minute[] = [];
const channelJobsDone = () => count(sql`select count(*) as n from jobs where name in ('notify.push', 'push.send', 'notify.email') and status = 'done'`);
let doneBefore = await channelJobsDone();
for (let k = 0; k < WINDOW; k++) {
  // A few seconds into the minute, as the job queue's slot would start it.
  clock.set(new Date(WINDOW_START.getTime() + k * 60_000 + 2_000));
  const schedulerStart = performance.now();
  const run = await runReminderScheduler({ database, clock, events: built.events });
  const schedulerMs = performance.now() - schedulerStart;
  const deliveryStart = performance.now();
  await worker.runDue();
  const deliveryMs = performance.now() - deliveryStart;
  const doneNow = await channelJobsDone();
  minutes.push({ at: clock.now().toISOString(), fired: run.fired, schedulerMs, channelJobs: doneNow - doneBefore, deliveryMs });
  doneBefore = doneNow;
  if (k % 15 === 0 || run.fired > 1000) log(`${clock.now().toISOString().slice(11, 16)}Z fired ${run.fired} in ${schedulerMs.toFixed(0)} ms; ${minutes.at(-1)?.channelJobs} channel jobs in ${deliveryMs.toFixed(0)} ms`);
}

/* ------------------------------------------------------------------------------------ checks and figures */

const fired = minutes.reduce((sum, m) => sum + m.fired, 0);
const expected = await count(sql`
  select count(*) as n from reminders r
  where r.next_due_at is not null and r.patient_id like 'rb-%'
    and (r.schedule->'times'->>0) >= '07:00' and (r.schedule->'times'->>0) < ${`${String(7 + Math.floor(WINDOW / 60)).padStart(2, '0')}:${String(WINDOW % 60).padStart(2, '0')}`}`);
const occurrences = await count(sql`select count(*) as n from reminder_occurrences`);
const inApp = await count(sql`select count(*) as n from notifications where kind = 'reminder'`);
const failedJobs = await count(sql`select count(*) as n from jobs where status = 'failed'`);
const emailJobs = await count(sql`select count(*) as n from jobs where name = 'notify.email' and status = 'done'`);
const pushJobs = await count(sql`select count(*) as n from jobs where name = 'push.send' and status = 'done'`);
const r1 = (value: number) => Math.round(value * 10) / 10;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const pct = (values: number[], p: number) => {
  const s = sorted(values);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ordinary = minutes.filter((m) => m.fired < 1000);
const peak = minutes.reduce((a, b) => (b.fired > a.fired ? b : a));
const deliveryMsTotal = minutes.reduce((sum, m) => sum + m.deliveryMs, 0);
const channelJobs = minutes.reduce((sum, m) => sum + m.channelJobs, 0);
const schedulerMsTotal = minutes.reduce((sum, m) => sum + m.schedulerMs, 0);

const results = {
  date: new Date().toISOString(),
  engine,
  host: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
  patients: PATIENTS,
  reminders: PATIENTS * 2,
  windowMinutes: WINDOW,
  jobConcurrency: JOB_CONCURRENCY,
  seedSeconds: r1(seedSeconds),
  check: {
    fired,
    dueInWindow: expected,
    occurrences,
    inAppNotifications: inApp,
    failedJobs,
    emailsReceived: smtp.received.length,
    emailJobsDone: emailJobs,
    pushSendsDone: pushJobs,
  },
  scheduler: {
    ordinaryMinute: {
      fired: { p50: pct(ordinary.map((m) => m.fired), 50), max: Math.max(...ordinary.map((m) => m.fired)) },
      ms: { p50: r1(pct(ordinary.map((m) => m.schedulerMs), 50)), p95: r1(pct(ordinary.map((m) => m.schedulerMs), 95)), max: r1(Math.max(...ordinary.map((m) => m.schedulerMs))) },
    },
    peakMinute: { at: peak.at, fired: peak.fired, ms: r1(peak.schedulerMs) },
    occurrencesPerSecond: r1(fired / (schedulerMsTotal / 1000)),
  },
  delivery: {
    channelJobs,
    seconds: r1(deliveryMsTotal / 1000),
    jobsPerSecond: r1(channelJobs / (deliveryMsTotal / 1000)),
    peakMinute: { channelJobs: peak.channelJobs, ms: r1(peak.deliveryMs) },
  },
};
log(JSON.stringify(results, null, 2));
if (fired !== expected || occurrences !== fired || inApp !== fired || failedJobs !== 0 || smtp.received.length !== emailJobs) {
  log('MISMATCH: every due reminder must fire once, with one in-app notification, and every e-mail job must reach the SMTP server');
  process.exitCode = 1;
}
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`./results/reminders-${engine}.json`, import.meta.url), `${JSON.stringify(results, null, 2)}\n`);

await worker.stop();
await built.app.close();
await database.destroy();
await pushService.close();
await smtp.close();
