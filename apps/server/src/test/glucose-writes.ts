import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/database';

/** One API call, as the load helpers describe it; the caller sends it (inject or fetch). */
export interface WriteRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}

export interface WriteResponse {
  status: number;
  body: unknown;
}

export type Send = (request: WriteRequest, index: number) => Promise<WriteResponse>;

const HOUR = 3_600_000;
const FIVE_MIN = 300_000;

/**
 * Values on the band edges (rounded half up: 53.5 → 54, 69.5 → 70, 180.5 → 181, 250.5 → 251) and
 * halves only, which are exact in binary floating point: sums do not depend on the order rows are
 * added in, so "equal to a recompute" can be checked exactly.
 */
const VALUES = [53, 53.5, 69.5, 70, 120, 180, 180.5, 250, 250.5, 251, 42, 310.5];

/**
 * `count` glucose writes for one patient over four UTC days before `now`: two single manual
 * readings for every small device batch. Times come from a small grid so that many writes share a
 * timestamp: manual readings at the same time are all kept, device readings at the same time are
 * deduplicated (the batches overlap on purpose).
 */
export function glucoseWrites(now: Date, count: number): WriteRequest[] {
  const lastMidnight = Math.floor(now.getTime() / (24 * HOUR)) * 24 * HOUR;
  const slot = (i: number) => {
    const day = 1 + (i % 4); // days -1 … -4, never today (always in the past)
    const hour = 6 + ((i * 7) % 3) * 5; // 06:00, 11:00 or 16:00 UTC
    return lastMidnight - day * 24 * HOUR + hour * HOUR;
  };
  return Array.from({ length: count }, (_, i): WriteRequest => {
    const value = VALUES[i % VALUES.length] as number;
    if (i % 3 === 2) {
      const start = slot(i) + (i % 2) * FIVE_MIN;
      return {
        method: 'POST',
        url: '/api/measurements/glucose/batch',
        payload: {
          source: 'cgm',
          deviceId: `sensor-${i % 2}`,
          unit: 'mg/dL',
          readings: Array.from({ length: 3 + (i % 3) }, (_, k) => ({
            measuredAt: new Date(start + k * FIVE_MIN).toISOString(),
            value: VALUES[(i + k) % VALUES.length] as number,
          })),
        },
      };
    }
    return {
      method: 'POST',
      url: '/api/measurements',
      payload: {
        kind: 'glucose',
        measuredAt: new Date(slot(i)).toISOString(),
        value,
        unit: 'mg/dL',
        context: 'random',
      },
    };
  });
}

/**
 * Edits and deletes of stored manual readings, some moving a reading to another day, mixed with
 * new readings: the aggregates of both the old and the new day must follow.
 */
export function glucoseEdits(
  now: Date,
  manualIds: readonly string[],
  count: number,
): WriteRequest[] {
  const fresh = glucoseWrites(now, count);
  return Array.from({ length: count }, (_, i): WriteRequest => {
    const id = manualIds[i];
    if (!id || i % 3 === 0) return fresh[i] as WriteRequest;
    if (i % 3 === 1) return { method: 'DELETE', url: `/api/measurements/${id}` };
    const moved = fresh[(i + 1) % count]?.payload as { measuredAt?: string } | undefined;
    return {
      method: 'PUT',
      url: `/api/measurements/${id}`,
      payload: {
        kind: 'glucose',
        measuredAt: moved?.measuredAt ?? new Date(now.getTime() - 30 * HOUR).toISOString(),
        value: VALUES[(i * 5) % VALUES.length] as number,
        unit: 'mg/dL',
        context: 'fasting',
      },
    };
  });
}

/** Sends every request at once; returns the responses in request order. */
export async function sendAll(
  requests: readonly WriteRequest[],
  send: Send,
): Promise<WriteResponse[]> {
  return Promise.all(requests.map((request, index) => send(request, index)));
}

/** Ids of the manual readings the responses created. */
export function createdManualIds(responses: readonly WriteResponse[]): string[] {
  return responses.flatMap((r) => {
    const id = (r.body as { measurement?: { id?: unknown } } | null)?.measurement?.id;
    return r.status === 201 && typeof id === 'string' ? [id] : [];
  });
}

type AggregateRow = Record<string, string | number | null>;

/** Columns as text, so the comparison is exact (no driver conversion in between). */
const AGGREGATE_COLUMNS =
  sql.raw(`day::text AS day, n, n_device, sum_mgdl::text AS sum_mgdl, sum_squares::text AS sum_squares,
  n_very_low, n_low, n_in_range, n_high, n_very_high, last_at::text AS last_at`);

/**
 * The patient's stored daily aggregates and the same figures recomputed from scratch from the
 * readings, both ordered by day (read as the database owner, outside row-level security).
 */
export async function aggregatesAndRecompute(database: Database, patientId: string) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: AggregateRow[] }).rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? null : String(v)])),
    );
  const stored = await rows(
    sql`SELECT ${AGGREGATE_COLUMNS} FROM glucose_daily_aggregates WHERE patient_id = ${patientId} ORDER BY day`,
  );
  const recomputed = await rows(sql`
    WITH fresh AS (
      SELECT (measured_at AT TIME ZONE 'UTC')::date AS day,
        count(*)::int AS n,
        (count(*) FILTER (WHERE source IN ('cgm', 'import', 'nightscout')))::int AS n_device,
        sum(value_mgdl::float8)::real AS sum_mgdl,
        sum(value_mgdl::float8 * value_mgdl::float8)::real AS sum_squares,
        (count(*) FILTER (WHERE floor(value_mgdl + 0.5) < 54))::int AS n_very_low,
        (count(*) FILTER (WHERE floor(value_mgdl + 0.5) >= 54 AND floor(value_mgdl + 0.5) < 70))::int AS n_low,
        (count(*) FILTER (WHERE floor(value_mgdl + 0.5) BETWEEN 70 AND 180))::int AS n_in_range,
        (count(*) FILTER (WHERE floor(value_mgdl + 0.5) > 180 AND floor(value_mgdl + 0.5) <= 250))::int AS n_high,
        (count(*) FILTER (WHERE floor(value_mgdl + 0.5) > 250))::int AS n_very_high,
        max(measured_at) AS last_at
      FROM glucose_readings WHERE patient_id = ${patientId} GROUP BY 1
    )
    SELECT ${AGGREGATE_COLUMNS} FROM fresh ORDER BY day`);
  return { stored, recomputed };
}

/** Status counts, e.g. { 201: 66, 200: 34 }, for a readable failure message. */
export function statusCounts(responses: readonly WriteResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}
