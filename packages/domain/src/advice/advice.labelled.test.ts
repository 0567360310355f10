import { describe, expect, it } from 'vitest';
import { computeAdvice } from './advice.engine';
import { labelledCases } from './advice.labelled-cases';
import { ADVICE_KINDS, type AdviceFinding, type AdviceKind } from './advice.schemas';

/**
 * Issue 17, "must show" 1: at least 60 generated cases labelled by construction, precision and
 * recall of every kind ≥ 0.9, printed; a well-controlled patient gets nothing alarming.
 */

interface Score {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

const ratio = (hits: number, misses: number): number =>
  hits + misses === 0 ? 1 : hits / (hits + misses);

function table(scores: Map<AdviceKind, Score>, positives: Map<AdviceKind, number>): string {
  const header = ['kind', 'cases with it', 'TP', 'FP', 'FN', 'precision', 'recall'];
  const rows = ADVICE_KINDS.map((kind) => {
    const s = scores.get(kind)!;
    return [
      kind,
      String(positives.get(kind) ?? 0),
      String(s.truePositives),
      String(s.falsePositives),
      String(s.falseNegatives),
      ratio(s.truePositives, s.falsePositives).toFixed(2),
      ratio(s.truePositives, s.falseNegatives).toFixed(2),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

describe('labelled set', () => {
  const cases = labelledCases();
  const results = cases.map((c) => ({ c, findings: computeAdvice(c.input) }));

  it('has at least 60 cases covering every kind, present and absent, well-controlled and sparse', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const kind of ADVICE_KINDS) {
      expect(
        cases.some((c) => c.expected.includes(kind)),
        `${kind} present`,
      ).toBe(true);
      expect(
        cases.filter((c) => !c.expected.includes(kind)).length,
        `${kind} absent`,
      ).toBeGreaterThan(10);
    }
    expect(cases.filter((c) => c.family === 'well_controlled').length).toBeGreaterThanOrEqual(5);
    expect(cases.filter((c) => c.family === 'sparse').length).toBeGreaterThanOrEqual(5);
  });

  it('finds each kind with precision and recall of at least 0.9', () => {
    const scores = new Map<AdviceKind, Score>(
      ADVICE_KINDS.map((k) => [k, { truePositives: 0, falsePositives: 0, falseNegatives: 0 }]),
    );
    const positives = new Map<AdviceKind, number>();
    const mistakes: string[] = [];
    for (const { c, findings } of results) {
      const found = new Set(findings.map((f) => f.kind));
      for (const kind of ADVICE_KINDS) {
        const expected = c.expected.includes(kind);
        const score = scores.get(kind)!;
        if (expected) positives.set(kind, (positives.get(kind) ?? 0) + 1);
        if (expected && found.has(kind)) score.truePositives++;
        else if (found.has(kind)) score.falsePositives++;
        else if (expected) score.falseNegatives++;
        if (expected !== found.has(kind))
          mistakes.push(`${c.name}: ${kind} ${expected ? 'missed' : 'reported'}`);
      }
    }
    console.log(
      `Advice engine on ${cases.length} labelled cases\n${table(scores, positives)}${mistakes.length > 0 ? `\nMistakes:\n  ${mistakes.join('\n  ')}` : '\nNo mistake.'}`,
    );
    for (const kind of ADVICE_KINDS) {
      const s = scores.get(kind)!;
      expect(ratio(s.truePositives, s.falsePositives), `${kind} precision`).toBeGreaterThanOrEqual(
        0.9,
      );
      expect(ratio(s.truePositives, s.falseNegatives), `${kind} recall`).toBeGreaterThanOrEqual(
        0.9,
      );
    }
  });

  it('gives a well-controlled patient nothing of severity attention or urgent', () => {
    const alarming = (findings: AdviceFinding[]) =>
      findings.filter((f) => f.severity !== 'info').map((f) => f.kind);
    const wellControlled = results.filter(({ c }) => c.family === 'well_controlled');
    expect(wellControlled.length).toBeGreaterThan(0);
    for (const { c, findings } of wellControlled) expect(alarming(findings), c.name).toEqual([]);
  });
});
