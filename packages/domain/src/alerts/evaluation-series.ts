import { generateCgmDays, type CgmProfile } from '../demo/cgm-generator';
import { parseGlucoseFile } from '../imports/glucose-file';
import { DAY_MS, MINUTE_MS } from '../glucose/timezone';
import type { EvaluatedSeries } from './forecast-evaluation';

/**
 * The CGM series the forecast is evaluated on, from the text of the sample files
 * (packages/domain/test-data/samples) and from the demo generator. Pure: the caller reads the
 * files. Shared by the evaluation test and bench/forecast-tuning.ts.
 */

/** The most common spacing between consecutive readings, in whole minutes (5 or 15 in practice). */
export function nominalIntervalMinutes(t: readonly number[]): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < t.length; i++) {
    const minutes = Math.round(((t[i] as number) - (t[i - 1] as number)) / MINUTE_MS);
    if (minutes > 0) counts.set(minutes, (counts.get(minutes) ?? 0) + 1);
  }
  let best = 5;
  let bestCount = 0;
  for (const [minutes, count] of counts) {
    if (count > bestCount) [best, bestCount] = [minutes, count];
  }
  return best;
}

function series(name: string, t: number[], v: number[]): EvaluatedSeries {
  return { name, t, v, intervalMinutes: nominalIntervalMinutes(t) };
}

/** A LibreView or Clarity export (wall clock placed in Paris; the zone does not change the shape). */
export function seriesFromExport(name: string, text: string): EvaluatedSeries {
  const parsed = parseGlucoseFile(text, 'Europe/Paris');
  if (!parsed.ok) throw new Error(`${name}: ${parsed.error.code}`);
  return series(name, parsed.file.times, parsed.file.valuesMgdl);
}

/** iglu's `id,time,gl` CSV, one series per subject (times are wall clock; kept as UTC). */
export function seriesFromIglu(name: string, text: string): EvaluatedSeries[] {
  const bySubject = new Map<string, { t: number[]; v: number[] }>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    const [id, time, gl] = line.split(',').map((s) => s.replace(/"/g, ''));
    const m = /^(\d+)-(\d+)-(\d+) (\d+):(\d+):(\d+)$/.exec(time ?? '');
    if (!m || id === undefined || gl === undefined || gl === 'NA') continue;
    const at = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
    let s = bySubject.get(id);
    if (!s) bySubject.set(id, (s = { t: [], v: [] }));
    const last = s.t[s.t.length - 1];
    if (last !== undefined && at <= last) continue;
    s.t.push(at);
    s.v.push(Number(gl));
  }
  return [...bySubject].map(([id, s]) => series(`${name} ${id}`, s.t, s.v));
}

/**
 * Nightscout entries (JSON array): `sgv` records only, sorted by date, values outside 39–401
 * left out (Dexcom's special codes such as 5 = sensor error are not glucose).
 */
export function seriesFromNightscout(name: string, text: string): EvaluatedSeries {
  const entries = JSON.parse(text) as Array<{ type?: string; sgv?: unknown; date?: unknown }>;
  const readings = entries
    .filter((e) => e.type === 'sgv' && typeof e.date === 'number')
    .map((e) => ({ at: e.date as number, mgdl: Number(e.sgv) }))
    .filter((r) => r.mgdl >= 39 && r.mgdl <= 401)
    .sort((a, b) => a.at - b.at)
    .filter((r, i, all) => i === 0 || r.at > (all[i - 1] as { at: number }).at);
  return series(name, readings.map((r) => r.at), readings.map((r) => r.mgdl));
}

/** One year (or `days`) of the demo generator for a profile and seed, with its gaps. */
export function demoSeries(profile: CgmProfile, seed: number, days = 365): EvaluatedSeries {
  const endAt = Date.UTC(2026, 0, 1) + days * DAY_MS;
  const generated = generateCgmDays({ seed, days, endAt, profile });
  return { name: `demo ${profile} seed ${seed}`, t: generated.t, v: generated.v, intervalMinutes: 5 };
}
