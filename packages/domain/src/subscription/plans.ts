import { DAY_MS, dayOfNumber } from '../shared/local-clock';
import { localDayBounds, localDayOf } from '../shared/zoned-time';

/*
 * Plans and entitlements (issue 19): the one source of truth for what each plan includes and
 * costs. The server checks entitlements with these rules; the web app shows these prices on
 * /pricing, /subscription and /abonnement.
 */

export const PLANS = ['free', 'premium'] as const;
export type Plan = (typeof PLANS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/**
 * `active`: running (possibly set to end at its period's end); `past_due`: the last renewal's
 * payment failed and the provider is retrying (premium runs to the period's end meanwhile);
 * `canceled`: ended by a cancellation (premium still runs to the period's end if that is later);
 * `expired`: over.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** How a subscription came to be: granted by an administrator, or paid (payment provider). */
export const SUBSCRIPTION_SOURCES = ['admin_grant', 'payment'] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

/**
 * What premium adds: following a Nightscout site (automatic CGM sync), the meal-by-meal advice
 * findings (advice.finding.ts PREMIUM_KINDS), and PDF reports without a monthly limit.
 */
export const ENTITLEMENTS = ['cgm_follow', 'advanced_advice', 'unlimited_pdf'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

export const PLAN_ENTITLEMENTS: Readonly<Record<Plan, readonly Entitlement[]>> = {
  free: [],
  premium: ENTITLEMENTS,
};

/** PDF reports a free patient may download per calendar month of their own time zone. */
export const FREE_PDF_REPORTS_PER_MONTH = 3;

export const CURRENCY = 'EUR';
/** French standard VAT rate, in percent. */
export const VAT_RATE_PERCENT = 20;

/**
 * Premium's prices as charged, VAT included (TTC), in euro cents: 4,99 € a month, 49,90 € a year
 * (two months free). Consumers are shown and charged the TTC price; the price before VAT (HT) is
 * derived from it (`splitVat`), never the other way round, so the advertised price is exact.
 */
export const PREMIUM_PRICE_TTC_CENTS: Readonly<Record<BillingInterval, number>> = { month: 499, year: 4990 };

export interface Price {
  interval: BillingInterval;
  /** Charged, VAT included (TTC). */
  grossCents: number;
  /** Before VAT (HT). */
  netCents: number;
  vatCents: number;
  vatRatePercent: number;
  currency: typeof CURRENCY;
}

/**
 * The price before VAT and the VAT of a price VAT included, in whole cents: net = gross × 100 /
 * (100 + rate) rounded half up (integer arithmetic, no floating point), and VAT = gross − net, so
 * the two always add up to the price charged (499 → 416 + 83; 4990 → 4158 + 832).
 */
export function splitVat(grossCents: number, vatRatePercent: number): { netCents: number; vatCents: number } {
  if (!Number.isInteger(grossCents) || grossCents < 0 || !Number.isInteger(vatRatePercent) || vatRatePercent < 0) {
    throw new RangeError('splitVat takes whole, non-negative cents and percent');
  }
  const divisor = 100 + vatRatePercent;
  const netCents = Math.floor((2 * grossCents * 100 + divisor) / (2 * divisor));
  return { netCents, vatCents: grossCents - netCents };
}

/** Premium's price for one billing interval. */
export function premiumPrice(interval: BillingInterval): Price {
  const grossCents = PREMIUM_PRICE_TTC_CENTS[interval];
  return { interval, grossCents, ...splitVat(grossCents, VAT_RATE_PERCENT), vatRatePercent: VAT_RATE_PERCENT, currency: CURRENCY };
}

/** Premium's prices, monthly then yearly. */
export const PREMIUM_PRICES: readonly Price[] = BILLING_INTERVALS.map(premiumPrice);

/** An amount of euro cents as the reader's language writes it ("4,99 €", "€4.99"). */
export function formatEuros(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY }).format(cents / 100);
}

/** What the rules need of a patient's stored subscription (none: the free plan). */
export interface SubscriptionState {
  plan: Plan;
  status: SubscriptionStatus;
  /** Epoch ms; premium runs until this instant (excluded). Null: no period, nothing granted. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * The plan in force at `nowMs`: premium while its period runs — also after a cancellation, until
 * the period ends — free otherwise (no subscription, an expired one, or a period in the past).
 */
export function effectivePlan(subscription: SubscriptionState | null | undefined, nowMs: number): Plan {
  if (!subscription || subscription.plan !== 'premium' || subscription.status === 'expired') return 'free';
  return subscription.currentPeriodEnd !== null && nowMs < subscription.currentPeriodEnd ? 'premium' : 'free';
}

/** The entitlements in force at `nowMs`. */
export function entitlementsOf(subscription: SubscriptionState | null | undefined, nowMs: number): Entitlement[] {
  return [...PLAN_ENTITLEMENTS[effectivePlan(subscription, nowMs)]];
}

/** The status to show at `nowMs`: a stored period that has ended reads `expired`; null without a subscription. */
export function statusAt(subscription: SubscriptionState | null | undefined, nowMs: number): SubscriptionStatus | null {
  if (!subscription) return null;
  return effectivePlan(subscription, nowMs) === 'premium' ? subscription.status : 'expired';
}

/** PDF reports still allowed this month: null when unlimited, else what the free plan leaves (never below 0). */
export function pdfReportsLeft(entitlements: readonly Entitlement[], usedThisMonth: number): number | null {
  if (entitlements.includes('unlimited_pdf')) return null;
  return Math.max(0, FREE_PDF_REPORTS_PER_MONTH - usedThisMonth);
}

/** A calendar month of a time zone: [from, to) in epoch ms, and its `YYYY-MM`. */
export interface LocalMonth {
  from: number;
  to: number;
  month: string;
  timeZone: string;
}

/**
 * The calendar month of `timeZone` that holds `nowMs`, from its first local midnight to the next
 * month's (the PDF quota's month: 00:30 on 1 April in Paris is April, whatever UTC says).
 */
export function localMonthOf(nowMs: number, timeZone: string): LocalMonth {
  const month = localDayOf(nowMs, timeZone).slice(0, 7);
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const nextMonth = dayOfNumber(Date.UTC(year, monthIndex, 1) / DAY_MS);
  return {
    from: localDayBounds(`${month}-01`, timeZone).startMs,
    to: localDayBounds(nextMonth, timeZone).startMs,
    month,
    timeZone,
  };
}

/** The instant a calendar date ends in `timeZone` (the next day's local midnight): "premium until 31 December" includes that day. */
export function endOfLocalDate(isoDate: string, timeZone: string): number {
  return localDayBounds(isoDate, timeZone).endMs;
}
