/**
 * The patient's own dashboard answers (summary of a period, chart series of a window), kept for
 * a short while per patient. Computing a 90-day summary reads 25,920 readings and runs the
 * metrics and the AGP on them: tens of milliseconds of CPU that the load benchmark showed two
 * cores cannot spend 100 times a second (bench/README.md). A patient reopening the dashboard,
 * switching periods or several tabs polling get the same answer until something changes.
 *
 * Correctness: one instance per server, created in app.ts. It forgets a patient's answers on
 * every domain event about that patient (dashboard-cache.subscribers.ts), from this server or,
 * through PostgreSQL LISTEN/NOTIFY, from any other; an answer computed while such an event
 * arrived is not kept (generation check). If the bus may have missed events, everything is
 * forgotten; the TTL bounds what a lost notification could leave.
 */

const TTL_MS = 60_000;
/** Patients kept; the least recently used go first. */
const MAX_PATIENTS = 5_000;

interface Entry {
  value: unknown;
  expiresAt: number;
}

interface PatientEntries {
  generation: number;
  entries: Map<string, Entry>;
}

export interface DashboardCache {
  /** The cached answer for this patient and key, or `compute()`'s, kept if nothing changed meanwhile. */
  cached<T>(patientId: string, key: string, compute: () => Promise<T>, now: number): Promise<T>;
  /** This patient's data changed: their answers are gone, and any being computed is not kept. */
  invalidate(patientId: string): void;
  /** Events may have been missed: nothing cached can be trusted. */
  invalidateAll(): void;
  /** Hit and miss counts since start (benchmarks, diagnostics). */
  stats(): { hits: number; misses: number; patients: number };
}

export function createDashboardCache(options: { ttlMs?: number; maxPatients?: number } = {}): DashboardCache {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const maxPatients = options.maxPatients ?? MAX_PATIENTS;
  let patients = new Map<string, PatientEntries>();
  let hits = 0;
  let misses = 0;

  function patientEntries(patientId: string): PatientEntries {
    let found = patients.get(patientId);
    if (found) {
      // Map order is insertion order: moving the patient to the end makes it the most recent.
      patients.delete(patientId);
    } else {
      found = { generation: 0, entries: new Map() };
      if (patients.size >= maxPatients) {
        const oldest = patients.keys().next().value;
        if (oldest !== undefined) patients.delete(oldest);
      }
    }
    patients.set(patientId, found);
    return found;
  }

  return {
    async cached<T>(patientId: string, key: string, compute: () => Promise<T>, now: number): Promise<T> {
      const mine = patientEntries(patientId);
      const entry = mine.entries.get(key);
      if (entry && entry.expiresAt > now) {
        hits++;
        return entry.value as T;
      }
      misses++;
      const generation = mine.generation;
      const value = await compute();
      const current = patients.get(patientId);
      if (current === mine && current.generation === generation) {
        // Only a handful of keys per patient (periods, windows); expired ones are dropped here.
        for (const [k, e] of current.entries) if (e.expiresAt <= now) current.entries.delete(k);
        current.entries.set(key, { value, expiresAt: now + ttlMs });
      }
      return value;
    },
    invalidate(patientId) {
      const found = patients.get(patientId);
      if (!found) return;
      found.generation++;
      found.entries.clear();
    },
    invalidateAll() {
      // A new map: answers being computed find their patient gone and are not kept.
      patients = new Map();
    },
    stats: () => ({ hits, misses, patients: patients.size }),
  };
}
