import { describe, expect, it } from 'vitest';
import {
  ALERT_RECENCY_MS,
  alertForBloodPressure,
  alertForGlucoseReading,
  alertMayBeEmailed,
  alertReachesProfessional,
  alertsForCgmSeries,
  isUrgentAlertKind,
  pushedInQuietHours,
} from './alerts.rules';

const now = Date.parse('2026-11-02T09:00:00Z');

describe('alert rules', () => {
  it('classifies single readings with the glucose module and keys them by reading', () => {
    expect(alertForGlucoseReading({ id: 'r1', valueMgdl: 65, measuredAt: now }, now)).toMatchObject({ kind: 'hypo', dedupKey: 'reading:r1:hypo' });
    expect(alertForGlucoseReading({ id: 'r2', valueMgdl: 53.4, measuredAt: now }, now)?.kind).toBe('urgent_hypo');
    expect(alertForGlucoseReading({ id: 'r3', valueMgdl: 250.4, measuredAt: now }, now)).toBeNull();
    expect(alertForGlucoseReading({ id: 'r4', valueMgdl: 251, measuredAt: now }, now)?.kind).toBe('hyper');
    expect(alertForBloodPressure({ id: 'b', systolic: 139, diastolic: 90, measuredAt: now }, now)?.kind).toBe('bp_high');
    expect(alertForBloodPressure({ id: 'b', systolic: 120, diastolic: 110, measuredAt: now }, now)?.kind).toBe('bp_urgent');
    expect(alertForBloodPressure({ id: 'b', systolic: 139, diastolic: 89, measuredAt: now }, now)).toBeNull();
  });

  it('ignores readings older than the recency window', () => {
    expect(alertForGlucoseReading({ id: 'old', valueMgdl: 40, measuredAt: now - ALERT_RECENCY_MS - 1 }, now)).toBeNull();
  });

  it('raises one alert per CGM episode with a stable key', () => {
    const t = Array.from({ length: 12 }, (_, i) => now - (11 - i) * 300_000);
    const v = t.map((_, i) => (i >= 3 && i < 7 ? 60 : 110));
    const candidates = alertsForCgmSeries({ t, v }, now);
    expect(candidates).toEqual([expect.objectContaining({ kind: 'hypo', origin: 'cgm_episode', dedupKey: `episode:hypo:${t[3]}`, glucoseMgdl: 60 })]);
  });
});

describe('alertReachesProfessional', () => {
  it('needs the alert’s own data category and the alerts category', () => {
    expect(alertReachesProfessional('hypo', ['glucose', 'alerts'])).toBe(true);
    expect(alertReachesProfessional('urgent_hypo', ['alerts'])).toBe(false);
    expect(alertReachesProfessional('hyper', ['glucose'])).toBe(false);
    expect(alertReachesProfessional('bp_high', ['glucose', 'alerts'])).toBe(false);
    expect(alertReachesProfessional('bp_urgent', ['blood_pressure', 'alerts'])).toBe(true);
  });
});

describe('live alert kinds', () => {
  it('are glucose alerts for the care team, never e-mailed, and only the urgent forecast pierces quiet hours', () => {
    for (const kind of ['urgent_low_soon', 'falling_fast', 'rising_fast', 'signal_loss'] as const) {
      expect(alertReachesProfessional(kind, ['glucose', 'alerts'])).toBe(true);
      expect(alertReachesProfessional(kind, ['blood_pressure', 'alerts'])).toBe(false);
      expect(alertMayBeEmailed(kind)).toBe(false);
    }
    expect(alertMayBeEmailed('urgent_hypo')).toBe(true);
    expect(isUrgentAlertKind('urgent_low_soon')).toBe(true);
    expect(pushedInQuietHours('urgent_low_soon')).toBe(true);
    expect(pushedInQuietHours('urgent_hypo')).toBe(true);
    expect(pushedInQuietHours('falling_fast')).toBe(false);
    expect(pushedInQuietHours('signal_loss')).toBe(false);
    expect(pushedInQuietHours('hypo')).toBe(false);
  });
});
