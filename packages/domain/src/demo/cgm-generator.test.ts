import { describe, expect, it } from 'vitest';
import { computeGlucoseMetrics } from '../glucose/metrics';
import { detectEpisodes } from '../glucose/episodes';
import { alertsForCgmSeries } from '../alerts/alerts.rules';
import { dayNumberToIsoDate, getZoneOffsetResolver, localDayNumber } from '../glucose/timezone';
import {
  CGM_PROFILES,
  generateCgmDays,
  type GeneratedCgm,
} from './cgm-generator';
import { generateManualReadings } from './manual-generator';

const MIN = 60_000;
const DAY = 86_400_000;
const endAt = Date.UTC(2026, 4, 1, 9, 55);
const paris = getZoneOffsetResolver('Europe/Paris');

describe('generateCgmDays', () => {
  const ninety = generateCgmDays({ seed: 2026, days: 90, endAt, profile: 'average' });

  it('is deterministic from the seed', () => {
    const again = generateCgmDays({ seed: 2026, days: 90, endAt, profile: 'average' });
    expect(again).toEqual(ninety);
    const other = generateCgmDays({ seed: 2027, days: 90, endAt, profile: 'average' });
    expect(other.v).not.toEqual(ninety.v);
  });

  it('gives 288 readings a day minus the gaps, on the 5-minute grid, integers in 40–400', () => {
    const start = endAt - (90 * 288 - 1) * 5 * MIN;
    let missing = 0;
    for (const g of ninety.gaps) {
      expect(g.to).toBeGreaterThan(g.from);
      for (let x = start; x <= endAt; x += 5 * MIN) if (x >= g.from && x < g.to) missing++;
    }
    expect(ninety.gaps.some((g) => g.reason === 'sensor_warmup')).toBe(true);
    expect(missing).toBeGreaterThan(0);
    expect(ninety.t.length).toBe(90 * 288 - missing);
    expect(ninety.t[ninety.t.length - 1]).toBeLessThanOrEqual(endAt);
    let bad = 0;
    for (let i = 0; i < ninety.t.length; i++) {
      const v = ninety.v[i]!;
      if (!(Number.isInteger(v) && v >= 40 && v <= 400)) bad++;
      if ((ninety.t[i]! - start) % (5 * MIN) !== 0) bad++;
      if (i > 0 && !(ninety.t[i]! > ninety.t[i - 1]!)) bad++;
    }
    expect(bad).toBe(0);
  });

  it('has a realistic 90-day average profile: 50–80 % in range, some lows, night hypos', () => {
    const m = computeGlucoseMetrics(ninety);
    expect(m).not.toBeNull();
    expect(m!.bands.in_range).toBeGreaterThan(50);
    expect(m!.bands.in_range).toBeLessThan(80);
    expect(Math.min(...ninety.v)).toBeLessThan(70);
    expect(m!.sufficiency.sufficient).toBe(true);
    const { hypo } = detectEpisodes(ninety);
    const night = hypo.filter((e) => {
      const local = e.start + paris(e.start);
      return (local % DAY) / 3_600_000 < 6;
    });
    expect(night.length).toBeGreaterThan(0);
  });

  it('orders the profiles by control', () => {
    const metrics = Object.fromEntries(
      CGM_PROFILES.map((profile) => {
        const g: GeneratedCgm = generateCgmDays({ seed: 11, days: 30, endAt, profile });
        return [profile, computeGlucoseMetrics(g)!];
      }),
    );
    expect(metrics.well_controlled!.bands.in_range).toBeGreaterThan(
      metrics.average!.bands.in_range,
    );
    expect(metrics.average!.bands.in_range).toBeGreaterThan(
      metrics.poorly_controlled!.bands.in_range,
    );
    expect(metrics.poorly_controlled!.mean).toBeGreaterThan(metrics.average!.mean);
    expect(metrics.hypo_prone!.belowRange).toBeGreaterThan(metrics.average!.belowRange);
    expect(metrics.hypo_prone!.belowRange).toBeGreaterThan(metrics.well_controlled!.belowRange);
  });

  it('with lastNightHypo, has an urgent low to alert on whatever the time it ends (every 20 minutes of a day), random draws unchanged', () => {
    const hours = Array.from({ length: 72 }, (_, k) => Date.UTC(2026, 10, 24, 0, 7 + 20 * k));
    const alerted = (options: { lastNightHypo?: boolean }) =>
      hours.map((end) => alertsForCgmSeries(generateCgmDays({ seed: 5, days: 3, endAt: end, profile: 'well_controlled', ...options }), end).length > 0);
    // Without it the last 24 hours often hold no episode: a demo seeded then shows no alert.
    expect(alerted({}).filter(Boolean).length).toBeLessThan(hours.length);
    expect(alerted({ lastNightHypo: true })).toEqual(hours.map(() => true));
    for (const end of hours) {
      const forced = generateCgmDays({ seed: 5, days: 3, endAt: end, profile: 'well_controlled', lastNightHypo: true });
      const urgent = alertsForCgmSeries(forced, end).filter((a) => a.kind === 'urgent_hypo');
      expect(urgent.length, new Date(end).toISOString()).toBeGreaterThan(0);
      // A night one: it begins between 00:30 and 03:30 local.
      const local = (urgent[0]!.occurredAt + paris(urgent[0]!.occurredAt)) % DAY;
      expect(local / MIN).toBeGreaterThanOrEqual(30);
      expect(local / MIN).toBeLessThan(210);
    }
    const plain = generateCgmDays({ seed: 5, days: 3, endAt: hours[36]!, profile: 'well_controlled' });
    const forced = generateCgmDays({ seed: 5, days: 3, endAt: hours[36]!, profile: 'well_controlled', lastNightHypo: true });
    expect(forced.t.length).toBeGreaterThanOrEqual(plain.t.length);
    expect(forced.v.slice(-10)).toEqual(plain.v.slice(-10));
  });

  it('honours the interval', () => {
    const g = generateCgmDays({
      seed: 3,
      days: 2,
      endAt,
      intervalMinutes: 15,
      profile: 'well_controlled',
    });
    expect(g.t.length).toBeLessThanOrEqual(2 * 96);
    expect(g.t[1]! - g.t[0]!).toBeGreaterThanOrEqual(15 * MIN);
  });
});

describe('generateManualReadings', () => {
  const days = 180;
  const r = generateManualReadings({ seed: 5, days, endAt });

  it('is deterministic from the seed', () => {
    expect(generateManualReadings({ seed: 5, days, endAt })).toEqual(r);
    expect(generateManualReadings({ seed: 6, days, endAt }).glucose).not.toEqual(r.glucose);
  });

  it('has 1–4 meter readings a day with a meal context, fasting first', () => {
    const perDay = new Map<string, string[]>();
    for (const g of r.glucose) {
      const key = dayNumberToIsoDate(localDayNumber(paris, g.measuredAt));
      perDay.set(key, [...(perDay.get(key) ?? []), g.context]);
      expect(g.mgdl).toBeGreaterThanOrEqual(20);
      expect(g.mgdl).toBeLessThanOrEqual(600);
    }
    expect(perDay.size).toBeGreaterThanOrEqual(days - 2);
    for (const contexts of perDay.values()) {
      expect(contexts.length).toBeGreaterThanOrEqual(1);
      expect(contexts.length).toBeLessThanOrEqual(4);
    }
    expect(new Set(r.glucose.map((g) => g.context))).toEqual(
      new Set(['fasting', 'before_meal', 'after_meal', 'bedtime']),
    );
  });

  it('has HbA1c every ~3 months, one or two lipid panels, blood pressure a few times a week, weekly weight', () => {
    expect(r.hba1c.length).toBe(2);
    for (const h of r.hba1c) expect(h.percent >= 3 && h.percent <= 20).toBe(true);
    const gap = r.hba1c[1]!.measuredAt - r.hba1c[0]!.measuredAt;
    expect(gap).toBeGreaterThanOrEqual(85 * DAY);
    expect(gap).toBeLessThanOrEqual(100 * DAY);
    expect(r.lipids.length).toBeGreaterThanOrEqual(1);
    expect(r.lipids.length).toBeLessThanOrEqual(2);
    for (const l of r.lipids)
      expect(l.ldlMgdl).toBeCloseTo(l.totalMgdl - l.hdlMgdl - l.triglyceridesMgdl / 5, -1);
    const bpPerWeek = r.bloodPressure.length / (days / 7);
    expect(bpPerWeek).toBeGreaterThan(1.5);
    expect(bpPerWeek).toBeLessThan(5);
    for (const b of r.bloodPressure) expect(b.systolic).toBeGreaterThan(b.diastolic);
    expect(r.weight.length).toBeGreaterThanOrEqual(25);
    expect(r.weight.length).toBeLessThanOrEqual(27);
    const all = [...r.glucose, ...r.hba1c, ...r.lipids, ...r.bloodPressure, ...r.weight];
    for (const x of all) {
      expect(x.measuredAt).toBeLessThanOrEqual(endAt);
      expect(x.measuredAt).toBeGreaterThan(endAt - days * DAY);
    }
    expect(generateManualReadings({ seed: 5, days: 30, endAt }).lipids.length).toBe(1);
  });
});
