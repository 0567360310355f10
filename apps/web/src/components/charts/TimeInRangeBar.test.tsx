import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STANDARD_RANGE, targetsForPreset } from '@glucosuivi/domain/glucose/bands';
import { computeGlucoseMetrics, evaluateTargets } from '@glucosuivi/domain/glucose/metrics';
import { bandTargets } from '@/components/glucose-dashboard/dashboard-view';
import { TestProviders } from '@/test/TestProviders';
import { TimeInRangeBar } from './TimeInRangeBar';

/** 10,000 readings, `veryLow` of them at 40 mg/dL and the rest at 100. */
function metricsWithVeryLow(veryLow: number) {
  const t = Array.from({ length: 10_000 }, (_, i) => Date.UTC(2026, 0, 1) + i * 300_000);
  const v = t.map((_, i) => (i < veryLow ? 40 : 100));
  return computeGlucoseMetrics({ t, v }, { weighting: 'count' })!;
}

function veryLowLine(veryLow: number) {
  const metrics = metricsWithVeryLow(veryLow);
  const targets = bandTargets(evaluateTargets(metrics, targetsForPreset('standard')));
  render(
    <TestProviders>
      <TimeInRangeBar bands={metrics.bands} range={STANDARD_RANGE} unit="mg/dL" targets={targets} />
    </TestProviders>,
  );
  const items = within(screen.getByRole('list', { name: 'Répartition par zone de glycémie' })).getAllByRole('listitem');
  return items.find((item) => item.textContent?.includes('Très bas'))!.textContent!.replace(/\s/g, ' ');
}

describe('TimeInRangeBar', () => {
  it('prints the share, the target with the sign it is judged by, and a verdict that agrees with both', () => {
    expect(veryLowLine(104)).toMatch(/1,0 %.*objectif ≤ 1 % · atteint/);
  });

  it('says "non atteint" as soon as the printed share is above the limit', () => {
    expect(veryLowLine(106)).toMatch(/1,1 %.*objectif ≤ 1 % · non atteint/);
  });
});
