import { backoff } from '@glucosuivi/domain/shared/backoff';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAX_ACTIVE_UPLOADERS, type Uploader, type UploaderNameInput, type UploaderSecret } from '@glucosuivi/domain/nightscout/nightscout.schemas';
import type { Actor, Database } from '../../platform/db/database';
import type { Clock, Sleep } from '../../platform/clock';
import type { EventBus } from '../../platform/events/event-bus';
import { AppError } from '../../platform/http/app-error';
import type { RateLimiter } from '../../platform/rate-limit';
import { requirePatient } from '../profile/profile.service';
import * as repo from './nightscout.repository';

/*
 * Nightscout uploaders: the patient names one per device and gets its secret once; the device
 * then authenticates every Nightscout request with it. This file holds the uploaders and the
 * credential check; nightscout-api.service.ts answers the Nightscout API itself.
 */

export interface NightscoutDeps {
  database: Database;
  clock: Clock;
  /** The failed authentication's wait (real time; tests record it). */
  sleep: Sleep;
  /** Told after commit (readings recorded go through the measurements service). */
  events: EventBus;
  /** Failed authentications per client address; only feeds the growing wait, never refuses. */
  authFailures: RateLimiter;
}

// --- Secrets and their stored keys ------------------------------------------------------------

/** 256 random bits, base64url: 43 characters, far above Nightscout's 12-character minimum. */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

const hex = (algorithm: 'sha1' | 'sha512' | 'sha256', value: string) => createHash(algorithm).update(value).digest('hex');

/**
 * What is stored for a digest an uploader presents: its SHA-256. The SHA-1 hex is what goes over
 * the wire (`api-secret`), so storing it as is would let a database dump authenticate.
 */
function storedKey(digestHex: string): string {
  return hex('sha256', digestHex.toLowerCase());
}

function keysOf(secret: string): { sha1Key: string; sha512Key: string } {
  return { sha1Key: storedKey(hex('sha1', secret)), sha512Key: storedKey(hex('sha512', secret)) };
}

// --- The patient's uploaders ------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** What the patient's own endpoints need (no event, no limiter). */
type UploaderDeps = Pick<NightscoutDeps, 'database' | 'clock'>;

function toUploader(row: repo.UploaderListRow): Uploader {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    lastUploadAt: iso(row.lastUploadAt),
    rotatedAt: iso(row.rotatedAt),
    revokedAt: iso(row.revokedAt),
    device: row.statusDevice,
    batteryPercent: row.statusBattery,
    statusAt: iso(row.statusAt),
    readingsLast24h: row.readingsLast24h,
  };
}

export async function listUploaders(deps: UploaderDeps, actor: Actor | null): Promise<{ uploaders: Uploader[] }> {
  const patient = requirePatient(actor);
  const since = new Date(deps.clock.now().getTime() - DAY_MS);
  const rows = await deps.database.asActor(patient, (tx) => repo.listUploaders(tx, patient.userId, since));
  return { uploaders: rows.map(toUploader) };
}

/** A new uploader and its secret, shown this once; at most MAX_ACTIVE_UPLOADERS live at a time. */
export async function createUploader(deps: UploaderDeps, actor: Actor | null, input: UploaderNameInput): Promise<UploaderSecret> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  const secret = newSecret();
  const row = await deps.database.asActor(patient, async (tx) => {
    if ((await repo.countActiveUploaders(tx, patient.userId)) >= MAX_ACTIVE_UPLOADERS) {
      throw new AppError('conflict', `At most ${MAX_ACTIVE_UPLOADERS} active uploaders`, undefined, { params: { max: MAX_ACTIVE_UPLOADERS } });
    }
    return repo.insertUploader(tx, { patientId: patient.userId, name: input.name, ...keysOf(secret), createdAt: now });
  });
  return { uploader: toUploader({ ...row, readingsLast24h: 0 }), secret };
}

/** A new secret for a live uploader; the previous one fails from this commit on. */
export async function rotateUploader(deps: UploaderDeps, actor: Actor | null, id: string): Promise<UploaderSecret> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  const secret = newSecret();
  const uploader = await deps.database.asActor(patient, async (tx) => {
    const [existing] = await repo.listUploaders(tx, patient.userId, new Date(now.getTime() - DAY_MS), id);
    if (!existing) throw new AppError('not_found');
    if (existing.revokedAt) throw new AppError('conflict', 'A revoked uploader cannot be given a new secret');
    const row = await repo.replaceKeys(tx, patient.userId, id, keysOf(secret), now);
    if (!row) throw new AppError('not_found');
    return { ...row, readingsLast24h: existing.readingsLast24h };
  });
  return { uploader: toUploader(uploader), secret };
}

export async function revokeUploader(deps: UploaderDeps, actor: Actor | null, id: string): Promise<Uploader> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  const uploader = await deps.database.asActor(patient, async (tx) => {
    if (!(await repo.revokeUploader(tx, patient.userId, id, now))) throw new AppError('not_found');
    const [row] = await repo.listUploaders(tx, patient.userId, new Date(now.getTime() - DAY_MS), id);
    return row;
  });
  if (!uploader) throw new AppError('not_found');
  return toUploader(uploader);
}

// --- Authentication of Nightscout requests ----------------------------------------------------

/** What a Nightscout request may carry to say who it is. */
export interface UploaderCredentials {
  /** The `api-secret` header: the secret's SHA-1 (40 hex) or SHA-512 (128 hex). */
  apiSecret?: string | undefined;
  /** `?token=`: the secret itself. */
  token?: string | undefined;
  /** The client's address, for the wait after failures (never stored in clear). */
  clientAddress: string;
}

export interface AuthenticatedUploader {
  uploaderId: string;
  patient: Actor;
  lastUsedAt: Date | null;
}

const AUTH_FAILURE_FIRST_WAIT_MS = 250;
const AUTH_FAILURE_MAX_WAIT_MS = 10_000;
/** How long failures of one address are remembered (a fixed window of the shared store). */
export const AUTH_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * The wait before a failed authentication is answered: 250 ms, then doubling with each failure
 * of the same address within 15 minutes, at most 10 s (a request still ends well inside the
 * server's 30 s timeout). Successful requests never wait: a phone behind a carrier's NAT must
 * not pay for a misconfigured uploader sharing its address.
 */
const authFailureBackoff = backoff({ base: AUTH_FAILURE_FIRST_WAIT_MS, cap: AUTH_FAILURE_MAX_WAIT_MS });

export function authFailureWaitMs(failures: number): number {
  return failures <= 0 ? 0 : authFailureBackoff(failures - 1);
}

const SHA1_HEX = /^[0-9a-f]{40}$/;
const SHA512_HEX = /^[0-9a-f]{128}$/;

/** The digest kind and stored key the credentials point at, or null when they are malformed. */
function presentedKey(credentials: UploaderCredentials): { digest: 'sha1' | 'sha512'; key: string } | null {
  const header = credentials.apiSecret?.trim().toLowerCase();
  if (header) {
    if (SHA1_HEX.test(header)) return { digest: 'sha1', key: storedKey(header) };
    if (SHA512_HEX.test(header)) return { digest: 'sha512', key: storedKey(header) };
    return null;
  }
  const token = credentials.token;
  return token && token.length >= 12 ? { digest: 'sha1', key: storedKey(hex('sha1', token)) } : null;
}

function sameKey(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The uploader the credentials open; null when the request carries none (it guessed nothing:
 * no wait). Wrong, unknown or revoked credentials, or an account waiting for its deletion,
 * answer 401 after the address's growing wait.
 */
export async function authenticateUploader(deps: NightscoutDeps, credentials: UploaderCredentials): Promise<AuthenticatedUploader | null> {
  if (!credentials.apiSecret && !credentials.token) return null;
  const presented = presentedKey(credentials);
  const row = presented ? await repo.findCredentialByKey(deps.database.db, presented.digest, presented.key) : undefined;
  if (row && presented && sameKey(row.key, presented.key) && !row.revokedAt && !row.deletionRequested) {
    return { uploaderId: row.uploaderId, patient: { userId: row.patientId, role: 'patient' }, lastUsedAt: row.lastUsedAt };
  }
  const { count } = await deps.authFailures.hit(credentials.clientAddress, deps.clock.now());
  await deps.sleep(authFailureWaitMs(count));
  throw new AppError('unauthenticated', 'Invalid or missing API secret');
}

/** The uploader, or 401 at once when the request carries no credentials at all. */
export async function requireUploader(deps: NightscoutDeps, credentials: UploaderCredentials): Promise<AuthenticatedUploader> {
  const uploader = await authenticateUploader(deps, credentials);
  if (!uploader) throw new AppError('unauthenticated', 'Invalid or missing API secret');
  return uploader;
}
