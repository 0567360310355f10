import type { FastifyInstance, FastifyReply } from 'fastify';
import * as contract from '@glucosuivi/domain/subscription/subscription.contract';
import { registerEndpoint } from '../../platform/http/contract';
import * as subscription from './subscription.service';

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
}
