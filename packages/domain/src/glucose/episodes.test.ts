import { describe, expect, it } from 'vitest';
import { classifyBloodPressure, classifySingleReading, detectEpisodes } from './episodes';

const MIN = 60_000;

/** A 5-minute series from runs of [value, count]. */
function runs(...parts: Array<[number, number]>): { t: number[]; v: number[] } {
  const t: number[] = [];
  const v: number[] = [];
  for (const [value, count] of parts) {
    for (let i = 0; i < count; i++) {
      t.push(t.length * 5 * MIN);
      v.push(value);
    }
  }
  return { t, v };
}

describe('classifySingleReading', () => {
  it('maps meter readings to alerts', () => {
    expect(classifySingleReading(53)).toBe('urgent_hypo');
    expect(classifySingleReading(53.6)).toBe('hypo');
    expect(classifySingleReading(69)).toBe('hypo');
    expect(classifySingleReading(70)).toBeNull();
    expect(classifySingleReading(250)).toBeNull();
    expect(classifySingleReading(251)).toBe('hyper');
  });
});

describe('classifyBloodPressure', () => {
  it('uses 140/90 and 180/110', () => {
    expect(classifyBloodPressure(139, 89)).toBeNull();
    expect(classifyBloodPressure(140, 80)).toBe('alert');
    expect(classifyBloodPressure(130, 90)).toBe('alert');
    expect(classifyBloodPressure(180, 100)).toBe('urgent');
    expect(classifyBloodPressure(160, 110)).toBe('urgent');
  });
});

describe('detectEpisodes', () => {
  it('needs 15 minutes below 70 to start and 15 minutes at or above 70 to end', () => {
    // 10 minutes low: no episode. Then 15 minutes low, a 10-minute rebound that does not end
    // it, a dip, then 15 minutes at 80 that ends it.
    const s = runs([100, 6], [65, 2], [100, 4], [65, 3], [72, 2], [60, 1], [80, 3], [100, 3]);
    const { hypo, hyper } = detectEpisodes(s);
    expect(hyper).toEqual([]);
    expect(hypo.length).toBe(1);
    const e = hypo[0]!;
    expect(e.start).toBe(12 * 5 * MIN);
    expect(e.confirmedAt).toBe(14 * 5 * MIN);
    expect(e.severity).toBe('hypo');
    expect(e.extreme).toBe(60);
    expect(e.extremeAt).toBe(17 * 5 * MIN);
    expect(e.end).toBe(18 * 5 * MIN);
    expect(e.endReason).toBe('recovered');
    expect(e.durationMinutes).toBe(30);
    expect(e.startIndex).toBe(12);
    expect(e.lastIndex).toBe(17);
  });

  it('escalates to urgent after 15 minutes below 54 inside the episode', () => {
    const s = runs([100, 3], [65, 3], [52, 2], [60, 1], [50, 3], [45, 1], [90, 3]);
    const [e] = detectEpisodes(s).hypo;
    expect(e?.severity).toBe('urgent_hypo');
    expect(e?.urgentStart).toBe(9 * 5 * MIN);
    expect(e?.urgentConfirmedAt).toBe(11 * 5 * MIN);
    expect(e?.extreme).toBe(45);
    expect(e?.end).toBe(13 * 5 * MIN);
  });

  it('does not bridge gaps: an episode ends at a gap and a run restarts after it', () => {
    const s = runs([100, 2], [60, 4]);
    // 30-minute gap, then still low.
    const after = runs([60, 4], [100, 3]);
    const offset = (s.t[s.t.length - 1] as number) + 30 * MIN;
    s.t.push(...after.t.map((x) => x + offset));
    s.v.push(...after.v);
    const { hypo } = detectEpisodes(s);
    expect(hypo.length).toBe(2);
    expect(hypo[0]).toMatchObject({
      endReason: 'gap',
      start: 2 * 5 * MIN,
      end: 5 * 5 * MIN + 5 * MIN,
    });
    expect(hypo[1]).toMatchObject({
      endReason: 'recovered',
      start: offset,
      confirmedAt: offset + 10 * MIN,
    });
    // A 10-minute gap does not break a run: two readings, a gap of one, then one: 15 minutes
    // is reached on time coverage.
    const bridged = { t: [0, 5 * MIN, 15 * MIN, 20 * MIN], v: [65, 65, 65, 100] };
    expect(detectEpisodes(bridged).hypo.length).toBe(1);
  });

  it('detects hyper episodes above 250 and reports ongoing episodes', () => {
    const s = runs([200, 2], [260, 3], [240, 3], [300, 5]);
    const { hyper } = detectEpisodes(s);
    expect(hyper.length).toBe(2);
    expect(hyper[0]).toMatchObject({
      severity: 'hyper',
      start: 2 * 5 * MIN,
      end: 5 * 5 * MIN,
      extreme: 260,
    });
    expect(hyper[1]).toMatchObject({
      endReason: 'ongoing',
      end: null,
      extreme: 300,
      durationMinutes: 25,
    });
  });

  it('counts a 15-minute reading as 15 minutes when told the interval', () => {
    const s = { t: [0, 15 * MIN, 30 * MIN, 45 * MIN], v: [100, 60, 100, 100] };
    const { hypo } = detectEpisodes(s, { intervalMinutes: 15 });
    expect(hypo).toMatchObject([{ start: 15 * MIN, end: 30 * MIN, endReason: 'recovered' }]);
  });
});
