import { z } from 'zod';

/**
 * A patient's settings of the live CGM alerts (issue 36), with the bounds that keep them safe:
 * the urgent forecast threshold is never below 54 mg/dL (level 2 hypoglycaemia) nor above 80
 * (beyond that it would fire on ordinary lows in range and be turned into noise); the urgent
 * forecast itself cannot be turned off. Rate alerts may be, and the signal-loss wait is 10–60
 * minutes.
 */

export const URGENT_LOW_SOON_BOUNDS = { min: 54, max: 80 } as const;
export const RATE_BOUNDS = { min: 1, max: 5 } as const;
export const SIGNAL_LOSS_BOUNDS = { min: 10, max: 60 } as const;

export const alertSettingsSchema = z.object({
  /** "Hypoglycémie imminente" when the forecast goes below this (mg/dL). */
  urgentLowSoonMgdl: z.number().int().min(URGENT_LOW_SOON_BOUNDS.min).max(URGENT_LOW_SOON_BOUNDS.max),
  /** "Baisse rapide" / "Montée rapide" on or off, and beyond which rate (mg/dL per minute). */
  rateAlerts: z.boolean(),
  rateMgdlPerMin: z.number().min(RATE_BOUNDS.min).max(RATE_BOUNDS.max),
  /** "Perte de signal" on or off, and after how many minutes without a reading. */
  signalLoss: z.boolean(),
  signalLossMinutes: z.number().int().min(SIGNAL_LOSS_BOUNDS.min).max(SIGNAL_LOSS_BOUNDS.max),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  urgentLowSoonMgdl: 54,
  rateAlerts: true,
  rateMgdlPerMin: 2,
  signalLoss: true,
  signalLossMinutes: 20,
};

export const alertSettingsPatchSchema = alertSettingsSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'emptyPatch');
export type AlertSettingsPatch = z.infer<typeof alertSettingsPatchSchema>;
