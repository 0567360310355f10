import { defineEndpoint } from '../shared/contract';
import { accountIdParamsSchema } from '../admin/admin.schemas';
import {
  checkoutInputSchema,
  checkoutSessionSchema,
  grantPremiumInputSchema,
  plansSchema,
  premiumGrantSchema,
  subscriptionSchema,
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
  summary: 'My plan, its status and period, entitlements, PDF reports used this month, prices and invoices',
  tags: ['subscription'],
  access: 'user',
  response: subscriptionSchema,
  errors: ['forbidden'],
});

export const startCheckout = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/checkout',
  summary: 'Starts paying for premium (monthly or yearly): the payment page to open; 409 payments_not_configured without a payment provider',
  tags: ['subscription'],
  access: 'user',
  body: checkoutInputSchema,
  response: checkoutSessionSchema,
  errors: ['forbidden', 'payments_not_configured', 'unavailable'],
});

export const cancelSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/cancel',
  summary: 'Premium stops at the end of the current period instead of renewing (it stays until then)',
  tags: ['subscription'],
  access: 'user',
  response: subscriptionSchema,
  errors: ['forbidden', 'not_found'],
});

export const resumeSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/resume',
  summary: 'Undoes a cancellation while the period still runs',
  tags: ['subscription'],
  access: 'user',
  response: subscriptionSchema,
  errors: ['forbidden', 'not_found'],
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
