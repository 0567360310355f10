import { targetsForPreset, type TargetPreset } from '@glucosuivi/domain/glucose/bands';
import { formatGlucoseNumber, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatNumber } from '@/components/charts/glucose-display';

/**
 * The values a preset's one-line summary (profile:presetHints) is written with: its thresholds in
 * the reader's unit, its target shares in the reader's language, from the domain's preset table.
 */
export function presetHintValues(preset: TargetPreset, unit: GlucoseUnit, language: string): Record<string, string> {
  const targets = targetsForPreset(preset);
  const glucose = (mgdl: number) => formatGlucoseNumber(mgdl, unit, language);
  const share = (percent: number | null) => (percent === null ? '' : formatNumber(percent, language, 0));
  return {
    unit,
    veryLowBelow: glucose(targets.range.veryLowBelow),
    low: glucose(targets.range.lowBelow),
    high: glucose(targets.range.highAbove),
    veryHighAbove: glucose(targets.range.veryHighAbove),
    inRange: share(targets.inRangeMinPercent),
    below: share(targets.belowRangeMaxPercent),
    veryLow: share(targets.veryLowMaxPercent),
    veryHigh: share(targets.veryHighMaxPercent),
  };
}
