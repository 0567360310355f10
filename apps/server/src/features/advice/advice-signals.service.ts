import type { AdviceSignalFinding } from '@glucosuivi/domain/advice/advice.schemas';
import { TRIAGE_DAYS } from '@glucosuivi/domain/doctor/doctor.schemas';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import type { DomainEventType } from '@glucosuivi/domain/shared/events';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { enqueue, enqueueMany } from '../../platform/jobs/job-queue';
import { loadPatientContext } from '../profile/profile.service';
import { adviceInTx, visibleTo } from './advice.service';
import * as repo from './advice-signals.repository';

/*
 * The triage list's advice signal (issue 17): what each professional sees on a patient's advice
 * page, in short, kept per care link (advice_signals). A change to what advice reads — readings and
 * results, targets, profile (age group, pregnancy), time zone, the link itself — schedules a refresh
 * of that patient's signals; a daily run refreshes every linked patient as the 14-day window moves.
 */

export const ADVICE_SIGNAL_JOB = 'advice.signal';

/**
 * Changes within one window make one refresh, run when the window ends: an uploader sending every
 * 5 minutes costs one computation per upload at most, a burst of manual entries one in all.
 */
export const SIGNAL_WINDOW_MS = 30_000;

/** The events after which a patient's findings may differ (messages, reminders, appointments never change them). */
export const SIGNAL_EVENT_TYPES: readonly DomainEventType[] = [
  'measurement.recorded',
  'measurement.updated',
  'measurement.deleted',
  'targets.changed',
  'profile.changed',
  'settings.changed',
  'care-link.changed',
];

export interface SignalDeps {
  database: Database;
  clock: Clock;
}

/** The refresh of one patient's signals at the end of the current window (one job per patient and window). */
function signalJob(patientId: string, now: number) {
  const windowEnd = (Math.floor(now / SIGNAL_WINDOW_MS) + 1) * SIGNAL_WINDOW_MS;
  return { name: ADVICE_SIGNAL_JOB, payload: { patientId }, runAt: new Date(windowEnd), idempotencyKey: `${ADVICE_SIGNAL_JOB}:${patientId}:${windowEnd}` };
}

export async function scheduleAdviceSignalRefresh(deps: SignalDeps, patientId: string): Promise<void> {
  await enqueue(deps.database.db, signalJob(patientId, deps.clock.now().getTime()));
}

/**
 * Recomputes the signal of each active link of the patient, from that link's categories only
 * (one computation per distinct set), and forgets those of links no longer active. The links are
 * locked for the transaction, so two refreshes of one patient cannot cross and leave the older
 * result. Runs on the owner connection: it writes what professionals will read, never to them.
 */
export async function refreshAdviceSignals(deps: SignalDeps, patientId: string): Promise<number> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const links = await repo.lockActiveLinksOf(tx, patientId);
    await repo.deleteSignalsExcept(
      tx,
      patientId,
      links.map((link) => link.id),
    );
    if (links.length === 0) return 0;
    const context = await loadPatientContext(tx, patientId);
    const period = lastLocalDays(now.getTime(), TRIAGE_DAYS, context.timeZone);
    const byScopes = new Map<string, AdviceSignalFinding[]>();
    for (const link of links) {
      const key = link.scopes.join(',');
      let findings = byScopes.get(key);
      if (!findings) {
        findings = (await adviceInTx(tx, patientId, context, period, visibleTo(link.scopes))).map(({ kind, severity }) => ({ kind, severity }));
        byScopes.set(key, findings);
      }
      await repo.upsertSignal(tx, { linkId: link.id, patientId, professionalId: link.professionalId, scopes: link.scopes, findings, computedAt: now });
    }
    return links.length;
  });
}

/**
 * Every linked patient's refresh: spread over the next ten minutes (the daily run), or all due at
 * once (`spread: false`, a new demo database, whose signals the worker computes after the start).
 */
export async function scheduleEveryRefresh(deps: SignalDeps, options: { spread: boolean }): Promise<number> {
  const now = deps.clock.now().getTime();
  const patients = await repo.patientsWithActiveLinks(deps.database.db);
  return enqueueMany(
    deps.database.db,
    patients.map((patientId, i) => {
      const job = signalJob(patientId, now + (options.spread ? (i % 20) * SIGNAL_WINDOW_MS : 0));
      return options.spread ? job : { ...job, runAt: new Date(now) };
    }),
  );
}
