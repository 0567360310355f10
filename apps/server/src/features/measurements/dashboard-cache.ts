/**
 * The patient's own dashboard answers (summary of a period, chart series of a window), kept for
 * a short while per patient. Computing a 90-day summary reads 25,920 readings and runs the
 * metrics and the AGP on them: tens of milliseconds of CPU that the load benchmark showed two
 * cores cannot spend 100 times a second (bench/README.md). A patient reopening the dashboard,
 * switching periods or several tabs polling get the same answer until something changes.
 *
 * Correctness: every write that can change a dashboard (readings, health measurements, alert
 * status, settings, profile and targets) calls `dashboardDataChanged(patientId)` after its
 * transaction committed; an answer computed while such a write happened is not kept (generation
 * check), so this process never serves data older than its own last write. Another instance of
 * the app writing for the same patient is seen at the latest after TTL_MS.
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

const patients = new Map<string, PatientEntries>();
let hits = 0;
let misses = 0;

function patientEntries(patientId: string): PatientEntries {
  let found = patients.get(patientId);
  if (found) {
    // Map order is insertion order: moving the patient to the end makes it the most recent.
    patients.delete(patientId);
  } else {
    found = { generation: 0, entries: new Map() };
    if (patients.size >= MAX_PATIENTS) {
      const oldest = patients.keys().next().value;
      if (oldest !== undefined) patients.delete(oldest);
    }
  }
  patients.set(patientId, found);
  return found;
}

/** The cached answer for this patient and key, or `compute()`'s, kept if nothing changed meanwhile. */
export async function cachedDashboard<T>(patientId: string, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
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
    current.entries.set(key, { value, expiresAt: now + TTL_MS });
  }
  return value;
}

/** After a committed write for this patient: their cached answers are gone, and any being computed is not kept. */
export function dashboardDataChanged(patientId: string): void {
  const found = patients.get(patientId);
  if (!found) return;
  found.generation++;
  found.entries.clear();
}

/** Hit and miss counts since start (benchmarks, diagnostics). */
export function dashboardCacheStats(): { hits: number; misses: number; patients: number } {
  return { hits, misses, patients: patients.size };
}
