import { describe, expect, it } from 'vitest';
import { bandPercents } from './bands';
import { hoursAndMinutes, minutesPerDay } from './time-per-day';

describe('time per day of each band', () => {
  it('turns the printed shares into minutes of an average day, adding up to 24 h', () => {
    const printed = { very_low: 0.5, low: 2.5, in_range: 72.3, high: 19.7, very_high: 5 };
    const minutes = minutesPerDay(printed);
    // 72,3 % of 1440 min = 1041,12 → 17 h 21 min; 5 % = 72 min exactly.
    expect(minutes).toEqual({ very_low: 7, low: 36, in_range: 1041, high: 284, very_high: 72 });
    expect(Object.values(minutes).reduce((a, b) => a + b, 0)).toBe(1440);
  });

  it('keeps at least a minute for a share of 0,1 % and gives nothing to an empty band', () => {
    const minutes = minutesPerDay(bandPercents({ very_low: 0.01, low: 0, in_range: 99.99, high: 0, very_high: 0 }));
    expect(minutes.very_low).toBe(1);
    expect(minutes.low).toBe(0);
    expect(minutes.in_range).toBe(1439);
  });

  it('is all zero without data', () => {
    expect(minutesPerDay({ very_low: 0, low: 0, in_range: 0, high: 0, very_high: 0 })).toEqual({ very_low: 0, low: 0, in_range: 0, high: 0, very_high: 0 });
  });

  it('splits minutes into hours and minutes', () => {
    expect(hoursAndMinutes(72)).toEqual({ hours: 1, minutes: 12 });
    expect(hoursAndMinutes(1041)).toEqual({ hours: 17, minutes: 21 });
    expect(hoursAndMinutes(45)).toEqual({ hours: 0, minutes: 45 });
  });
});
