import { z } from 'zod';

/** What this instance says about itself on its public pages, from the server's configuration. */
export const siteInfoSchema = z.object({
  /** The publisher's postal address (LEGAL_ADDRESS); null when the operator has not set it. */
  legalAddress: z.string().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
