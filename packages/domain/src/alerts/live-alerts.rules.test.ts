import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../glucose/timezone';
import { DEFAULT_ALERT_SETTINGS, alertSettingsSchema } from './alert-settings.schemas';
import { isLiveReading, liveConditionAt, shouldRaiseLiveAlert } from './live-alerts.rules';

const t0 = Date.UTC(2026, 10, 2, 3, 0);
const every5 = (values: number[]) => ({ t: values.map((_, i) => t0 + i * 5 * MINUTE_MS), v: values });
const last = (values: number[]) => values.length - 1;
const settings = DEFAULT_ALERT_SETTINGS;

describe('urgent low forecast condition', () => {
  it('holds when the forecast crosses 54 within 20 minutes, not before nor once below', () => {
    const falling = [110, 100, 90, 80, 70];
    expect(liveConditionAt(every5(falling), last(falling), 'urgent_low_soon', settings)).toBe(true);
    const slow = [100, 98, 96, 94, 92];
    expect(liveConditionAt(every5(slow), last(slow), 'urgent_low_soon', settings)).toBe(false);
    const already = [80, 70, 60, 50];
    expect(liveConditionAt(every5(already), last(already), 'urgent_low_soon', settings)).toBe(false);
  });

  it('follows the patient threshold, which the settings keep between 54 and 80', () => {
    const values = [130, 120, 110, 100, 95];
    expect(liveConditionAt(every5(values), last(values), 'urgent_low_soon', settings)).toBe(false);
    expect(liveConditionAt(every5(values), last(values), 'urgent_low_soon', { ...settings, urgentLowSoonMgdl: 80 })).toBe(true);
    expect(alertSettingsSchema.safeParse({ ...settings, urgentLowSoonMgdl: 53 }).success).toBe(false);
    expect(alertSettingsSchema.safeParse({ ...settings, signalLossMinutes: 61 }).success).toBe(false);
    expect(alertSettingsSchema.safeParse({ ...settings, signalLossMinutes: 9 }).success).toBe(false);
  });
});

describe('rate conditions', () => {
  it('needs more than 2 mg/dL/min over 15 minutes and over their second half', () => {
    const fast = [200, 185, 170, 155];
    expect(liveConditionAt(every5(fast), 3, 'falling_fast', settings)).toBe(true);
    expect(liveConditionAt(every5(fast), 3, 'rising_fast', settings)).toBe(false);
    // Only 10 minutes of data: not sustained yet.
    expect(liveConditionAt(every5([185, 170, 155]), 2, 'falling_fast', settings)).toBe(false);
    // Exactly 2 mg/dL/min is not beyond.
    expect(liveConditionAt(every5([200, 190, 180, 170]), 3, 'falling_fast', settings)).toBe(false);
    // A big early drop then flat: the second half does not move.
    expect(liveConditionAt(every5([200, 160, 160, 160]), 3, 'falling_fast', settings)).toBe(false);
    expect(liveConditionAt(every5([100, 115, 130, 145]), 3, 'rising_fast', settings)).toBe(true);
    expect(liveConditionAt(every5([100, 115, 130, 145]), 3, 'rising_fast', { ...settings, rateAlerts: false })).toBe(false);
  });
});

describe('re-alert rules', () => {
  const series = every5([130, 115, 100, 85, 70, 66, 63, 60, 58, 56, 55]);
  const previous = { raisedAt: series.t[4] as number, status: 'open' as const, glucoseMgdl: 70 };

  it('raises a new condition, then snoozes 30 minutes', () => {
    expect(shouldRaiseLiveAlert(series, 4, 'urgent_low_soon', settings, undefined)).toBe(true);
    expect(liveConditionAt(series, 9, 'urgent_low_soon', settings)).toBe(true);
    expect(shouldRaiseLiveAlert(series, 9, 'urgent_low_soon', settings, previous)).toBe(false);
  });

  it('repeats after the snooze while still falling and open, never once acknowledged', () => {
    expect(shouldRaiseLiveAlert(series, 10, 'urgent_low_soon', settings, previous)).toBe(true);
    expect(shouldRaiseLiveAlert(series, 10, 'urgent_low_soon', settings, { ...previous, status: 'acknowledged' })).toBe(false);
    // Not lower than at the previous alert: not "still falling".
    expect(shouldRaiseLiveAlert(series, 10, 'urgent_low_soon', settings, { ...previous, glucoseMgdl: 50 })).toBe(false);
  });

  it('raises again, even acknowledged, once the condition cleared in between', () => {
    const twice = every5([150, 130, 110, 90, 92, 96, 100, 104, 108, 100, 85, 70]);
    const previous = { raisedAt: twice.t[3] as number, status: 'acknowledged' as const, glucoseMgdl: 90 };
    expect(liveConditionAt(twice, 11, 'urgent_low_soon', settings)).toBe(true);
    expect(shouldRaiseLiveAlert(twice, 11, 'urgent_low_soon', settings, previous)).toBe(true);
  });
});

describe('isLiveReading', () => {
  it('accepts readings of the last 10 minutes only', () => {
    expect(isLiveReading(t0, t0 + 10 * MINUTE_MS)).toBe(true);
    expect(isLiveReading(t0, t0 + 10 * MINUTE_MS + 1)).toBe(false);
    expect(isLiveReading(t0 + 5 * MINUTE_MS, t0)).toBe(false);
  });
});
