import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { adviceResponseSchema, type AdviceFinding, type AdviceResponse, type FindingOf } from '@glucosuivi/domain/advice/advice.schemas';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { countVotesByKind } from './advice.repository';
import { adviceVoteTotals } from './advice.service';
import { adviceFeedback } from './advice.tables';
import { glucoseReadings } from '../measurements/measurements.tables';
import { grantPremiumUntil } from '../subscription/subscription.service';

// The test clock: Monday 2 November 2026, 10:00 in Paris (UTC+1 since 25 October).
const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** A Paris wall-clock time of a day after the October change of time (UTC+1). */
const paris = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`);

// Two nights with a low between midnight and 06:00, by the local date of the morning.
const HYPO_NIGHTS = [
  { date: '2026-10-28', from: paris('2026-10-28', '03:00'), mgdl: 62 },
  { date: '2026-10-31', from: paris('2026-10-31', '02:30'), mgdl: 50 },
];
const HYPO_MINUTES = 40;
// Three dinners at 19:30 followed by more than two hours above 180 mg/dL.
const DINNERS = ['2026-10-27', '2026-10-29', '2026-10-30'].map((date) => paris(date, '19:30'));

/** 14 days of 5-minute CGM readings at 120 mg/dL, with the lows and the post-dinner highs above. */
function cgmReadings(): { measuredAt: string; value: number }[] {
  const readings: { measuredAt: string; value: number }[] = [];
  for (let at = NOW - 14 * DAY; at < NOW; at += 5 * MINUTE) {
    let value = 120;
    for (const night of HYPO_NIGHTS) if (at >= night.from && at < night.from + HYPO_MINUTES * MINUTE) value = night.mgdl;
    for (const dinner of DINNERS) {
      const after = (at - dinner) / MINUTE;
      // A climb of 100 mg/dL within half an hour, 150 minutes at 220, then back down.
      if (after >= 15 && after < 45) value = 120 + ((after - 15) / 30) * 100;
      else if (after >= 45 && after < 195) value = 220;
    }
    readings.push({ measuredAt: iso(at), value: Math.round(value) });
  }
  return readings;
}

const kinds = (findings: AdviceFinding[]) => findings.map((f) => f.kind);
const find = <K extends AdviceFinding['kind']>(findings: AdviceFinding[], kind: K) => findings.find((f) => f.kind === kind) as FindingOf<K> | undefined;

describe('advice: the patient, the care team and the votes', () => {
  let t: TestApp;
  let patient: TestUser;
  let otherPatient: TestUser;
  let glucoseDoctor: TestUser;
  let mealsDoctor: TestUser;
  let pressureDoctor: TestUser;
  let stranger: TestUser;
  let revokedDoctor: TestUser;

  const post = (actor: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: actingAs(actor), payload });
  const link = async (d: TestUser, categories: string[]) => {
    const res = await post(patient, '/api/care-team/invitations/professional', { code: d.userId.slice(0, 8).toUpperCase(), categories });
    expect(res.statusCode).toBe(201);
  };
  const advice = async (actor: TestUser, url: string): Promise<AdviceResponse> => {
    const res = await t.app.inject({ url, headers: actingAs(actor) });
    expect(res.statusCode, res.body).toBe(200);
    return adviceResponseSchema.parse(res.json());
  };
  const feedbackRows = async () => (await t.database.db.select({ n: count() }).from(adviceFeedback))[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database, { firstName: 'Anne' });
    // Premium: the meal-by-meal finding is advanced advice (a free patient's view is tested below).
    await grantPremiumUntil(t, patient.userId, new Date(NOW + 365 * DAY));
    otherPatient = await createTestUser(t.database, { firstName: 'Bruno' });
    glucoseDoctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire' });
    mealsDoctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Denis' });
    pressureDoctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Eva' });
    stranger = await createTestUser(t.database, { role: 'doctor', firstName: 'Fabien' });
    revokedDoctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Gilles' });

    const batch = await post(patient, '/api/measurements/glucose/batch', { source: 'cgm', deviceId: 'libre', unit: 'mg/dL', readings: cgmReadings() });
    expect(batch.statusCode).toBe(200);
    for (const payload of [
      ...DINNERS.map((at) => ({ kind: 'event', measuredAt: iso(at), event: { type: 'carbs', grams: 80 } })),
      { kind: 'blood_pressure', measuredAt: iso(NOW - 3 * DAY), systolic: 152, diastolic: 94 },
      { kind: 'blood_pressure', measuredAt: iso(NOW - DAY), systolic: 148, diastolic: 92 },
      { kind: 'hba1c', measuredAt: iso(NOW - 200 * DAY), value: 7.1, unit: '%' },
      { kind: 'hba1c', measuredAt: iso(NOW - 20 * DAY), value: 7.8, unit: '%' },
      { kind: 'lipids', measuredAt: iso(NOW - 40 * DAY), unit: 'mg/dL', ldl: 160 },
    ]) {
      expect((await post(patient, '/api/measurements', payload)).statusCode).toBe(201);
    }
    await link(glucoseDoctor, ['glucose', 'blood_pressure']);
    await link(mealsDoctor, ['glucose', 'events']);
    await link(pressureDoctor, ['blood_pressure', 'weight']);
    await link(revokedDoctor, ['glucose']);
  }, 60_000);
  afterAll(async () => t?.close());

  it("gives the patient a night-hypo finding naming both nights, with the 15/15 rule and the emergency numbers, over the dashboard's period", async () => {
    const res = await t.app.inject({ url: '/api/advice', headers: actingAs(patient) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = adviceResponseSchema.parse(res.json());
    const period = lastLocalDays(NOW, 14, 'Europe/Paris');
    expect(body.period).toEqual({ start: period.from, end: NOW, days: 14 });
    expect(body.timeZone).toBe('Europe/Paris');
    expect(body.votes).toEqual({});
    expect(kinds(body.findings)).toEqual(['night_hypo', 'post_meal_high', 'hba1c_rising', 'blood_pressure_high', 'ldl_above_target']);
    expect(body.lockedPremium).toBe(0);

    const night = find(body.findings, 'night_hypo');
    expect(night?.severity).toBe('urgent');
    expect(night?.evidence.nights.map((n) => [n.date, n.lowestMgdl])).toEqual(HYPO_NIGHTS.map((n) => [n.date, n.mgdl]));
    expect(night?.evidence.nights.map((n) => n.start)).toEqual(HYPO_NIGHTS.map((n) => n.from));
    // A reading below 54 mg/dL in the period: the finding carries both safety messages.
    expect(night).toMatchObject({ showHypoTreatment: true, showEmergencyNumbers: true });

    const meals = find(body.findings, 'post_meal_high');
    expect(meals?.evidence.slots).toHaveLength(1);
    expect(meals?.evidence.slots[0]?.days.map((d) => [d.date, d.mealSource, d.mealAt])).toEqual(DINNERS.map((at) => [iso(at).slice(0, 10), 'tagged', at]));
    expect(find(body.findings, 'blood_pressure_high')?.evidence.highCount).toBe(2);
    expect(find(body.findings, 'ldl_above_target')?.evidence.latestMgdl).toBe(160);
    expect(find(body.findings, 'hba1c_rising')?.evidence.results.map((r) => r.percent)).toEqual([7.1, 7.8]);
  });

  it('reads 30 and 90 days too, and refuses any other period with the error model, storing nothing', async () => {
    expect((await advice(patient, '/api/advice?days=30')).period.days).toBe(30);
    expect((await advice(patient, '/api/advice?days=90')).period.days).toBe(90);
    const before = await feedbackRows();
    for (const days of ['7', '15', 'abc', '-14']) {
      const res = await t.app.inject({ url: `/api/advice?days=${days}`, headers: actingAs(patient) });
      expect(res.statusCode, days).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', requestId: expect.any(String), issues: expect.any(Array) });
    }
    expect((await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/advice?days=7`, headers: actingAs(glucoseDoctor) })).statusCode).toBe(400);
    expect(await feedbackRows()).toBe(before);
  });

  it('refuses a professional or an administrator on the patient endpoints', async () => {
    const admin = await createTestUser(t.database, { role: 'admin', firstName: 'Hugo' });
    for (const actor of [glucoseDoctor, admin]) {
      const read = await t.app.inject({ url: '/api/advice', headers: actingAs(actor) });
      expect([read.statusCode, read.json().error.code]).toEqual([403, 'forbidden']);
      const vote = await post(actor, '/api/advice/feedback', { kind: 'night_hypo', vote: 'useful' });
      expect([vote.statusCode, vote.json().error.code]).toEqual([403, 'forbidden']);
    }
    expect((await t.app.inject({ url: '/api/advice' })).statusCode).toBe(401);
  });

  it('shows a professional sharing glucose the same night-hypo finding, and no result that is not shared', async () => {
    const own = await advice(patient, '/api/advice');
    const seen = await advice(glucoseDoctor, `/api/doctor/patients/${patient.userId}/advice`);
    expect(seen.period).toEqual(own.period);
    expect(seen.votes).toEqual({});
    expect(kinds(seen.findings)).toEqual(['night_hypo', 'post_meal_high', 'blood_pressure_high']);
    expect(find(seen.findings, 'night_hypo')).toEqual(find(own.findings, 'night_hypo'));
    // Meals are the 'events' category: without it, the dinners are found from the rise alone.
    expect(find(seen.findings, 'post_meal_high')?.evidence.slots[0]?.days.map((d) => d.mealSource)).toEqual(['detected', 'detected', 'detected']);
    const withMeals = await advice(mealsDoctor, `/api/doctor/patients/${patient.userId}/advice`);
    expect(kinds(withMeals.findings)).toEqual(['night_hypo', 'post_meal_high']);
    expect(find(withMeals.findings, 'post_meal_high')).toEqual(find(own.findings, 'post_meal_high'));

    // The read is in the patient's access log, with the categories it drew on.
    const log = (await t.app.inject({ url: '/api/care-team/access-log', headers: actingAs(patient) })).json() as { items: { category: string; actorName: string }[] };
    const byClaire = log.items.filter((e) => e.actorName.startsWith('Claire')).map((e) => e.category);
    expect(byClaire.sort()).toEqual(['blood_pressure', 'glucose']);
  });

  it('holds the advanced finding back from the patient without premium, counted, never from their professional', async () => {
    try {
      // The premium period ended a moment ago.
      await grantPremiumUntil(t, patient.userId, new Date(NOW - 1));
      const own = await advice(patient, '/api/advice');
      expect(kinds(own.findings)).toEqual(['night_hypo', 'hba1c_rising', 'blood_pressure_high', 'ldl_above_target']);
      expect(own.lockedPremium).toBe(1);
      const seen = await advice(mealsDoctor, `/api/doctor/patients/${patient.userId}/advice`);
      expect(kinds(seen.findings)).toEqual(['night_hypo', 'post_meal_high']);
      expect(seen.lockedPremium).toBe(0);
    } finally {
      await grantPremiumUntil(t, patient.userId, new Date(NOW + 365 * DAY));
    }
    expect((await advice(patient, '/api/advice')).lockedPremium).toBe(0);
  });

  it('shows a professional without glucose no glucose finding at all, not even "not enough data", but the shared blood pressure', async () => {
    const seen = await advice(pressureDoctor, `/api/doctor/patients/${patient.userId}/advice?days=90`);
    expect(kinds(seen.findings)).toEqual(['blood_pressure_high']);
    // A patient without any reading: the patient is told the data is too thin, the professional is told nothing of it.
    const empty = await createTestUser(t.database, { firstName: 'Inès' });
    const res = await post(empty, '/api/care-team/invitations/professional', { code: pressureDoctor.userId.slice(0, 8).toUpperCase(), categories: ['blood_pressure'] });
    expect(res.statusCode).toBe(201);
    expect(kinds((await advice(empty, '/api/advice')).findings)).toEqual(['insufficient_data']);
    expect((await advice(pressureDoctor, `/api/doctor/patients/${empty.userId}/advice`)).findings).toEqual([]);
  });

  it('answers not_found without a link, after revocation, for an unknown patient and for a patient caller', async () => {
    expect((await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/advice`, headers: actingAs(revokedDoctor) })).statusCode).toBe(200);
    const team = (await t.app.inject({ url: '/api/care-team', headers: actingAs(patient) })).json() as { items: { linkId: string; professional: { firstName: string } }[] };
    const linkId = team.items.find((m) => m.professional.firstName === 'Gilles')?.linkId;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/care-team/links/${linkId}`, headers: actingAs(patient) })).statusCode).toBe(200);
    const callers: [string, TestUser, string][] = [
      ['no link', stranger, patient.userId],
      ['revoked link', revokedDoctor, patient.userId],
      ['unknown patient', glucoseDoctor, '00000000-0000-4000-8000-000000000000'],
      ['a patient', otherPatient, patient.userId],
      ['the patient themself', patient, patient.userId],
    ];
    for (const [who, actor, id] of callers) {
      const res = await t.app.inject({ url: `/api/doctor/patients/${id}/advice`, headers: actingAs(actor) });
      expect({ who, status: res.statusCode, code: res.json().error?.code }).toEqual({ who, status: 404, code: 'not_found' });
    }
  });

  it('stores one vote per kind, the second replacing the first, and shows it back', async () => {
    const first = await post(patient, '/api/advice/feedback', { kind: 'night_hypo', vote: 'useful' });
    expect([first.statusCode, first.json()]).toEqual([200, { ok: true }]);
    expect((await advice(patient, '/api/advice')).votes).toEqual({ night_hypo: 'useful' });
    t.clock.advance(MINUTE);
    expect((await post(patient, '/api/advice/feedback', { kind: 'night_hypo', vote: 'not_useful' })).statusCode).toBe(200);
    t.clock.set(new Date(NOW));
    expect((await post(patient, '/api/advice/feedback', { kind: 'blood_pressure_high', vote: 'useful' })).statusCode).toBe(200);
    expect((await advice(patient, '/api/advice')).votes).toEqual({ night_hypo: 'not_useful', blood_pressure_high: 'useful' });
    const rows = await t.database.db.select().from(adviceFeedback).where(eq(adviceFeedback.patientId, patient.userId));
    expect(rows.map((r) => [r.kind, r.vote, r.updatedAt.getTime()]).sort()).toEqual([
      ['blood_pressure_high', 'useful', NOW],
      ['night_hypo', 'not_useful', NOW + MINUTE],
    ]);
    // The professional never sees the patient's votes.
    expect((await advice(glucoseDoctor, `/api/doctor/patients/${patient.userId}/advice`)).votes).toEqual({});
  });

  it('refuses an unknown kind, an unknown vote or an extra field with 400, storing nothing', async () => {
    const before = await feedbackRows();
    for (const payload of [
      { kind: 'dose_advice', vote: 'useful' },
      { kind: 'night_hypo', vote: 'maybe' },
      { kind: 'night_hypo' },
      { kind: 'night_hypo', vote: 'useful', patientId: otherPatient.userId },
    ]) {
      const res = await post(patient, '/api/advice/feedback', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect(await feedbackRows()).toBe(before);
  });

  it('counts votes per kind across patients, without naming any', async () => {
    const voters = await Promise.all(['Jade', 'Karim', 'Léo'].map((firstName) => createTestUser(t.database, { firstName })));
    const votes: [TestUser, string, string][] = [
      [voters[0]!, 'dawn_rise', 'useful'],
      [voters[1]!, 'dawn_rise', 'useful'],
      [voters[2]!, 'dawn_rise', 'not_useful'],
      [voters[2]!, 'dawn_rise', 'useful'],
      [voters[0]!, 'tir_change', 'not_useful'],
    ];
    for (const [voter, kind, vote] of votes) expect((await post(voter, '/api/advice/feedback', { kind, vote })).statusCode).toBe(200);
    const counts = await countVotesByKind(t.database.db);
    expect(counts.filter((c) => c.kind === 'dawn_rise' || c.kind === 'tir_change')).toEqual([
      { kind: 'dawn_rise', vote: 'useful', count: 3 },
      { kind: 'tir_change', vote: 'not_useful', count: 1 },
    ]);
    // The patient's own votes of the test before are counted too, and no row carries a patient id.
    expect(counts).toContainEqual({ kind: 'night_hypo', vote: 'not_useful', count: 1 });
    for (const row of counts) expect(Object.keys(row).sort()).toEqual(['count', 'kind', 'vote']);
    // What an administrator's page will read: both votes side by side per kind.
    const totals = await adviceVoteTotals({ database: t.database });
    expect(totals.find((row) => row.kind === 'dawn_rise')).toEqual({ kind: 'dawn_rise', useful: 3, notUseful: 0 });
    expect(totals.find((row) => row.kind === 'tir_change')).toEqual({ kind: 'tir_change', useful: 0, notUseful: 1 });
  });
});

describe('advice: a low the patient felt', () => {
  let t: TestApp;
  let patient: TestUser;
  // Two nights at 62 mg/dL: lows, never below 54 (no severe episode).
  const nights = HYPO_NIGHTS.map((night) => ({ ...night, mgdl: 62 }));
  const nightHypo = async () => {
    const res = await t.app.inject({ url: '/api/advice', headers: actingAs(patient) });
    expect(res.statusCode, res.body).toBe(200);
    return find(adviceResponseSchema.parse(res.json()).findings, 'night_hypo');
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database, { firstName: 'Hélène' });
    const readings: { measuredAt: string; value: number }[] = [];
    for (let at = NOW - 14 * DAY; at < NOW; at += 5 * MINUTE) {
      const low = nights.find((night) => at >= night.from && at < night.from + HYPO_MINUTES * MINUTE);
      readings.push({ measuredAt: iso(at), value: low ? low.mgdl : 120 });
    }
    const batch = await t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(patient), payload: { source: 'cgm', deviceId: 'libre', unit: 'mg/dL', readings } });
    expect(batch.statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => t?.close());

  it('shows the 15/15 rule only once the patient records a low with symptoms, and no emergency numbers without a severe low', async () => {
    expect(await nightHypo()).toMatchObject({ showHypoTreatment: false, showEmergencyNumbers: false });

    // A finger-stick check during the first night's low, entered with "I feel symptoms".
    const felt = (nights[0] as { from: number }).from + 10 * MINUTE + 30_000;
    const entry = await t.app.inject({
      method: 'POST',
      url: '/api/measurements',
      headers: actingAs(patient),
      payload: { kind: 'glucose', measuredAt: iso(felt), value: 3.4, unit: 'mmol/L', symptomatic: true },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    expect(entry.json().measurement).toMatchObject({ kind: 'glucose', symptomatic: true });

    expect(await nightHypo()).toMatchObject({ showHypoTreatment: true, showEmergencyNumbers: false });
  });

  it('refuses a symptoms flag that is not a boolean, storing nothing', async () => {
    // Between two sensor readings (every 5 minutes from NOW), so any row there would be the refused one.
    const OFF_GRID = NOW - DAY + 2 * MINUTE;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/measurements',
      headers: actingAs(patient),
      payload: { kind: 'glucose', measuredAt: iso(OFF_GRID), value: 65, unit: 'mg/dL', symptomatic: 'oui' },
    });
    expect(res.statusCode).toBe(400);
    const stored = await t.database.db
      .select({ n: count() })
      .from(glucoseReadings)
      .where(and(eq(glucoseReadings.patientId, patient.userId), eq(glucoseReadings.measuredAt, new Date(OFF_GRID))));
    expect(stored[0]?.n).toBe(0);
  });
});
