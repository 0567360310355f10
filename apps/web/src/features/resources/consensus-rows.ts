import { TARGET_PRESET_VALUES, type GlucoseRange, type TargetPreset } from '@glucosuivi/domain/glucose/bands';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatGlucoseValue } from '@/components/charts/glucose-display';

/**
 * The consensus targets by population, read from the domain's target presets (the values the app
 * applies when a professional picks a preset): nothing here repeats a number.
 */

export type Population = 'adults' | 'older' | 'pregnancy';

/** Each population of the consensus that has a preset, in the order of the consensus figure. */
export const POPULATIONS: readonly { population: Population; preset: Exclude<TargetPreset, 'custom'> }[] = [
  { population: 'adults', preset: 'standard' },
  { population: 'older', preset: 'older_high_risk' },
  { population: 'pregnancy', preset: 'pregnancy' },
];

export type TargetRowKey = 'inRange' | 'belowRange' | 'veryLow' | 'aboveRange' | 'veryHigh' | 'cv' | 'hba1c';

export interface TargetRow {
  key: TargetRowKey;
  /** `above`: more than the value; `below`: less than it; `atMost`: the value or less. */
  kind: 'above' | 'below' | 'atMost';
  /** The target in %, or null when the consensus sets none for this population. */
  percent: number | null;
}

/** The preset's targets as table rows; shares first (as the consensus lists them), then CV and HbA1c. */
export function targetRows(preset: Exclude<TargetPreset, 'custom'>): TargetRow[] {
  const t = TARGET_PRESET_VALUES[preset];
  return [
    { key: 'inRange', kind: 'above', percent: t.inRangeMinPercent },
    { key: 'belowRange', kind: 'below', percent: t.belowRangeMaxPercent },
    { key: 'veryLow', kind: 'below', percent: t.veryLowMaxPercent },
    { key: 'aboveRange', kind: 'below', percent: t.aboveRangeMaxPercent },
    { key: 'veryHigh', kind: 'below', percent: t.veryHighMaxPercent },
    { key: 'cv', kind: 'atMost', percent: t.cvMaxPercent },
    { key: 'hba1c', kind: 'below', percent: t.hba1cMaxPercent },
  ];
}

/** A range's thresholds as the reader reads them, in their unit and language: "70", "3,9". */
export function thresholds(range: GlucoseRange, unit: GlucoseUnit, language: string) {
  const shown = (mgdl: number) => formatGlucoseValue(mgdl, unit, language);
  return { veryLow: shown(range.veryLowBelow), low: shown(range.lowBelow), high: shown(range.highAbove), veryHigh: shown(range.veryHighAbove), unit };
}

export function presetRange(preset: Exclude<TargetPreset, 'custom'>): GlucoseRange {
  return TARGET_PRESET_VALUES[preset].range;
}
