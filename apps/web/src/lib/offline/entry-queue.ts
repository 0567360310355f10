import type { MeasurementInput } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';

/**
 * Entries made without a connection, kept in this browser's IndexedDB until the server has them
 * (sync.ts sends them). Each keeps the idempotency key it was made with: whatever happens to an
 * answer, the server stores the entry once. Personal data: cleared at sign-out, at an account
 * change and at account deletion (clearOfflineData), never shown to another account.
 */
export interface QueuedEntry {
  /** The create's idempotency key (createMeasurementBodySchema's clientKey), made once per entry. */
  clientKey: string;
  /** The account that made it: nobody else's session ever sends it. */
  userId: string;
  body: MeasurementInput;
  /** When it was queued (ms), the order of sending. */
  queuedAt: number;
  /** Waiting to be sent, or refused by the server (kept, with the reason, until edited or discarded). */
  status: 'pending' | 'refused';
  refusal?: { code: string; issues?: ValidationIssue[] };
}

const DB_NAME = 'glucosuivi-offline';
const STORE = 'entries';
const CHANGED = 'glucosuivi:queue-changed';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'clientKey' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  const db = await openDb();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = run(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request?.result);
      tx.onerror = () => reject(tx.error ?? new Error('indexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('indexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** Tells this tab's views (usePendingEntries) and the others (storage has no IndexedDB event). */
function announce(): void {
  window.dispatchEvent(new Event(CHANGED));
  try {
    new BroadcastChannel(CHANGED).postMessage('changed');
  } catch {
    // No BroadcastChannel: other tabs see the change at their next read.
  }
}

export function onQueueChange(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  let channel: BroadcastChannel | undefined;
  try {
    channel = new BroadcastChannel(CHANGED);
    channel.onmessage = listener;
  } catch {
    channel = undefined;
  }
  return () => {
    window.removeEventListener(CHANGED, listener);
    channel?.close();
  };
}

export function queueSupported(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** Every entry of this account, oldest first. */
export async function listQueued(userId: string): Promise<QueuedEntry[]> {
  const all = (await withStore<QueuedEntry[]>('readonly', (store) => store.getAll() as IDBRequest<QueuedEntry[]>)) ?? [];
  return all.filter((entry) => entry.userId === userId).sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function putQueued(entry: QueuedEntry): Promise<void> {
  await withStore('readwrite', (store) => store.put(entry));
  announce();
}

export async function removeQueued(clientKey: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(clientKey));
  announce();
}

/** Entries of any other account than `userId` (all of them with null): removed unsent. */
export async function dropOtherAccounts(userId: string | null): Promise<number> {
  const all = (await withStore<QueuedEntry[]>('readonly', (store) => store.getAll() as IDBRequest<QueuedEntry[]>)) ?? [];
  const others = all.filter((entry) => entry.userId !== userId);
  if (others.length === 0) return 0;
  await withStore('readwrite', (store) => {
    for (const entry of others) store.delete(entry.clientKey);
    return undefined;
  });
  announce();
  return others.length;
}

/** The whole queue goes (sign-out, account deletion): the database itself is deleted. */
export async function deleteQueue(): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab holds it open: it closes its connection after each use, so this resolves soon.
    request.onblocked = () => undefined;
  });
  announce();
}

export const OFFLINE_DB_NAME = DB_NAME;
