import type { ColumnSeries } from '../glucose/series';
import { MINUTE_MS } from '../glucose/timezone';

/**
 * The short-term glucose forecast behind "Hypoglycémie imminente" (issue 36).
 *
 * Model: a damped linear trend. The level and the slope are a least-squares line through the
 * readings of the last `fitMinutes` (the level is the line's value at the last reading, not the
 * raw reading); the forecast follows the slope, each minute's step shrinking by `damping`.
 *
 * Why this and not Nightscout's AR2 (nightscout/cgm-remote-monitor @ 7e0e77f8 lib/plugins/ar2.js,
 * read for its facts only): AR2 is a fixed second-order autoregression on ln(glucose / 140)
 * from two 5-minute means (coefficients −0.723 and 1.716), so it assumes readings every five
 * minutes and reacts to one noisy pair. Our series also come every 15 minutes (LibreView's
 * historic readings) or irregularly (uploads that miss a slot); a line fitted on whatever
 * readings cover the last minutes works at any spacing, and fitting over 3+ readings averages
 * the sensor noise that makes a two-point model cry wolf. The damping plays AR2's role of
 * pulling a trend back (a fall slows down as people eat or as insulin wanes). Working in mg/dL
 * rather than in logarithms keeps a fall towards 54 from being slowed down by the scale itself.
 * The parameters were chosen on the demo generator (see forecast-evaluation.test.ts).
 */

export interface ForecastModel {
  /** Readings this recent (relative to the last one) fit the line. */
  fitMinutes: number;
  /** Consecutive readings further apart than this are not one trend. */
  maxGapMinutes: number;
  /** The fitted readings must span at least this. */
  minSpanMinutes: number;
  /** Per-minute factor on the slope of each further minute (1 = straight line). */
  damping: number;
  /** How far ahead the alert looks. */
  horizonMinutes: number;
}

export const DEFAULT_FORECAST_MODEL: ForecastModel = {
  fitMinutes: 15,
  maxGapMinutes: 16,
  minSpanMinutes: 4,
  damping: 0.94,
  horizonMinutes: 20,
};

export interface GlucoseForecast {
  /** Time of the last reading (epoch ms). */
  at: number;
  /** Fitted glucose at `at` (mg/dL). */
  level: number;
  /** Fitted slope (mg/dL per minute; negative when falling). */
  slope: number;
  /** Forecast glucose `horizonMinutes` after `at` (mg/dL). */
  atHorizon: number;
}

/** Glucose `minutes` after the forecast's reading under the damped trend. */
export function forecastValue(forecast: Pick<GlucoseForecast, 'level' | 'slope'>, minutes: number, damping: number): number {
  // Sum of damping^k for k = 0 … minutes − 1: each minute's step is the slope damped k times.
  const steps = damping === 1 ? minutes : (1 - damping ** minutes) / (1 - damping);
  return forecast.level + forecast.slope * steps;
}

/**
 * The forecast at reading `index` of an ascending series from that reading and those before it
 * (never after: it is what a live evaluation knows). Null when there is not enough recent data:
 * a missing or non-finite reading, fewer than two readings in the window, or a span too short.
 */
export function forecastAt(series: ColumnSeries, index: number, model: ForecastModel = DEFAULT_FORECAST_MODEL): GlucoseForecast | null {
  const { t, v } = series;
  const at = t[index];
  const last = v[index];
  if (at === undefined || last === undefined || !Number.isFinite(last)) return null;
  const windowMs = model.fitMinutes * MINUTE_MS;
  const maxGapMs = model.maxGapMinutes * MINUTE_MS;
  // Sums for the least-squares line, in minutes relative to the last reading.
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let previous = at;
  let earliest = at;
  for (let j = index; j >= 0; j--) {
    const tj = t[j] as number;
    const vj = v[j] as number;
    if (!Number.isFinite(vj)) continue;
    if (at - tj > windowMs || previous - tj > maxGapMs) break;
    const x = (tj - at) / MINUTE_MS;
    n += 1;
    sx += x;
    sy += vj;
    sxx += x * x;
    sxy += x * vj;
    previous = tj;
    earliest = tj;
  }
  if (n < 2 || at - earliest < model.minSpanMinutes * MINUTE_MS) return null;
  const denominator = n * sxx - sx * sx;
  const slope = (n * sxy - sx * sy) / denominator;
  // The line at x = 0 (the last reading).
  const level = (sy - slope * sx) / n;
  return { at, level, slope, atHorizon: forecastValue({ level, slope }, model.horizonMinutes, model.damping) };
}
