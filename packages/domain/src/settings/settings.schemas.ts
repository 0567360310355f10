import { z } from 'zod';
import { languageSchema } from '../accounts/accounts.schemas';

export const glucoseUnitSchema = z.enum(['mg/dl', 'mmol/l']);
export type GlucoseUnitSetting = z.infer<typeof glucoseUnitSchema>;

/** An IANA time zone the runtime knows, e.g. Europe/Paris. */
export const timeZoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'timezoneInvalid');

export const userSettingsSchema = z.object({
  notificationsPush: z.boolean(),
  emailAlerts: z.boolean(),
  biometricAuth: z.boolean(),
  twoFactorAuth: z.boolean(),
  dataSharing: z.boolean(),
  locationAccess: z.boolean(),
  dataSync: z.boolean(),
  autoBackup: z.boolean(),
  darkMode: z.boolean(),
  autoThemeEnabled: z.boolean(),
  language: languageSchema,
  glucoseUnit: glucoseUnitSchema,
  timezone: timeZoneSchema,
  updatedAt: z.string(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * A change to one or more settings. `twoFactorAuth` is not here: it follows the two-factor
 * enrolment (enable/disable with the password), never a bare toggle.
 */
export const settingsPatchSchema = userSettingsSchema
  .omit({ updatedAt: true, twoFactorAuth: true })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'emptyPatch');
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
