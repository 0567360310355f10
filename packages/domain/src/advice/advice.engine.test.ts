import { describe, expect, it } from 'vitest';
import { computeAdvice } from './advice.engine';
import { compareFindings } from './advice.finding';
import {
  flatTrace,
  inputFor,
  localAt,
  localPeriod,
  pull,
  setSpan,
  type Trace,
} from './advice.fixtures';
import {
  ADVICE_KINDS,
  ADVICE_SEVERITIES,
  adviceFindingsSchema,
  type AdviceFinding,
} from './advice.schemas';

const PARIS = 'Europe/Paris';
const MIN = 60_000;
const period = localPeriod(PARIS, '2026-11-26', 14);
const at = (day: number, minute: number) => localAt(PARIS, '2026-11-13', day, minute);

/** Night lows at 60 on two nights, and daytime lows of 62 (below 70, above 54) over 5 % of the time. */
function lowsAbove54(): Trace {
  const trace = flatTrace(period.start, period.end, PARIS, 120);
  pull(trace, at(2, 120), 60, 30);
  pull(trace, at(6, 120), 60, 30);
  for (let day = 0; day < 14; day++) setSpan(trace, at(day, 15 * 60), at(day, 15 * 60 + 75), 62);
  return trace;
}

describe('computeAdvice', () => {
  it('sorts urgent first, then by the fixed order of kinds', () => {
    const trace = lowsAbove54();
    pull(trace, at(9, 150), 48, 40);
    const findings = computeAdvice(
      inputFor(trace, period, {
        bloodPressure: [1, 2].map((d) => ({ at: at(d, 480), systolic: 150, diastolic: 92 })),
        ldl: [{ at: at(3, 600), mgdl: 140 }],
      }),
    );
    expect(findings.map((f) => `${f.severity}:${f.kind}`)).toEqual([
      'urgent:night_hypo',
      'attention:time_below_range',
      'attention:blood_pressure_high',
      'attention:ldl_above_target',
    ]);
    const shuffled = [...findings].reverse().sort(compareFindings);
    expect(shuffled).toEqual(findings);
    for (let i = 1; i < findings.length; i++) {
      const a = findings[i - 1]!;
      const b = findings[i]!;
      const bySeverity =
        ADVICE_SEVERITIES.indexOf(a.severity) - ADVICE_SEVERITIES.indexOf(b.severity);
      expect(
        bySeverity < 0 ||
          (bySeverity === 0 && ADVICE_KINDS.indexOf(a.kind) < ADVICE_KINDS.indexOf(b.kind)),
      ).toBe(true);
    }
  });

  it('shows the 15/15 rule for a felt low under 70, and the emergency numbers only under 54', () => {
    const trace = lowsAbove54();
    const hypoFlags = (findings: AdviceFinding[]) =>
      findings
        .filter((f) => f.kind === 'night_hypo' || f.kind === 'time_below_range')
        .map((f) => [f.showHypoTreatment, f.showEmergencyNumbers]);
    expect(hypoFlags(computeAdvice(inputFor(trace, period)))).toEqual([
      [false, false],
      [false, false],
    ]);
    const felt = at(4, 15 * 60 + 30);
    expect(hypoFlags(computeAdvice(inputFor(trace, period, { symptomaticLows: [felt] })))).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(
      hypoFlags(computeAdvice(inputFor(trace, period, { symptomaticLows: [at(4, 12 * 60)] }))),
    ).toEqual([
      [false, false],
      [false, false],
    ]);
    setSpan(trace, at(11, 16 * 60), at(11, 16 * 60) + 5 * MIN, 53);
    expect(hypoFlags(computeAdvice(inputFor(trace, period)))).toEqual([
      [true, true],
      [true, true],
    ]);
  });

  it('never sets the hypo flags on findings that are not about lows', () => {
    const trace = lowsAbove54();
    setSpan(trace, at(11, 16 * 60), at(11, 16 * 60) + 5 * MIN, 45);
    const findings = computeAdvice(
      inputFor(trace, period, { ldl: [{ at: at(3, 600), mgdl: 140 }] }),
    );
    expect(findings.find((f) => f.kind === 'ldl_above_target')).toMatchObject({
      showHypoTreatment: false,
      showEmergencyNumbers: false,
    });
  });

  it('is pure: same input, same findings, input untouched; readings outside the period are ignored', () => {
    const trace = lowsAbove54();
    const before = JSON.stringify(trace);
    const input = inputFor(trace, period, { meals: [at(3, 720), at(1, 720)] });
    const first = computeAdvice(input);
    expect(computeAdvice(input)).toEqual(first);
    expect(JSON.stringify(trace)).toBe(before);
    expect(adviceFindingsSchema.parse(first)).toEqual(first);

    const wider = flatTrace(period.start - 14 * 1440 * MIN, period.end + 3 * 1440 * MIN, PARIS, 45);
    setSpan(wider, period.start, period.end, 120);
    for (let i = 0; i < trace.t.length; i++)
      setSpan(wider, trace.t[i]!, trace.t[i]! + 1, trace.v[i]!);
    expect(computeAdvice(inputFor(wider, period, { meals: [at(3, 720), at(1, 720)] }))).toEqual(
      first,
    );
  });
});
