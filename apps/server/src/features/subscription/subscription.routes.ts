import type { FastifyInstance, FastifyReply } from 'fastify';
import * as contract from '@glucosuivi/domain/subscription/subscription.contract';
import { registerEndpoint } from '../../platform/http/contract';
import * as subscription from './subscription.service';
import { handleWebhook } from './payments.service';

// A subscription is personal data: never kept by a cache (every /api answer is no-store already;
// said again where it matters, as the admin routes do).
const personal = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Plans (public), the patient's subscription (/api/subscription) and an administrator's grant. */
export function subscriptionRoutes(app: FastifyInstance, deps: subscription.SubscriptionDeps) {
  registerEndpoint(app, contract.getPlans, async () => subscription.listPlans());
  registerEndpoint(app, contract.getSubscription, async ({ actor, reply }) => {
    personal(reply);
    return subscription.getSubscription(deps, actor);
  });
  registerEndpoint(app, contract.startCheckout, ({ actor, body }) => subscription.startCheckout(deps, actor, body));
  registerEndpoint(app, contract.listInvoices, async ({ actor, reply }) => {
    personal(reply);
    return subscription.listInvoices(deps, actor);
  });
  registerEndpoint(app, contract.cancelSubscription, async ({ actor, reply }) => {
    personal(reply);
    return subscription.cancelSubscription(deps, actor);
  });
  registerEndpoint(app, contract.resumeSubscription, async ({ actor, reply }) => {
    personal(reply);
    return subscription.resumeSubscription(deps, actor);
  });
  registerEndpoint(app, contract.grantPremium, async ({ actor, params, body, reply }) => {
    personal(reply);
    return subscription.grantPremium(deps, actor, params.id, body.until);
  });
  void app.register(async (scope) => paymentWebhookRoute(scope, deps));
}

/**
 * Stripe's webhook, in a scope of its own: the signature covers the exact bytes Stripe sent, so
 * here (and only here) a JSON body is kept as the text it arrived as, not parsed.
 */
function paymentWebhookRoute(scope: FastifyInstance, deps: subscription.SubscriptionDeps) {
  // The app's JSON parser (depth-checked, platform/http/json-body.ts) is replaced in this scope only.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  registerEndpoint(scope, contract.paymentWebhook, async ({ request }) => {
    const signature = request.headers['stripe-signature'];
    const raw = typeof request.body === 'string' ? request.body : '';
    const outcome = await handleWebhook(deps, raw, typeof signature === 'string' ? signature : undefined);
    // The event's id is Stripe's reference for support; never its content nor the signature.
    request.log.info({ outcome }, 'payment webhook taken');
    return { received: true as const };
  });
}
