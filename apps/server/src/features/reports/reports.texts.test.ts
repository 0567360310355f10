import { describe, expect, it } from 'vitest';
import { computeAdvice } from '@glucosuivi/domain/advice/advice.engine';
import { renderFinding } from '@glucosuivi/domain/advice/advice.texts';
import { CGM_PROFILES, generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { targetsForPreset } from '@glucosuivi/domain/glucose/bands';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import { fontRuns } from './report-drawing';
import { formatDuration, formatNumber, formatPercent, REPORT_TEXTS, winAnsi } from './reports.texts';

/** What the PDF's built-in fonts can print: Latin-1 and the few extra characters of Windows-1252. */
const WIN_ANSI = /^[\x20-\x7E\xA0-\xFF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
/** The characters the report draws with its fallback font (glucose-report.pdf.test.ts reads them back). */
const FALLBACK_CHARACTERS = new Set(['≤', '≥', '−']);

describe('report texts', () => {
  it('writes French numbers with a decimal comma and a non-breaking space before % and :', () => {
    expect(formatNumber('fr', 6.85, 1)).toBe('6,9');
    expect(formatPercent('fr', 72.4)).toBe('72\u00A0%');
    expect(formatPercent('en', 72.4)).toBe('72%');
    expect(REPORT_TEXTS.fr.colon).toBe('\u00A0:');
  });

  it('never uses U+202F, which the WinAnsi PDF fonts cannot encode', () => {
    // fr-FR groups thousands with U+202F.
    expect(formatNumber('fr', 25920, 0)).toBe('25\u00A0920');
    expect(JSON.stringify(REPORT_TEXTS)).not.toContain('\u202F');
  });

  it('writes a time per day with hours and minutes', () => {
    expect(formatDuration(1, 12)).toBe('1\u00A0h\u00A012\u00A0min');
    expect(formatDuration(0, 45)).toBe('45\u00A0min');
    expect(formatDuration(2, 0)).toBe('2\u00A0h');
  });

  it('has the same keys in every language', () => {
    const keys = (o: object) => Object.keys(o).sort();
    expect(keys(REPORT_TEXTS.en)).toEqual(keys(REPORT_TEXTS.fr));
    expect(keys(REPORT_TEXTS.es)).toEqual(keys(REPORT_TEXTS.fr));
    expect(keys(REPORT_TEXTS.es.csv)).toEqual(keys(REPORT_TEXTS.fr.csv));
  });

  it('makes every advice text printable in WinAnsi, in each language and unit', () => {
    const now = Date.parse('2026-11-02T09:00:00Z');
    const period = lastLocalDays(now, 14, 'Europe/Paris');
    const kinds = new Set<string>();
    const unprintable: string[] = [];
    for (const [i, profile] of CGM_PROFILES.entries()) {
      const series = generateCgmDays({ seed: 40 + i, days: 28, endAt: now - 5 * 60_000, profile, lastNightHypo: true });
      const findings = computeAdvice({
        readings: series,
        previousReadings: series,
        source: 'cgm',
        period: { start: period.from, end: period.to },
        timeZone: 'Europe/Paris',
        targets: targetsForPreset('standard'),
        hba1c: [{ at: now - 200 * 86_400_000, percent: 7.2 }, { at: now - 20 * 86_400_000, percent: 8.1 }],
        bloodPressure: [{ at: now - 86_400_000, systolic: 150, diastolic: 95 }, { at: now - 2 * 86_400_000, systolic: 146, diastolic: 92 }],
        ldl: [{ at: now - 30 * 86_400_000, mgdl: 162 }],
      });
      for (const finding of findings) {
        kinds.add(finding.kind);
        for (const language of ['fr', 'en', 'es'] as const) {
          for (const unit of ['mg/dL', 'mmol/L'] as const) {
            const text = renderFinding(finding, language, unit);
            for (const line of [text.title, ...text.evidence, text.discuss, ...text.safety]) {
              const fallback = fontRuns(winAnsi(line)).filter((run) => run.fallback);
              if (fallback.some((run) => [...run.text].some((ch) => !FALLBACK_CHARACTERS.has(ch)))) unprintable.push(line);
            }
          }
        }
      }
    }
    expect(kinds.size).toBeGreaterThanOrEqual(6);
    expect(unprintable).toEqual([]);
    // Thin spaces become non-breaking ones; ≤ and − stay, for the fallback font to draw.
    expect(winAnsi('\u2212 5,5\u202F% \u2264 4\u2009%')).toBe('\u2212 5,5\u00A0% \u2264 4\u00A0%');
    expect(fontRuns('CV ≤ 36 %')).toEqual([
      { text: 'CV ', fallback: false },
      { text: '≤', fallback: true },
      { text: ' 36 %', fallback: false },
    ]);
    expect(WIN_ANSI.test('Très élevé — 5 %')).toBe(true);
  });
});
