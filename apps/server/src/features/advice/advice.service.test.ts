import { describe, expect, it } from 'vitest';
import { adviceGlucose } from './advice.service';

const period = { from: 1_000, to: 2_000 };

describe('adviceGlucose: the readings advice is drawn from, by the dashboard basis rule', () => {
  it('reads a CGM wearer from device readings only, once per instant, previous period included', () => {
    const columns = {
      t: [500, 600, 1_100, 1_100, 1_200, 1_300],
      v: [90, 95, 100, 101, 250, 110],
      device: [true, false, true, true, false, true],
    };
    expect(adviceGlucose(columns, period)).toEqual({ source: 'cgm', readings: { t: [500, 1_100, 1_300], v: [90, 100, 110] } });
  });

  it('reads every reading as a meter when the period has no device reading, even if the previous period had', () => {
    const columns = { t: [500, 1_100, 1_200], v: [90, 100, 120], device: [true, false, false] };
    expect(adviceGlucose(columns, period)).toEqual({ source: 'meter', readings: { t: [500, 1_100, 1_200], v: [90, 100, 120] } });
  });

  it('gives an empty meter series without readings', () => {
    expect(adviceGlucose({ t: [], v: [], device: [] }, period)).toEqual({ source: 'meter', readings: { t: [], v: [] } });
  });
});
