import { createMeasurement } from '@glucosuivi/domain/measurements/measurements.contract';
import type { MeasurementInput, MeasurementWriteResult } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import { apiCall } from '@/lib/api-client';
import { ApiError } from '@/lib/errors';
import { listQueued, putQueued, removeQueued, type QueuedEntry } from './entry-queue';
import { markOffline } from './online-state';

/** What the server's answer to one queued entry means for it. */
export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; code: string; issues?: ValidationIssue[] } | { kind: 'later' };

/**
 * An answer that says nothing about the entry itself keeps it waiting (no connection, the
 * session gone until the same person signs in again, the server busy or failing); an answer about
 * the entry (refused input, an account that may not record, an entry deleted since) refuses it:
 * sending it again would be refused again, so the person edits or discards it.
 */
export function outcomeOf(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return { kind: 'later' };
  switch (error.code) {
    case 'validation_failed':
    case 'forbidden':
    case 'conflict':
    case 'not_found':
    case 'payload_too_large':
      return { kind: 'refused', code: error.code, ...(error.issues ? { issues: error.issues } : {}) };
    default:
      return { kind: 'later' };
  }
}

export interface QueuePorts {
  list: () => Promise<QueuedEntry[]>;
  send: (entry: QueuedEntry) => Promise<unknown>;
  remove: (clientKey: string) => Promise<void>;
  refuse: (entry: QueuedEntry, refusal: NonNullable<QueuedEntry['refusal']>) => Promise<void>;
}

/**
 * Sends the waiting entries, oldest first, each with its own idempotency key: the server stores
 * each once, even one whose answer was lost before. Stops at the first entry that must wait (the
 * rest would wait for the same reason). Refused entries stay, with their reason.
 */
export async function sendWaiting(ports: QueuePorts): Promise<{ sent: number; refused: number; waiting: number }> {
  const entries = (await ports.list()).filter((entry) => entry.status === 'pending');
  let sent = 0;
  let refused = 0;
  for (const [index, entry] of entries.entries()) {
    let outcome: SendOutcome;
    try {
      await ports.send(entry);
      outcome = { kind: 'sent' };
    } catch (error) {
      outcome = outcomeOf(error);
    }
    if (outcome.kind === 'later') return { sent, refused, waiting: entries.length - index };
    if (outcome.kind === 'sent') {
      await ports.remove(entry.clientKey);
      sent++;
    } else {
      await ports.refuse(entry, { code: outcome.code, ...(outcome.issues ? { issues: outcome.issues } : {}) });
      refused++;
    }
  }
  return { sent, refused, waiting: 0 };
}

/** Sends one entry with its key; no answer at all means the server cannot be reached now. */
async function sendEntry(entry: QueuedEntry): Promise<MeasurementWriteResult> {
  try {
    return await apiCall(createMeasurement, { body: { ...entry.body, clientKey: entry.clientKey } });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'network') markOffline();
    throw error;
  }
}

/** The browser's queue of this account, through the API. */
export function browserQueue(userId: string): QueuePorts {
  return {
    list: () => listQueued(userId),
    send: sendEntry,
    remove: removeQueued,
    refuse: (entry, refusal) => putQueued({ ...entry, status: 'refused', refusal }),
  };
}

/** A new idempotency key (crypto.randomUUID needs a secure context; a LAN address over http is not one). */
export function newClientKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A new entry: sent at once when the browser is online, with its idempotency key; kept in the
 * queue when it is not, or when the request got no answer (the entry may or may not be stored:
 * the queue sends it again with the same key, and the server keeps it once). Any answer of the
 * server itself (a refusal) is thrown as usual, for the form to show.
 */
export async function createOrQueue(
  body: MeasurementInput,
  userId: string,
  online: boolean,
): Promise<{ queued: true } | { queued: false; result: MeasurementWriteResult }> {
  const entry: QueuedEntry = { clientKey: newClientKey(), userId, body, queuedAt: Date.now(), status: 'pending' };
  if (!online && typeof indexedDB !== 'undefined') {
    await putQueued(entry);
    return { queued: true };
  }
  try {
    return { queued: false, result: await sendEntry(entry) };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'network' && typeof indexedDB !== 'undefined') {
      await putQueued(entry);
      return { queued: true };
    }
    throw error;
  }
}
