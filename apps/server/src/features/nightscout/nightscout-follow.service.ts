import {
  FOLLOW_ERROR_CODES,
  FOLLOW_ISSUES,
  normalizeSiteUrl,
  type FollowedSite,
  type FollowErrorCode,
  type FollowSiteInput,
} from '@glucosuivi/domain/nightscout/nightscout-follow.schemas';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events/event-bus';
import { AppError } from '../../platform/http/app-error';
import { enqueue } from '../../platform/jobs/job-queue';
import { PG, pgError } from '../../platform/db/pg-error';
import { requirePatient } from '../profile/profile.service';
import { hasEntitlement, requireEntitlement } from '../subscription/subscription.service';
import * as repo from './nightscout-follow.repository';
import { checkWithoutResolving } from '../../platform/outbound/address-guard';
import type { RemoteOptions } from './nightscout-follow.remote';
import { credentialHint, deriveFollowKey, sealCredential } from './nightscout-follow.sealing';

/*
 * Following an existing Nightscout site (issue 15): the patient's own endpoints. The polling
 * itself is nightscout-follow-sync.service.ts, run by the job of nightscout-follow.jobs.ts.
 */

export interface NightscoutFollowDeps {
  database: Database;
  clock: Clock;
  /** Told after commit when readings are imported (through the measurements service). */
  events: EventBus;
  /** Seals the read credentials (`deriveFollowKey` of the server's secret). */
  sealKey: Buffer;
  /** How the site is reached; `allowLoopback` only in tests and development. */
  remote: RemoteOptions;
}

/** What the app may set of how sites are reached (tests: loopback, a fake resolver, short limits). */
export type FollowRemoteOptions = Partial<RemoteOptions>;

/**
 * The deps of the follow endpoints and the poll job. The sealing key is derived from the server's
 * secret; plain http and loopback stay refused unless the caller allows them (tests, development).
 */
export function followDeps(
  base: { database: Database; clock: Clock; authSecret: string },
  events: EventBus,
  remote: FollowRemoteOptions = {},
): NightscoutFollowDeps {
  return {
    database: base.database,
    clock: base.clock,
    events,
    sealKey: deriveFollowKey(base.authSecret),
    remote: { allowLoopback: false, ...remote },
  };
}

export const FOLLOW_SYNC_JOB = 'nightscout.follow-sync';
/** A manual "sync now" waits at least this long after the previous attempt. */
export const MANUAL_SYNC_MIN_GAP_MS = 30_000;

/**
 * Following a Nightscout site is premium (`cgm_follow`): saving a site and "sync now" are refused
 * with `premium_required` without it, and the poll job skips the site of a patient who lost it.
 * The uploader API (/api/v1) stays free. Asked in the patient's own transaction.
 */
export function canFollowNightscoutSite(deps: Pick<NightscoutFollowDeps, 'clock'>, tx: Tx, patientId: string): Promise<boolean> {
  return hasEntitlement(deps, tx, patientId, 'cgm_follow');
}

/** The follow request of this patient, or 402 `premium_required` when their plan does not include it. */
export async function requireFollower(deps: Pick<NightscoutFollowDeps, 'database' | 'clock'>, actor: Actor | null): Promise<Actor> {
  const patient = requirePatient(actor);
  await deps.database.asActor(patient, (tx) => requireEntitlement(deps, tx, patient.userId, 'cgm_follow'));
  return patient;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toFollowedSite(row: repo.FollowedSiteRow): FollowedSite {
  const lastError = (FOLLOW_ERROR_CODES as readonly string[]).includes(row.lastError ?? '')
    ? (row.lastError as FollowErrorCode)
    : null;
  return {
    id: row.id,
    url: row.url,
    credentialKind: row.credentialKind,
    credentialHint: row.credentialHint,
    createdAt: row.createdAt.toISOString(),
    lastSyncAt: iso(row.lastSyncAt),
    lastEntryAt: iso(row.lastEntryAt),
    lastError,
    lastErrorAt: lastError ? iso(row.lastErrorAt) : null,
    consecutiveFailures: row.consecutiveFailures,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    importedEntries: row.importedEntries,
    importedTreatments: row.importedTreatments,
  };
}

export async function getFollowedSite(
  deps: Pick<NightscoutFollowDeps, 'database'>,
  actor: Actor | null,
): Promise<{ site: FollowedSite | null }> {
  const patient = requirePatient(actor);
  const row = await deps.database.asActor(patient, (tx) => repo.findSite(tx, patient.userId));
  return { site: row ? toFollowedSite(row) : null };
}

function urlRefused(message: string): AppError {
  return new AppError('validation_failed', 'Invalid request', [
    { path: ['body', 'url'], code: 'custom', message },
  ]);
}

/**
 * The address as stored, after the checks the schema cannot make: whether this server accepts
 * plain http and this machine's addresses (tests and development only), and no literal private
 * address. A name is checked again each time it is resolved, by the poll.
 */
function acceptedUrl(text: string, remote: RemoteOptions): string {
  const normalized = normalizeSiteUrl(text);
  if ('issue' in normalized) throw urlRefused(normalized.issue);
  const refusal = checkWithoutResolving(new URL(normalized.url), remote.allowLoopback);
  if (refusal === 'scheme') throw urlRefused(FOLLOW_ISSUES.urlNotHttps);
  if (refusal === 'address') throw urlRefused(FOLLOW_ISSUES.urlPrivate);
  return normalized.url;
}

/**
 * Follows a site, or replaces the followed one: a new address starts from scratch (cursors and
 * counts), the same address with a new credential keeps its cursors. The first poll is queued in
 * the same transaction, to run at once.
 */
export async function followSite(
  deps: NightscoutFollowDeps,
  actor: Actor | null,
  input: FollowSiteInput,
): Promise<FollowedSite> {
  const patient = await requireFollower(deps, actor);
  const url = acceptedUrl(input.url, deps.remote);
  const now = deps.clock.now();
  const credential = {
    credentialKind: input.credentialKind,
    credentialSealed: sealCredential(deps.sealKey, patient.userId, input.credential),
    credentialHint: credentialHint(input.credential),
    nextAttemptAt: now,
  };
  const row = await deps.database
    .asActor(patient, async (tx) => {
      const existing = await repo.findSite(tx, patient.userId);
      const saved =
        existing && existing.url === url
          ? await repo.replaceCredential(tx, patient.userId, credential)
          : await repo.replaceSite(tx, {
              patientId: patient.userId,
              url,
              createdAt: now,
              ...credential,
            });
      if (!saved) throw new AppError('not_found');
      await enqueue(tx, syncJob(saved.id, now, now));
      return saved;
    })
    .catch((error: unknown) => {
      // Two requests of the same patient at once (a double click): the second one is told so.
      if (pgError(error)?.code === PG.uniqueViolation)
        throw new AppError('conflict', 'The followed site changed meanwhile');
      throw error;
    });
  return toFollowedSite(row);
}

const HOUR_MS = 3_600_000;

/**
 * The poll of a site due at `dueAt`: one job per site, due time and hour, however many servers
 * enqueue it. The hour matters only when a poll failed on our side (its due time did not move):
 * its key is spent, and the site is tried again the next hour instead of never.
 */
export function syncJob(siteId: string, dueAt: Date, now: Date) {
  const key = `${FOLLOW_SYNC_JOB}:${siteId}:${dueAt.toISOString()}:${Math.floor(now.getTime() / HOUR_MS)}`;
  return {
    name: FOLLOW_SYNC_JOB,
    payload: { siteId },
    runAt: now,
    idempotencyKey: key,
    maxAttempts: 3,
  };
}

/** Stops following (no error when nothing was followed); imported data stays. */
export async function unfollowSite(
  deps: Pick<NightscoutFollowDeps, 'database'>,
  actor: Actor | null,
): Promise<null> {
  const patient = requirePatient(actor);
  await deps.database.asActor(patient, (tx) => repo.deleteSite(tx, patient.userId));
  return null;
}
