// Metrics engine on 90 days of 5-minute CGM (25,920 readings), against a naive implementation
// written the obvious way (array of objects, sort for the median, filter per band).
// Run: npx tsx bench/metrics.ts   → bench/results/metrics.json
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { computeGlucoseMetrics } from '@glucosuivi/domain/glucose/metrics';
import { computeAgp } from '@glucosuivi/domain/glucose/agp';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';

const DAYS = 90;
const series = generateCgmDays({ seed: 42, days: DAYS, endAt: Date.UTC(2026, 10, 1), profile: 'average' });
const readings = series.t.map((t, i) => ({ time: new Date(t), value: series.v[i]! }));

function naive(rows: { time: Date; value: number }[]) {
  const values = rows.map((r) => r.value);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.map((v) => (v - mean) ** 2).reduce((a, b) => a + b, 0) / (values.length - 1));
  const sorted = [...values].sort((a, b) => a - b);
  const share = (f: (v: number) => boolean) => (rows.filter((r) => f(Math.round(r.value))).length / rows.length) * 100;
  return {
    mean,
    sd,
    cv: (sd / mean) * 100,
    gmi: 3.31 + 0.02392 * mean,
    median: sorted[Math.floor(sorted.length / 2)],
    veryLow: share((v) => v < 54),
    low: share((v) => v >= 54 && v < 70),
    inRange: share((v) => v >= 70 && v <= 180),
    high: share((v) => v > 180 && v <= 250),
    veryHigh: share((v) => v > 250),
  };
}

function time(fn: () => unknown, iterations: number) {
  for (let i = 0; i < 20; i++) fn(); // warm-up: let the JIT settle
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => Number(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(3));
  return { median: at(0.5), p95: at(0.95), min: at(0) };
}

const ours = time(() => computeGlucoseMetrics(series), 200);
const naiveTime = time(() => naive(readings), 200);
const agp = time(() => computeAgp(series), 50);
const check = computeGlucoseMetrics(series);
const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  readings: series.t.length,
  goalMs: 5,
  metricsMs: ours,
  naiveMs: naiveTime,
  agpMs: agp,
  speedup: Number((naiveTime.median / ours.median).toFixed(1)),
  sanity: { mean: check?.mean, bands: check?.bands, gmi: check?.gmi },
};
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/metrics.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
