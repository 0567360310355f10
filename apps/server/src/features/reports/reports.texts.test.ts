import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, REPORT_TEXTS } from './reports.texts';

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

  it('has the same keys in every language', () => {
    const keys = (o: object) => Object.keys(o).sort();
    expect(keys(REPORT_TEXTS.en)).toEqual(keys(REPORT_TEXTS.fr));
    expect(keys(REPORT_TEXTS.es)).toEqual(keys(REPORT_TEXTS.fr));
    expect(keys(REPORT_TEXTS.es.csv)).toEqual(keys(REPORT_TEXTS.fr.csv));
  });
});
