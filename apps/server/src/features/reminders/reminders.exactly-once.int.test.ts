import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/open-database';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { startSmtpServer, type ReceivedMail } from '../../test/smtp';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

/*
 * Issue 14, "must show" 1: two real server processes on one PostgreSQL database, each running
 * its job worker; 1,000 reminders come due in the same minute with the e-mail channel on. Each
 * becomes exactly one occurrence row, one notification row and one e-mail in a real SMTP server
 * on loopback. Then again with `kill -9` of one server mid-run: nothing is lost, the rows are
 * still exactly once, and the e-mails carry one Message-ID per occurrence; a copy can only come
 * from a job the killed server had in hand when the SMTP server had already accepted it
 * (ADR 0010, 0011), so at most its worker's concurrency. PostgreSQL only (PGlite is one process).
 */

const REMINDERS = 1000;
// The test SMTP server holds each new connection 100 ms (early-talker check): more e-mail jobs at once.
const WORKER_CONCURRENCY = 16;
const SCHEDULE = JSON.stringify({ type: 'weekly', times: ['08:00'], days: [1, 2, 3, 4, 5, 6, 7] });

describe.skipIf(!process.env.DATABASE_URL)('reminders exactly once across two servers', () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let servers: ServerProcess[] = [];

  /** `round`'s patients (e-mail alerts on) and one reminder each, due now. */
  async function dueReminders(round: string): Promise<void> {
    await database.db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select ${round} || '-' || i, 'Patient', ${round} || '-' || i || '@example.test', true from generate_series(1, ${REMINDERS}) i`);
    await database.db.execute(sql`
      insert into profiles (id, email, first_name, user_type)
      select ${round} || '-' || i, ${round} || '-' || i || '@example.test', 'Camille', 'patient' from generate_series(1, ${REMINDERS}) i`);
    await database.db.execute(sql`
      insert into user_settings (user_id, email_alerts, notifications_push, language, timezone)
      select ${round} || '-' || i, true, false, 'fr', 'Europe/Paris' from generate_series(1, ${REMINDERS}) i`);
    // All due at the same instant, this very minute.
    await database.db.execute(sql`
      insert into reminders (patient_id, kind, label, schedule, time_zone, starts_on, send_email, send_push, next_due_at, created_at, updated_at)
      select ${round} || '-' || i, 'measurement', 'Glycémie du matin', ${SCHEDULE}::jsonb, 'Europe/Paris', '2026-01-01', true, false, date_trunc('minute', now()), now(), now()
      from generate_series(1, ${REMINDERS}) i`);
  }

  const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number | string }>(await database.db.execute(query))[0]?.n ?? 0);
  const occurrencesOf = (round: string) =>
    database.db.execute(sql`select o.id from reminder_occurrences o where o.patient_id like ${`${round}-%`}`).then((r) => rowsOf<{ id: string }>(r).map((row) => row.id));
  const notificationCount = (round: string) => count(sql`select count(*) as n from notifications where user_id like ${`${round}-%`}`);
  const unfinishedEmailJobs = (round: string) =>
    count(sql`select count(*) as n from jobs j join reminder_occurrences o on j.payload->>'subjectId' = o.id::text
      where j.name = 'notify.email' and j.status in ('queued', 'running') and o.patient_id like ${`${round}-%`}`);
  const mailsOf = (round: string): ReceivedMail[] => smtp.received.filter((mail) => mail.to[0]?.startsWith(`${round}-`));
  const messageIdOf = (mail: ReceivedMail) => /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(mail.raw)?.[1] ?? '';

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpServer();
    servers = await Promise.all(
      [0, 1].map(() =>
        startServerProcess({
          databaseUrl: database.url as string,
          env: {
            SMTP_URL: smtp.url,
            // A killed server's jobs are taken over after 4 s, not 5 minutes.
            JOB_LEASE_MS: '4000',
            // Every second rather than every minute, so the test does not wait for the next minute.
            REMINDER_SCHEDULE_EVERY_MS: '1000',
            JOB_CONCURRENCY: String(WORKER_CONCURRENCY),
          },
          readyTimeoutMs: 150_000,
        }),
      ),
    );
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await smtp?.close();
    await database?.destroy();
  });

  /** Waits until `round`'s e-mails cover every occurrence and no e-mail job of it is left, or fails after `ms`. */
  async function settle(round: string, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      const distinct = new Set(mailsOf(round).map(messageIdOf)).size;
      if (distinct >= REMINDERS && (await unfinishedEmailJobs(round)) === 0) return;
      if (Date.now() > deadline) throw new Error(`round ${round}: ${distinct} distinct e-mails of ${REMINDERS} after ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Rows and e-mails of the round: each occurrence once, each e-mail named after its occurrence. */
  async function expectExactlyOnce(round: string): Promise<{ mails: number; distinct: number }> {
    const occurrences = await occurrencesOf(round);
    expect(occurrences).toHaveLength(REMINDERS);
    expect(new Set(occurrences).size).toBe(REMINDERS);
    expect(await count(sql`select count(distinct reminder_id) as n from reminder_occurrences where patient_id like ${`${round}-%`}`)).toBe(REMINDERS);
    expect(await notificationCount(round)).toBe(REMINDERS);
    const mails = mailsOf(round);
    const ids = new Set(mails.map(messageIdOf));
    expect(ids).toEqual(new Set(occurrences.map((id) => `<reminder.${id}.0@glucosuivi.local>`)));
    // Each patient got their own occurrence's e-mail.
    expect(new Set(mails.map((mail) => mail.to[0])).size).toBe(REMINDERS);
    return { mails: mails.length, distinct: ids.size };
  }

  it('1,000 reminders due in the same minute: 1,000 occurrences, notifications and e-mails, each once', async () => {
    const started = performance.now();
    await dueReminders('r1');
    await settle('r1', 45_000);
    const { mails, distinct } = await expectExactlyOnce('r1');
    expect(mails).toBe(REMINDERS);
    expect(distinct).toBe(REMINDERS);
    console.info(`[exactly-once] two servers: ${REMINDERS} reminders delivered in ${Math.round(performance.now() - started)} ms, ${mails} e-mails, 0 duplicates`);
  }, 60_000);

  it('kill -9 of one server mid-run: still every reminder, rows exactly once, at most the in-flight e-mails twice', async () => {
    const started = performance.now();
    await dueReminders('r2');
    // Mid-run: some e-mails out, most still to send.
    const deadline = Date.now() + 30_000;
    while (mailsOf('r2').length < 150) {
      if (Date.now() > deadline) throw new Error(`only ${mailsOf('r2').length} e-mails before the kill`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sentBeforeKill = mailsOf('r2').length;
    await servers[0]!.kill();
    await settle('r2', 45_000);
    const { mails, distinct } = await expectExactlyOnce('r2');
    expect(distinct).toBe(REMINDERS);
    const duplicates = mails - distinct;
    expect(duplicates).toBeGreaterThanOrEqual(0);
    expect(duplicates).toBeLessThanOrEqual(WORKER_CONCURRENCY);
    // The kill did interrupt work: jobs the dead server held were run again by the other one.
    const rerun = await count(sql`select count(*) as n from jobs j join reminder_occurrences o on j.payload->>'subjectId' = o.id::text
      where j.name = 'notify.email' and j.attempts > 1 and o.patient_id like 'r2-%'`);
    expect(rerun).toBeGreaterThan(0);
    console.info(
      `[exactly-once] kill -9 after ${sentBeforeKill} e-mails: ${REMINDERS} reminders delivered in ${Math.round(performance.now() - started)} ms, ` +
        `${rerun} e-mail job(s) run again after the lease, ${mails} e-mails, ${distinct} distinct Message-IDs, ${duplicates} duplicate(s)`,
    );
  }, 60_000);
});
