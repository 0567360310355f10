import {
  SHARE_LINK_DEFAULT_HOURS,
  createShareLinkSchema,
  type CreateShareLinkInput,
  type ShareCategory,
} from '@glucosuivi/domain/care-team/care-team.schemas';

/** Lifetimes offered, in hours: 1 hour to 90 days (PRODUCT.md §4), 7 days by default. */
export const EXPIRY_HOURS = [1, 6, 24, 72, SHARE_LINK_DEFAULT_HOURS, 14 * 24, 30 * 24, 90 * 24] as const;
/** Days of data the link shows, counted back from its creation. */
export const PERIOD_DAYS = [7, 14, 30, 90] as const;
export const DEFAULT_PERIOD_DAYS = 14;

export interface ShareValues {
  categories: ShareCategory[];
  periodDays: number;
  expiresInHours: number;
  label: string;
}
export type ShareErrorKey = 'categoriesRequired' | 'labelTooLong' | 'invalid';
export interface ShareErrors {
  categories?: ShareErrorKey;
  label?: ShareErrorKey;
  form?: ShareErrorKey;
}

export const EMPTY_SHARE: ShareValues = { categories: [], periodDays: DEFAULT_PERIOD_DAYS, expiresInHours: SHARE_LINK_DEFAULT_HOURS, label: '' };

/** The request body for "create a share link", checked with the shared schema. */
export function buildShareLink(values: ShareValues, now: number): { ok: true; body: CreateShareLinkInput } | { ok: false; errors: ShareErrors } {
  const label = values.label.trim();
  const parsed = createShareLinkSchema.safeParse({
    categories: values.categories,
    from: new Date(now - values.periodDays * 86_400_000).toISOString(),
    to: new Date(now).toISOString(),
    expiresInHours: values.expiresInHours,
    ...(label ? { label } : {}),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: ShareErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'categories') errors.categories = 'categoriesRequired';
    else if (field === 'label') errors.label = 'labelTooLong';
    else errors.form = 'invalid';
  }
  return { ok: false, errors };
}

/** "1 h", "7 j"…: the key and count of an expiry option's translated label. */
export function expiryLabel(hours: number): { key: 'hours' | 'days'; count: number } {
  return hours < 24 ? { key: 'hours', count: hours } : { key: 'days', count: hours / 24 };
}
