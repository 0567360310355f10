import { describe, expect, it } from 'vitest';
import { arrangeTriage } from './doctor.rules';
import type { TriageRow } from './doctor.schemas';

const row = (name: string, over: { urgent?: number; open?: number; below?: number | null; above?: number | null; notShared?: boolean }): TriageRow => ({
  patientId: name,
  firstName: name,
  lastName: null,
  categories: ['glucose', 'alerts'],
  glucose: over.notShared
    ? { notShared: true }
    : {
        lastReadingAt: null,
        readings: 10,
        inRange: 50,
        belowRange: over.below ?? null,
        veryLow: 0,
        aboveRange: over.above ?? null,
        gmi: 7,
        cv: 30,
        daysWithData: 14,
        activePercent: 90,
        sufficient: true,
      },
  alerts: { open: over.open ?? 0, urgent: over.urgent ?? 0 },
  hba1c: null,
  advice: null,
});

describe('doctor rules', () => {
  it('sorts worst first: urgent alerts, open alerts, below range, above range, unknown last', () => {
    const rows = [
      row('calm', { below: 1, above: 10 }),
      row('urgent', { urgent: 1, open: 1, below: 0, above: 0 }),
      row('hidden', { notShared: true }),
      row('low', { below: 12, above: 5 }),
      row('high', { below: 1, above: 60 }),
      row('alert', { open: 2, below: 0, above: 0 }),
    ];
    expect(arrangeTriage(rows, { filter: 'all', sort: 'worst_first' }).map((r) => r.patientId)).toEqual(['urgent', 'alert', 'low', 'high', 'calm', 'hidden']);
    expect(arrangeTriage(rows, { filter: 'open_alerts', sort: 'worst_first' }).map((r) => r.patientId)).toEqual(['urgent', 'alert']);
    expect(arrangeTriage(rows, { filter: 'all', sort: 'name', q: 'AL' }).map((r) => r.patientId)).toEqual(['alert', 'calm']);
  });
});
