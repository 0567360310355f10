import Stripe from 'stripe';
import type { BillingInterval, SubscriptionStatus } from '@glucosuivi/domain/subscription/plans';
import type { InvoiceDto } from '@glucosuivi/domain/subscription/subscription.schemas';

/*
 * Stripe through its official SDK, and what the app needs of Stripe's objects. Every call and the
 * webhook signature check go through the SDK; STRIPE_API_BASE points it at another server that
 * speaks the same API (the tests' and the demo's local stand-in), real Stripe otherwise.
 */

/** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE (main.ts). */
export interface PaymentsConfig {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111; absent: api.stripe.com. */
  apiBase?: string | undefined;
}

export interface PaymentGateway {
  stripe: Stripe;
  webhookSecret: string;
}

/**
 * The premium prices are Stripe prices found by lookup key (no price id to configure): the
 * operator creates them in Stripe with these keys; their amounts must be the app's (plans.ts),
 * or checkout refuses to start rather than charge another price than the one shown.
 */
export const PRICE_LOOKUP_KEYS: Readonly<Record<BillingInterval, string>> = {
  month: 'glucosuivi_premium_monthly',
  year: 'glucosuivi_premium_yearly',
};

export function createPaymentGateway(config: PaymentsConfig): PaymentGateway {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'GlucoSuivi' },
    // Stripe's own telemetry header: nothing about our traffic leaves for Stripe but the calls.
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
  return { stripe, webhookSecret: config.webhookSecret };
}

/** What a subscription row takes from a Stripe subscription (null: nothing to grant yet). */
export interface ProviderState {
  status: SubscriptionStatus;
  interval: BillingInterval | null;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

export function customerIdOf(subscription: Stripe.Subscription): string | null {
  return idOf(subscription.customer);
}

/**
 * Stripe's status as ours. `incomplete` (the first payment not made yet) grants nothing and
 * leaves the row as it is; `active` and `trialing` run; `past_due` runs while Stripe retries;
 * `canceled` ran until Stripe ended it; `unpaid`, `paused` and `incomplete_expired` give nothing.
 */
export function providerStateOf(subscription: Stripe.Subscription): ProviderState | null {
  // Since the 2025 API versions the period is the items' (one item here: the premium price).
  const items = subscription.items?.data ?? [];
  const periodEnd = Math.max(0, ...items.map((item) => item.current_period_end ?? 0));
  const recurring = items[0]?.price?.recurring?.interval;
  const interval: BillingInterval | null = recurring === 'month' ? 'month' : recurring === 'year' ? 'year' : null;
  const status = statusOf(subscription.status);
  if (status === null || periodEnd === 0) return null;
  // Ended early (cancelled at once from Stripe's dashboard): premium stops when Stripe ended it.
  const endedAt = subscription.status === 'canceled' && subscription.ended_at ? subscription.ended_at : periodEnd;
  return {
    status,
    interval,
    currentPeriodEnd: new Date(Math.min(periodEnd, endedAt) * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'incomplete':
      return null;
    default:
      return 'expired';
  }
}

/** The subscription a checkout session or an invoice belongs to. */
export function subscriptionIdOf(object: Stripe.Checkout.Session | Stripe.Invoice): string | null {
  if (object.object === 'checkout.session') return object.mode === 'subscription' ? idOf(object.subscription) : null;
  return idOf(object.parent?.subscription_details?.subscription);
}

const INVOICE_STATUSES = new Set(['paid', 'open', 'void', 'uncollectible']);

/** A Stripe invoice as /abonnement lists it; drafts and other currencies than the euro are not shown. */
export function invoiceOf(invoice: Stripe.Invoice): InvoiceDto | null {
  if (!invoice.status || !INVOICE_STATUSES.has(invoice.status) || invoice.currency.toLowerCase() !== 'eur') return null;
  return {
    id: invoice.id,
    number: invoice.number,
    issuedAt: new Date(invoice.created * 1000).toISOString(),
    grossCents: invoice.total,
    currency: 'EUR',
    status: invoice.status as InvoiceDto['status'],
    url: httpUrl(invoice.hosted_invoice_url),
    pdfUrl: httpUrl(invoice.invoice_pdf),
  };
}

function httpUrl(value: string | null | undefined): string | null {
  return value && /^https?:\/\//.test(value) ? value : null;
}
