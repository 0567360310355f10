import { computeAdvice, type AdviceInput } from '@glucosuivi/domain/advice/advice.engine';
import { PREMIUM_KINDS } from '@glucosuivi/domain/advice/advice.finding';
import type { AdviceFeedback, AdviceFinding, AdviceKind, AdviceResponse } from '@glucosuivi/domain/advice/advice.schemas';
import type { ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';
import type { ColumnSeries } from '@glucosuivi/domain/glucose/series';
import { DAY_MS, lastLocalDays, type LocalDaysPeriod } from '@glucosuivi/domain/glucose/timezone';
import { glucoseBasis } from '@glucosuivi/domain/measurements/glucose-figures';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { ClientInfo } from '../../platform/http/client-info';
import type { EventBus } from '../../platform/events/event-bus';
import { withPatient } from '../doctor/doctor.service';
import { glucoseReadingsInTx } from '../measurements/measurements.service';
import { loadPatientContext, requirePatient, type PatientContext } from '../profile/profile.service';
import { hasEntitlement } from '../subscription/subscription.service';
import { countVotesByKind, mealTimesBetween, symptomaticTimesBetween, resultsBetween, upsertVote, votesOf, type AdviceResultKind } from './advice.repository';

/** The professional's view goes through the doctor feature's access check, hence its deps. */
export interface AdviceDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
}

/**
 * HbA1c, blood pressure and LDL results older than a year say little about today; a year holds
 * the last three HbA1c of a patient seen every three months (the HbA1c rule reads three), and the
 * blood-pressure rule reads its own last 30 days inside it.
 */
export const RESULTS_LOOKBACK_DAYS = 365;

/** Findings drawn from results rather than glucose readings: all a professional without 'glucose' may see. */
const RESULT_FINDINGS: ReadonlySet<AdviceKind> = new Set<AdviceKind>(['hba1c_rising', 'blood_pressure_high', 'ldl_above_target']);

/** What one reader may see of the patient's data, by share category. */
export interface Visible {
  glucose: boolean;
  meals: boolean;
  results: AdviceResultKind[];
}

const EVERYTHING: Visible = { glucose: true, meals: true, results: ['hba1c', 'lipids', 'blood_pressure'] };

export function visibleTo(scopes: readonly ShareCategory[]): Visible & { categories: ShareCategory[] } {
  const visible: Visible = {
    glucose: scopes.includes('glucose'),
    // Meals only place glucose highs in the day: without glucose they say nothing.
    meals: scopes.includes('glucose') && scopes.includes('events'),
    results: EVERYTHING.results.filter((kind) => scopes.includes(kind)),
  };
  const categories: ShareCategory[] = [...(visible.glucose ? ['glucose' as const] : []), ...(visible.meals ? ['events' as const] : []), ...visible.results];
  return { ...visible, categories };
}

/**
 * The readings advice is drawn from, by the dashboard's rule (summarizeGlucosePeriod): when the
 * period holds device readings (CGM, import, Nightscout) the patient is read as a CGM wearer and
 * only device readings count, a finger-stick beside the sensor being another instrument; without
 * any, every reading counts as a meter's. Two readings at one instant (two uploaders of one
 * sensor) count once. The series may start before the period (the previous period, for the
 * change in time in range); the basis is decided on the period alone.
 */
export function adviceGlucose(
  columns: { t: ArrayLike<number>; v: ArrayLike<number>; device: ArrayLike<boolean | number> },
  period: { from: number; to: number },
): { source: 'cgm' | 'meter'; readings: ColumnSeries } {
  let device = 0;
  let other = 0;
  for (let i = 0; i < columns.t.length; i++) {
    const ti = columns.t[i] as number;
    if (ti < period.from || ti >= period.to) continue;
    if (columns.device[i]) device++;
    else other++;
  }
  // The dashboard's basis: a period with sensor readings (cgm or mixed) is read from the sensor.
  const basis = glucoseBasis(device, other);
  const cgm = basis === 'cgm' || basis === 'mixed';
  const t: number[] = [];
  const v: number[] = [];
  for (let i = 0; i < columns.t.length; i++) {
    if (cgm && !columns.device[i]) continue;
    const ti = columns.t[i] as number;
    if (t.length > 0 && t[t.length - 1] === ti) continue;
    t.push(ti);
    v.push(columns.v[i] as number);
  }
  return { source: cgm ? 'cgm' : 'meter', readings: { t, v } };
}

/**
 * The findings of a period from what `visible` allows. A low the patient felt (a reading entered
 * with "symptoms") shows the 15/15 rule as a severe low does. Without glucose, only the result
 * findings are kept: "not enough data" would describe readings the reader cannot see.
 */
export async function adviceInTx(tx: Tx, patientId: string, context: PatientContext, period: LocalDaysPeriod, visible: Visible): Promise<AdviceFinding[]> {
  const { from, to } = period;
  const input: AdviceInput = {
    readings: { t: [], v: [] },
    source: 'meter',
    period: { start: from, end: to },
    timeZone: context.timeZone,
    targets: context.targets,
  };
  if (visible.glucose) {
    // One read covers the period and the one of the same length before it.
    const columns = await glucoseReadingsInTx(tx, patientId, new Date(from - (to - from)), new Date(to));
    const glucose = adviceGlucose(columns, period);
    input.source = glucose.source;
    input.readings = glucose.readings;
    input.previousReadings = glucose.readings;
    if (visible.meals) input.meals = await mealTimesBetween(tx, patientId, new Date(from), new Date(to));
    input.symptomaticLows = await symptomaticTimesBetween(tx, patientId, new Date(from), new Date(to));
  }
  const results = await resultsBetween(tx, patientId, visible.results, new Date(to - RESULTS_LOOKBACK_DAYS * DAY_MS), new Date(to));
  input.hba1c = results.hba1c;
  input.ldl = results.ldl;
  input.bloodPressure = results.bloodPressure;
  const findings = computeAdvice(input);
  return visible.glucose ? findings : findings.filter((finding) => RESULT_FINDINGS.has(finding.kind));
}

/**
 * The patient's own findings of a period, in an open transaction (the page and the PDF report):
 * without "advanced advice" in their plan, the premium findings are held back and counted.
 */
export async function ownAdviceInTx(
  deps: Pick<AdviceDeps, 'clock'>,
  tx: Tx,
  patientId: string,
  context: PatientContext,
  period: LocalDaysPeriod,
): Promise<{ findings: AdviceFinding[]; lockedPremium: number }> {
  const findings = await adviceInTx(tx, patientId, context, period, EVERYTHING);
  if (await hasEntitlement(deps, tx, patientId, 'advanced_advice')) return { findings, lockedPremium: 0 };
  const free = findings.filter((finding) => !PREMIUM_KINDS.has(finding.kind));
  return { findings: free, lockedPremium: findings.length - free.length };
}

const periodOf = (period: LocalDaysPeriod): AdviceResponse['period'] => ({ start: period.from, end: period.to, days: period.days });

/** The patient's own findings over the last `days` local days, with their votes. */
export async function getAdvice(deps: AdviceDeps, actor: Actor | null, days: number): Promise<AdviceResponse> {
  const patient = requirePatient(actor);
  const now = deps.clock.now().getTime();
  return deps.database.asActor(patient, async (tx) => {
    const context = await loadPatientContext(tx, patient.userId);
    const period = lastLocalDays(now, days, context.timeZone);
    const { findings, lockedPremium } = await ownAdviceInTx(deps, tx, patient.userId, context, period);
    const votes: AdviceResponse['votes'] = {};
    for (const { kind, vote } of await votesOf(tx, patient.userId)) votes[kind] = vote;
    return { period: periodOf(period), timeZone: context.timeZone, findings, votes, lockedPremium };
  });
}

/** The patient's vote on a kind of finding; the last vote counts. */
export async function voteAdvice(deps: AdviceDeps, actor: Actor | null, feedback: AdviceFeedback): Promise<{ ok: true }> {
  const patient = requirePatient(actor);
  const at = deps.clock.now();
  await deps.database.asActor(patient, (tx) => upsertVote(tx, patient.userId, feedback.kind, feedback.vote, at));
  return { ok: true };
}

/**
 * A professional's view of the patient's findings: through an active care link only (else
 * `not_found`, like every doctor endpoint), drawn only from the shared categories, and written to
 * the patient's access log with the categories it read. Votes are the patient's own: none here.
 */
export async function patientAdvice(deps: AdviceDeps, actor: Actor | null, patientId: string, days: number, client: ClientInfo): Promise<AdviceResponse> {
  return withPatient(deps, actor, patientId, client, null, async ({ tx, scopes, now, logRead }) => {
    const visible = visibleTo(scopes);
    const context = await loadPatientContext(tx, patientId);
    const period = lastLocalDays(now.getTime(), days, context.timeZone);
    const findings = await adviceInTx(tx, patientId, context, period, visible);
    await logRead(visible.categories);
    // The patient's plan limits what they are shown, never what their care team reads.
    return { period: periodOf(period), timeZone: context.timeZone, findings, votes: {}, lockedPremium: 0 };
  });
}

/** Useful / not useful votes per kind across all patients, for administrators' statistics (counts only). */
export async function adviceVoteTotals(deps: { database: Database }): Promise<Array<{ kind: AdviceKind; useful: number; notUseful: number }>> {
  const totals = new Map<AdviceKind, { kind: AdviceKind; useful: number; notUseful: number }>();
  for (const { kind, vote, count } of await countVotesByKind(deps.database.db)) {
    const total = totals.get(kind) ?? { kind, useful: 0, notUseful: 0 };
    if (vote === 'useful') total.useful += count;
    else total.notUseful += count;
    totals.set(kind, total);
  }
  return [...totals.values()];
}
