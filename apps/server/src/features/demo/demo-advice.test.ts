import { describe, expect, it } from 'vitest';
import { computeAdvice } from '@glucosuivi/domain/advice/advice.engine';
import { NIGHT_HYPO_RULE } from '@glucosuivi/domain/advice/advice.night-hypo';
import { DEFAULT_GLUCOSE_TARGETS, targetsForPreset } from '@glucosuivi/domain/glucose/bands';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import { DEMO_CGM_SERIES } from './demo.seed';

const HOUR = 3_600_000;
const DEMO_DAYS = 90;

/**
 * The demo is seeded relative to the moment the server first starts, so Camille's advice must
 * name recurring night hypos whatever that moment: every 73 hours over a year (73 = 3 days + 1 h,
 * so every hour of the day comes round, and both changes of time are crossed). Her account has
 * the defaults: Paris time and the standard targets.
 */
describe("the demo CGM patient's advice at any seeding time", () => {
  it('names at least two nights with a low in the last 14 days', () => {
    const targets = targetsForPreset(DEFAULT_GLUCOSE_TARGETS.preset);
    const first = Date.parse('2026-01-01T00:00:00Z');
    const tooFew: string[] = [];
    let checked = 0;
    for (let now = first; now < first + 365 * 24 * HOUR; now += 73 * HOUR) {
      // The demo's 90 days: the draws run from the first day, so a shorter history is another series.
      const series = generateCgmDays({ ...DEMO_CGM_SERIES, days: DEMO_DAYS, endAt: now - 5 * 60_000 });
      const period = lastLocalDays(now, 14, 'Europe/Paris');
      const findings = computeAdvice({ readings: series, source: 'cgm', period: { start: period.from, end: period.to }, timeZone: 'Europe/Paris', targets });
      const nights = findings.find((f) => f.kind === 'night_hypo')?.evidence as { nights: unknown[] } | undefined;
      if ((nights?.nights.length ?? 0) < NIGHT_HYPO_RULE.minNights) tooFew.push(new Date(now).toISOString());
      checked++;
    }
    expect(checked).toBe(120);
    expect(tooFew).toEqual([]);
  });
});
