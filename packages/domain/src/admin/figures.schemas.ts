import { z } from 'zod';

/**
 * The platform in figures, for administrators: counts of accounts, professionals, activity,
 * uploads, support tickets and failed jobs. Counts only — rows counted by when they arrived,
 * never a measured value (administrators do not read health data).
 */

const count = z.number().int().nonnegative();

/** Weeks of new accounts and days of uploads the figures cover, the current one included. */
export const FIGURES_WEEKS = 12;
export const FIGURES_DAYS = 30;
/** Days and weeks are counted in the platform's time zone. */
export const FIGURES_TIME_ZONE = 'Europe/Paris';

export const figuresSchema = z.object({
  generatedAt: z.iso.datetime(),
  accounts: z.object({ patient: count, professional: count, admin: count }),
  professionals: z.object({ verified: count, pending: count, rejected: count }),
  /**
   * Accounts that signed in (a sign-up's session included) or made a request with a session in
   * the last 30 days; the last use is written at most once an hour per account.
   */
  activeAccounts30Days: count,
  /** Oldest first, one per week (Monday), the current week last. */
  newAccountsPerWeek: z.array(z.object({ weekStart: z.iso.date(), count })),
  /** Glucose readings received per day from any source (manual, meter, CGM, import, Nightscout), oldest first, today last. */
  uploadsPerDay: z.array(z.object({ day: z.iso.date(), count })),
  supportTickets: z.object({
    byStatus: z.array(z.object({ status: z.string(), count })),
    byType: z.array(z.object({ type: z.string(), count })),
  }),
  failedJobs: count,
});
export type Figures = z.infer<typeof figuresSchema>;
