import { defineEndpoint } from '../shared/contract';
import { accountIdParamsSchema } from '../admin/admin.schemas';
import {
  checkoutInputSchema,
  checkoutSessionSchema,
  grantPremiumInputSchema,
  invoicesSchema,
  plansSchema,
  premiumGrantSchema,
  subscriptionSchema,
  webhookReceiptSchema,
} from './subscription.schemas';

// Plans and the patient's subscription (issue 19). A refused premium action anywhere answers
// `premium_required` (402) with `params.entitlement`, so the page can offer the upgrade.

export const getPlans = defineEndpoint({
  method: 'GET',
  path: '/api/subscription/plans',
  summary: 'The free and premium plans: what each includes, and premium prices with VAT (TTC) and before VAT',
  tags: ['subscription'],
  access: 'public',
  response: plansSchema,
});

export const getSubscription = defineEndpoint({
  method: 'GET',
  path: '/api/subscription',
  summary: 'My plan, its status and period, entitlements, PDF reports used this month and prices',
  tags: ['subscription'],
  access: 'user',
  response: subscriptionSchema,
  errors: ['forbidden'],
});

export const startCheckout = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/checkout',
  summary:
    'Starts paying for premium (monthly or yearly): the payment page to open (the plan changes only on the provider\'s verified webhook); 409 payments_not_configured without a payment provider',
  tags: ['subscription'],
  access: 'user',
  body: checkoutInputSchema,
  response: checkoutSessionSchema,
  errors: ['forbidden', 'payments_not_configured', 'conflict', 'unavailable'],
});

export const listInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/subscription/invoices',
  summary: "My invoices from the payment provider, newest first: date, total with VAT, status, the provider's page and PDF",
  tags: ['subscription'],
  access: 'user',
  response: invoicesSchema,
  errors: ['forbidden', 'unavailable'],
});

/**
 * The payment provider (Stripe) tells the server what happened: signed with the webhook secret
 * (checked on the raw body), taken once per event id, in any order. Called by the provider, not
 * a browser: no Origin, no cookie. The body is the provider's event, checked by its signature
 * rather than by a schema.
 */
export const paymentWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/webhook',
  summary: "The payment provider's signed events (Stripe-Signature): checkout completed, subscription created/updated/deleted, invoice paid/failed",
  tags: ['subscription'],
  access: 'public',
  originFreeClients: true,
  bodyLimit: 256 * 1024,
  response: webhookReceiptSchema,
  errors: ['webhook_signature_invalid', 'payments_not_configured', 'unavailable'],
});

export const cancelSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/cancel',
  summary: 'Premium stops at the end of the current period instead of renewing (it stays until then)',
  tags: ['subscription'],
  access: 'user',
  response: subscriptionSchema,
  errors: ['forbidden', 'not_found', 'unavailable'],
});

export const resumeSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/resume',
  summary: 'Undoes a cancellation while the period still runs',
  tags: ['subscription'],
  access: 'user',
  response: subscriptionSchema,
  errors: ['forbidden', 'not_found', 'unavailable'],
});

export const grantPremium = defineEndpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/premium',
  summary: "Administrator: grants a patient premium through a date (the patient's time zone), recorded in the audit",
  tags: ['admin'],
  access: 'admin',
  params: accountIdParamsSchema,
  body: grantPremiumInputSchema,
  response: premiumGrantSchema,
  errors: ['not_found', 'validation_failed'],
});
