import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { adviceResponseSchema } from '@glucosuivi/domain/advice/advice.schemas';
import { careTeamSchema } from '@glucosuivi/domain/care-team/care-team.schemas';
import { triageListSchema, type TriageRow } from '@glucosuivi/domain/doctor/doctor.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { jobs } from '../../platform/jobs/jobs.tables';
import { ADVICE_SIGNAL_JOB, SIGNAL_WINDOW_MS } from './advice-signals.service';
import { adviceSignals } from './advice.tables';

// The test clock's day (Monday 2 November 2026, 10:00 in Paris).
const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** 14 days of CGM at 120 mg/dL with a 40-minute low at 03:00 (Paris) on two nights. */
function cgmWithTwoNightLows(): { measuredAt: string; value: number }[] {
  const lows = [Date.parse('2026-10-28T03:00:00+01:00'), Date.parse('2026-10-31T02:30:00+01:00')];
  const readings: { measuredAt: string; value: number }[] = [];
  for (let at = NOW - 14 * DAY; at < NOW; at += 5 * MINUTE) {
    const low = lows.some((start) => at >= start && at < start + 40 * MINUTE);
    readings.push({ measuredAt: iso(at), value: low ? 50 : 120 });
  }
  return readings;
}

describe("the triage list's advice signal", () => {
  let t: TestApp;
  let patient: TestUser;
  let glucoseDoctor: TestUser;
  let resultsDoctor: TestUser;
  const linkOf = new Map<string, string>();

  const post = (actor: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: actingAs(actor), payload });
  const triageRow = async (doctor: TestUser): Promise<TriageRow> => {
    const res = await t.app.inject({ url: '/api/doctor/patients', headers: actingAs(doctor) });
    expect(res.statusCode, res.body).toBe(200);
    return triageListSchema.parse(res.json()).items.find((row) => row.patientId === patient.userId)!;
  };
  /** What the professional reads on the patient's advice page over the triage's 14 days, in short. */
  const pageFindings = async (doctor: TestUser) => {
    const res = await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/advice?days=14`, headers: actingAs(doctor) });
    expect(res.statusCode, res.body).toBe(200);
    return adviceResponseSchema.parse(res.json()).findings.map(({ kind, severity }) => ({ kind, severity }));
  };
  /** Refreshes waiting, and among them those due now (the daily run also schedules some for later). */
  const queuedRefreshes = async () => {
    const queued = (await t.database.db.select().from(jobs).where(eq(jobs.name, ADVICE_SIGNAL_JOB))).filter((job) => job.status === 'queued');
    return { queued: queued.length, due: queued.filter((job) => job.runAt.getTime() <= t.clock.now().getTime()).length };
  };
  /** The refreshes the changes scheduled, run once their window has passed. */
  const runRefreshes = async () => {
    await vi.waitFor(async () => expect((await queuedRefreshes()).queued).toBeGreaterThan(0));
    expect((await queuedRefreshes()).due).toBe(0);
    t.clock.advance(SIGNAL_WINDOW_MS);
    await t.jobs.runDue();
    expect((await queuedRefreshes()).due).toBe(0);
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database, { firstName: 'Anne' });
    glucoseDoctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire' });
    resultsDoctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Denis' });
    expect((await post(patient, '/api/measurements/glucose/batch', { source: 'cgm', deviceId: 'libre', unit: 'mg/dL', readings: cgmWithTwoNightLows() })).statusCode).toBe(200);
    for (const payload of [
      { kind: 'hba1c', measuredAt: iso(NOW - 200 * DAY), value: 7.1, unit: '%' },
      { kind: 'hba1c', measuredAt: iso(NOW - 20 * DAY), value: 7.8, unit: '%' },
      { kind: 'lipids', measuredAt: iso(NOW - 40 * DAY), unit: 'mg/dL', ldl: 160 },
    ]) {
      expect((await post(patient, '/api/measurements', payload)).statusCode).toBe(201);
    }
    for (const [doctor, categories] of [
      [glucoseDoctor, ['glucose', 'alerts']],
      [resultsDoctor, ['hba1c', 'lipids']],
    ] as const) {
      const res = await post(patient, '/api/care-team/invitations/professional', { code: doctor.userId.slice(0, 8).toUpperCase(), categories });
      expect(res.statusCode).toBe(201);
    }
    const team = careTeamSchema.parse((await t.app.inject({ url: '/api/care-team', headers: actingAs(patient) })).json());
    for (const member of team.items) linkOf.set(member.professional.userId, member.linkId);
  }, 60_000);
  afterAll(async () => t?.close());

  it("shows each professional, once refreshed, exactly the findings of the patient's advice page for what that link shares", async () => {
    // Nothing computed yet: the list says so rather than "nothing to report".
    expect((await triageRow(glucoseDoctor)).advice).toBeNull();
    await runRefreshes();

    const glucose = await triageRow(glucoseDoctor);
    expect(glucose.advice?.findings).toEqual(await pageFindings(glucoseDoctor));
    expect(glucose.advice?.findings).toContainEqual({ kind: 'night_hypo', severity: 'urgent' });
    expect(glucose.advice?.computedAt).toBe(t.clock.now().toISOString());

    // The results-only professional: the HbA1c and LDL findings, nothing drawn from glucose.
    const results = await triageRow(resultsDoctor);
    expect(results.advice?.findings).toEqual(await pageFindings(resultsDoctor));
    expect(results.advice?.findings.map((finding) => finding.kind)).toEqual(['hba1c_rising', 'ldl_above_target']);
  });

  it('hides a signal computed from more than the link now shares until it is computed again, and forgets a revoked link', async () => {
    const glucoseLink = linkOf.get(glucoseDoctor.userId)!;
    const changed = await t.app.inject({ method: 'PUT', url: `/api/care-team/links/${glucoseLink}/categories`, headers: actingAs(patient), payload: { categories: ['hba1c'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    // At once: the stored signal names a night low the professional may no longer see.
    expect((await triageRow(glucoseDoctor)).advice).toBeNull();
    await runRefreshes();
    expect((await triageRow(glucoseDoctor)).advice?.findings).toEqual([{ kind: 'hba1c_rising', severity: 'attention' }]);

    const resultsLink = linkOf.get(resultsDoctor.userId)!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/care-team/links/${resultsLink}`, headers: actingAs(patient) })).statusCode).toBe(200);
    await runRefreshes();
    expect(await t.database.db.select().from(adviceSignals).where(eq(adviceSignals.linkId, resultsLink))).toEqual([]);
  });

  it('lets a professional read only the signal of their own active link, and a patient or an administrator none', async () => {
    const glucoseLink = linkOf.get(glucoseDoctor.userId)!;
    const readAs = (user: TestUser) => t.database.asActor({ userId: user.userId, role: user.role }, (tx) => tx.select({ linkId: adviceSignals.linkId }).from(adviceSignals));
    expect(await readAs(glucoseDoctor)).toEqual([{ linkId: glucoseLink }]);
    expect(await readAs(resultsDoctor)).toEqual([]);
    expect(await readAs(patient)).toEqual([]);
    const admin = await createTestUser(t.database, { role: 'admin' });
    expect(await readAs(admin)).toEqual([]);
  });
});
