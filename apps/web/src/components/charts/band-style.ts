import type { GlucoseBand } from '@glucosuivi/domain/glucose/bands';

/** Each band's fill in the time-in-range bar and its legend. */
export const BAND_FILL_CLASSES: Record<GlucoseBand, string> = {
  very_low: 'bg-red-800',
  low: 'bg-red-500',
  in_range: 'bg-green-700',
  high: 'bg-amber-400',
  very_high: 'bg-amber-700',
};

/**
 * The same hues as text on the card's background: the fills of the light bands (red-500,
 * amber-400) are too pale for words on white, so text takes a darker shade of the hue (at least
 * 4.5:1 on white) and a light one on the dark theme's canvas.
 */
export const BAND_TEXT_CLASSES: Record<GlucoseBand, string> = {
  very_low: 'text-red-800 dark:text-red-300',
  low: 'text-red-700 dark:text-red-300',
  in_range: 'text-green-700 dark:text-green-300',
  high: 'text-amber-700 dark:text-amber-300',
  very_high: 'text-amber-800 dark:text-amber-200',
};
