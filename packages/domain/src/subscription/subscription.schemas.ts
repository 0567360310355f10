import { z } from 'zod';
import { plausibleDate } from '../shared/dates';
import { BILLING_INTERVALS, CURRENCY, ENTITLEMENTS, PLANS, SUBSCRIPTION_SOURCES, SUBSCRIPTION_STATUSES } from './plans';

export const planSchema = z.enum(PLANS);
export const billingIntervalSchema = z.enum(BILLING_INTERVALS);
export const entitlementSchema = z.enum(ENTITLEMENTS);

export const priceSchema = z.object({
  interval: billingIntervalSchema,
  /** Charged, VAT included (TTC), in cents. */
  grossCents: z.int().nonnegative(),
  /** Before VAT (HT), in cents. */
  netCents: z.int().nonnegative(),
  vatCents: z.int().nonnegative(),
  vatRatePercent: z.int().nonnegative(),
  currency: z.literal(CURRENCY),
});
export type PriceDto = z.infer<typeof priceSchema>;

/** The plans and their prices, public (/pricing, /subscription, /abonnement). */
export const plansSchema = z.object({
  plans: z.array(
    z.object({
      plan: planSchema,
      entitlements: z.array(entitlementSchema),
      /** Empty for the free plan. */
      prices: z.array(priceSchema),
    }),
  ),
  /** PDF reports per calendar month on the free plan. */
  freePdfReportsPerMonth: z.int().positive(),
});
export type Plans = z.infer<typeof plansSchema>;

/** One invoice of a paid subscription, as the payment provider keeps it. */
export const invoiceSchema = z.object({
  id: z.string(),
  /** The invoice's number on the provider's documents; null while it is a draft. */
  number: z.string().nullable(),
  issuedAt: z.string(),
  /** The total charged, VAT included (TTC), in cents. */
  grossCents: z.int().nonnegative(),
  currency: z.literal(CURRENCY),
  status: z.enum(['paid', 'open', 'void', 'uncollectible']),
  /** The provider's page for the invoice, when it has one. */
  url: z.url().nullable(),
  /** The invoice as a PDF, when the provider has one. */
  pdfUrl: z.url().nullable(),
});
export type InvoiceDto = z.infer<typeof invoiceSchema>;

/** The patient's invoices, newest first (none without a payment provider or before a first payment). */
export const invoicesSchema = z.object({ invoices: z.array(invoiceSchema) });
export type InvoicesDto = z.infer<typeof invoicesSchema>;

/** What the payment provider's webhook is answered once an event is taken (or was already). */
export const webhookReceiptSchema = z.object({ received: z.literal(true) });

/** The patient's own subscription as /abonnement shows it. */
export const subscriptionSchema = z.object({
  /** The plan in force now. */
  plan: planSchema,
  /** As stored, `expired` once the period is over; null when the patient never had one. */
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  /** Billing interval; null for a grant or without a subscription. */
  interval: billingIntervalSchema.nullable(),
  /** Premium runs until this instant (ISO 8601). */
  currentPeriodEnd: z.string().nullable(),
  /** Premium stops at the period's end instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  source: z.enum(SUBSCRIPTION_SOURCES).nullable(),
  entitlements: z.array(entitlementSchema),
  usage: z.object({
    pdfReports: z.object({
      /** The patient's local calendar month, `YYYY-MM`. */
      month: z.string(),
      used: z.int().nonnegative(),
      /** Null: unlimited. */
      limit: z.int().positive().nullable(),
      left: z.int().nonnegative().nullable(),
      /** When the month ends (the count starts again). */
      resetsAt: z.string(),
    }),
  }),
  prices: z.array(priceSchema),
  /** A payment provider is configured on this server (else the upgrade says so). */
  paymentsConfigured: z.boolean(),
});
export type SubscriptionDto = z.infer<typeof subscriptionSchema>;

export const checkoutInputSchema = z.strictObject({ interval: billingIntervalSchema });
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** Where to send the browser to pay (the provider's checkout page). */
export const checkoutSessionSchema = z.object({ url: z.url() });

/** An administrator's grant: premium through this calendar date, in the patient's time zone. */
export const grantPremiumInputSchema = z.strictObject({ until: plausibleDate });
export type GrantPremiumInput = z.infer<typeof grantPremiumInputSchema>;

export const premiumGrantSchema = z.object({
  userId: z.string(),
  plan: planSchema,
  currentPeriodEnd: z.string(),
});
export type PremiumGrant = z.infer<typeof premiumGrantSchema>;
