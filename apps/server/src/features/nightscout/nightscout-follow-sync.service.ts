import { backoff } from '@glucosuivi/domain/shared/backoff';
import { createHash } from 'node:crypto';
import { measuredAtIsAcceptable } from '@glucosuivi/domain/measurements/measurements.schemas';
import { FOLLOW_BACKOFF_MAX_MS, FOLLOW_POLL_EVERY_MS, type FollowedSite, type FollowErrorCode } from '@glucosuivi/domain/nightscout/nightscout-follow.schemas';
import { parseInstant, parseNightscoutEntries } from '@glucosuivi/domain/nightscout/nightscout.rules';
import type { Actor } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { enqueue } from '../../platform/jobs/job-queue';
import { storeDeviceReadings } from '../measurements/measurement-entry.service';
import { STORED } from './nightscout-api.service';
import { storeNightscoutTreatments } from './nightscout-treatments.service';
import * as repo from './nightscout-follow.repository';
import { getRemoteJson, RemoteError } from './nightscout-follow.remote';
import { openCredential } from './nightscout-follow.sealing';
import { canFollowNightscoutSite, MANUAL_SYNC_MIN_GAP_MS, requireFollower, syncJob, toFollowedSite, type NightscoutFollowDeps } from './nightscout-follow.service';

/*
 * One poll of a followed Nightscout site: the entries newer than the last one imported, stored
 * through the same path uploads take (glucose readings, de-duplicated on patient, type and date,
 * source `nightscout`), the treatments newer than the last one (through the treatments service,
 * de-duplicated as uploaded ones are), then the outcome on the site's row: last sync or last error, failures in
 * a row, and when to poll next (5 minutes, or 10, 20, 40, then 60 minutes after failures).
 */

/**
 * Documents asked per request. A site answers newest first and cannot be asked oldest first, so
 * a poll walks forward in windows of a week (a week of 5-minute readings is 2,016) and pages
 * down inside a window only when it holds more (1-minute readings).
 */
export const FOLLOW_PAGE = 5000;
export const FOLLOW_WINDOW_MS = 7 * 86_400_000;
/**
 * A poll ends after this many requests or this long (a "sync now" answers within a request's
 * time); what it did not reach waits for the next poll, which starts where this one stopped.
 */
export const FOLLOW_MAX_REQUESTS = 24;
export const FOLLOW_POLL_BUDGET_MS = 20_000;
/** A first poll reaches this far back. */
export const FOLLOW_FIRST_LOOKBACK_MS = 30 * 86_400_000;
/** Sites polled per run of the scan; the rest wait for the next minute. */
const SCAN_BATCH = 500;

export const FOLLOW_SCAN_JOB = 'nightscout.follow-scan';
export const FOLLOW_SCAN_EVERY_MS = 60_000;

/** The wait after `failures` failed attempts in a row: 10, 20, 40 minutes, then an hour. */
const followBackoff = backoff({ base: FOLLOW_POLL_EVERY_MS, cap: FOLLOW_BACKOFF_MAX_MS });

export function followBackoffMs(failures: number): number {
  return followBackoff(failures);
}

interface Credentials {
  kind: 'token' | 'api_secret';
  value: string;
}

/** The site's API v1 URL of `path` with the query and the read credential. */
function siteRequest(base: string, path: string, query: Record<string, string>, credentials: Credentials): { url: URL; headers: Record<string, string> } {
  const url = new URL(`${base}/api/v1/${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  if (credentials.kind === 'token') {
    url.searchParams.set('token', credentials.value);
    return { url, headers: {} };
  }
  // Nightscout compares the header with the SHA-1 of its API_SECRET.
  return { url, headers: { 'api-secret': createHash('sha1').update(credentials.value).digest('hex') } };
}

/** What a Nightscout list answers: an array, else the site is not speaking Nightscout. */
function asArray(body: unknown): unknown[] {
  if (!Array.isArray(body)) throw new RemoteError('invalid_response');
  return body;
}

/** A list of the site's API v1 and the date field its filters and order use. */
interface Series {
  path: string;
  field: string;
  /** How the field's bound is written: epoch ms for entries, ISO 8601 (UTC) for treatments. */
  format: (ms: number) => string;
}
const ENTRIES: Series = { path: 'entries.json', field: 'date', format: String };
const TREATMENTS: Series = { path: 'treatments.json', field: 'created_at', format: (ms) => new Date(ms).toISOString() };

function dateOf(doc: unknown, field: string): number | null {
  return typeof doc === 'object' && doc !== null ? parseInstant((doc as Record<string, unknown>)[field]) : null;
}

/** What is left of a poll: requests, and wall-clock time. */
interface Budget {
  requests: number;
  deadline: number;
}

function spend(budget: Budget): boolean {
  if (budget.requests <= 0 || performance.now() > budget.deadline) return false;
  budget.requests--;
  return true;
}

/**
 * The documents dated after `since`, window by window. `complete`: every document after
 * `coveredTo` was fetched (the last, open-ended window was read through); otherwise everything up
 * to `coveredTo` was, and the next poll starts there.
 */
async function fetchAfter(
  deps: NightscoutFollowDeps,
  site: { base: string; credentials: Credentials },
  series: Series,
  since: number,
  budget: Budget,
): Promise<{ docs: unknown[]; complete: boolean; coveredTo: number }> {
  const all: unknown[] = [];
  const now = deps.clock.now().getTime();
  for (let from = since; ; from += FOLLOW_WINDOW_MS) {
    const open = from + FOLLOW_WINDOW_MS >= now;
    let below: number | null = null;
    for (;;) {
      if (!spend(budget)) return { docs: all, complete: false, coveredTo: from };
      const query: Record<string, string> = { [`find[${series.field}][$gt]`]: series.format(from), count: String(FOLLOW_PAGE) };
      if (!open) query[`find[${series.field}][$lte]`] = series.format(from + FOLLOW_WINDOW_MS);
      if (below !== null) query[`find[${series.field}][$lt]`] = series.format(below);
      const { url, headers } = siteRequest(site.base, series.path, query, site.credentials);
      const docs = asArray(await getRemoteJson(url, headers, deps.remote));
      all.push(...docs);
      if (docs.length < FOLLOW_PAGE) break;
      const dates = docs.map((d) => dateOf(d, series.field)).filter((d): d is number => d !== null);
      const oldest = dates.length > 0 ? Math.min(...dates) : null;
      // A site that ignores the filters would answer the same page forever: the window ends here.
      if (oldest === null || oldest <= from || (below !== null && oldest >= below)) break;
      below = oldest;
    }
    if (open) return { docs: all, complete: true, coveredTo: from };
  }
}

/** Where the next poll starts: after the newest document when the site was read through, else where this one stopped. */
function nextCursor(fetched: { complete: boolean; coveredTo: number }, newest: number | null): number {
  return fetched.complete && newest !== null ? Math.max(fetched.coveredTo, newest) : fetched.coveredTo;
}

type GlucoseWrite = Parameters<typeof storeDeviceReadings>[2][number];

/** The readings among what the site answered (a bad or future entry is skipped, not fatal), and the newest date. */
function readingsOf(raw: unknown[], now: Date): { rows: GlucoseWrite[]; newest: number | null } {
  const rows: GlucoseWrite[] = [];
  let newest: number | null = null;
  for (const item of raw) {
    const { entries } = parseNightscoutEntries(item);
    const entry = entries[0];
    if (!entry || !measuredAtIsAcceptable(entry.date, now)) continue;
    newest = newest === null ? entry.date : Math.max(newest, entry.date);
    if (entry.valueMgdl === null || (entry.type !== 'sgv' && entry.type !== 'mbg')) continue;
    const { source, deviceId } = STORED[entry.type];
    rows.push({ measuredAt: new Date(entry.date), valueMgdl: entry.valueMgdl, source, deviceId, entryUnit: 'mg/dL', createdAt: now });
  }
  return { rows, newest };
}

/** What a poll did before it ended, kept even when a later request of the same poll fails. */
interface Progress {
  importedEntries: number;
  importedTreatments: number;
  lastEntryAt?: Date;
  lastTreatmentAt?: Date;
}

interface PollContext {
  patient: Actor;
  site: repo.FollowedSiteRow;
  credentials: Credentials;
  budget: Budget;
  progress: Progress;
}

async function importEntries(deps: NightscoutFollowDeps, { patient, site, credentials, budget, progress }: PollContext): Promise<void> {
  const now = deps.clock.now();
  const since = site.lastEntryAt?.getTime() ?? now.getTime() - FOLLOW_FIRST_LOOKBACK_MS;
  const fetched = await fetchAfter(deps, { base: site.url, credentials }, ENTRIES, since, budget);
  const { rows, newest } = readingsOf(fetched.docs, now);
  if (rows.length > 0) {
    const { inserted } = await storeDeviceReadings(deps, patient, rows, now);
    progress.importedEntries += inserted;
  }
  const cursor = nextCursor(fetched, newest);
  if (cursor > since) progress.lastEntryAt = new Date(cursor);
}

/**
 * Treatments (boluses, carbohydrates, finger sticks, notes, sensor and site changes) created after
 * the last one imported, stored by the treatments service as uploads are; a document it cannot
 * read is left out rather than blocking the site.
 */
async function importTreatments(deps: NightscoutFollowDeps, { patient, site, credentials, budget, progress }: PollContext): Promise<void> {
  const now = deps.clock.now();
  const since = site.lastTreatmentAt?.getTime() ?? now.getTime() - FOLLOW_FIRST_LOOKBACK_MS;
  const fetched = await fetchAfter(deps, { base: site.url, credentials }, TREATMENTS, since, budget);
  if (fetched.docs.length > 0) {
    const stored = await storeNightscoutTreatments(deps, patient.userId, fetched.docs, { mode: 'skip-invalid' });
    progress.importedTreatments += stored.newEvents + stored.newReadings;
  }
  const newest = fetched.docs.reduce<number | null>((max, doc) => {
    const at = dateOf(doc, 'created_at');
    return at === null || !measuredAtIsAcceptable(at, now) || (max !== null && max >= at) ? max : at;
  }, null);
  const cursor = nextCursor(fetched, newest);
  if (cursor > since) progress.lastTreatmentAt = new Date(cursor);
}

/**
 * Polls the site once and records the outcome on its row (the site as it is now, or undefined
 * when it was removed meanwhile). A remote failure is an outcome, never thrown; a failure of our
 * own database is thrown (the job runs again).
 */
async function pollSite(deps: NightscoutFollowDeps, patient: Actor, site: repo.FollowedSiteRow): Promise<repo.FollowedSiteRow | undefined> {
  const progress: Progress = { importedEntries: 0, importedTreatments: 0 };
  let error: FollowErrorCode | null = null;
  const value = openCredential(deps.sealKey, patient.userId, site.credentialSealed);
  try {
    // A credential sealed under another server secret cannot be sent: the patient enters it again.
    if (value === null) throw new RemoteError('unauthorized');
    const context: PollContext = {
      patient,
      site,
      credentials: { kind: site.credentialKind, value },
      budget: { requests: FOLLOW_MAX_REQUESTS, deadline: performance.now() + FOLLOW_POLL_BUDGET_MS },
      progress,
    };
    await importEntries(deps, context);
    await importTreatments(deps, context);
  } catch (caught) {
    if (!(caught instanceof RemoteError)) throw caught;
    error = caught.code;
  }
  const at = deps.clock.now();
  const failures = error === null ? 0 : site.consecutiveFailures + 1;
  return deps.database.asActor(patient, (tx) =>
    repo.recordAttempt(tx, site.id, { at, error, nextAttemptAt: new Date(at.getTime() + followBackoffMs(failures)), ...progress }),
  );
}

/** The site `siteId` as its owner sees it, or undefined when it is gone. */
async function loadSite(deps: NightscoutFollowDeps, siteId: string): Promise<{ patient: Actor; site: repo.FollowedSiteRow } | undefined> {
  const owner = await repo.siteOwner(deps.database.db, siteId);
  if (!owner) return undefined;
  const patient: Actor = { userId: owner, role: 'patient' };
  const site = await deps.database.asActor(patient, (tx) => repo.findSite(tx, owner));
  return site && site.id === siteId ? { patient, site } : undefined;
}

/**
 * The job: polls the site if it is still followed and due (a replayed job finds it polled and
 * stops). A patient whose plan no longer includes following a site is not polled: the site waits
 * an hour before it is looked at again (the page says why), so lapsed sites never crowd the scan.
 */
export async function runFollowSync(deps: NightscoutFollowDeps, siteId: string): Promise<void> {
  const found = await loadSite(deps, siteId);
  if (!found || found.site.nextAttemptAt.getTime() > deps.clock.now().getTime()) return;
  const { patient, site } = found;
  const allowed = await deps.database.asActor(patient, async (tx) => {
    if (await canFollowNightscoutSite(deps, tx, patient.userId)) return true;
    await repo.postponeSite(tx, site.id, new Date(deps.clock.now().getTime() + FOLLOW_BACKOFF_MAX_MS));
    return false;
  });
  if (allowed) await pollSite(deps, patient, site);
}

/** The scan, every minute: one poll job per due site (the key makes a second enqueue a no-op). */
export async function enqueueDueFollowSyncs(deps: NightscoutFollowDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await repo.dueSites(deps.database.db, now, SCAN_BATCH);
  let added = 0;
  for (const site of due) if (await enqueue(deps.database.db, syncJob(site.id, site.nextAttemptAt, now))) added++;
  return added;
}

/** "Sync now": polls at once and answers the outcome; at most once every 30 seconds. */
export async function syncFollowedSiteNow(deps: NightscoutFollowDeps, actor: Actor | null): Promise<FollowedSite> {
  const patient = await requireFollower(deps, actor);
  const site = await deps.database.asActor(patient, (tx) => repo.findSite(tx, patient.userId));
  if (!site) throw new AppError('not_found');
  const now = deps.clock.now().getTime();
  if (site.lastAttemptAt && now - site.lastAttemptAt.getTime() < MANUAL_SYNC_MIN_GAP_MS) {
    const seconds = Math.ceil((MANUAL_SYNC_MIN_GAP_MS - (now - site.lastAttemptAt.getTime())) / 1000);
    throw new AppError('rate_limited', 'Synced a moment ago', undefined, { retryAfterSeconds: seconds });
  }
  const polled = await pollSite(deps, patient, site);
  if (!polled) throw new AppError('not_found');
  return toFollowedSite(polled);
}
