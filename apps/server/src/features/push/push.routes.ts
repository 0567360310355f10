import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/push/push.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { clientOf } from '../../platform/http/client-info';
import * as push from './push.service';

/**
 * Without a push sender (tests that need none) the key and a registration answer 503
 * `unavailable`; a test notification reaches no browser ({sent: 0}), as no browser can have
 * subscribed without the key.
 */
export function pushRoutes(app: FastifyInstance, deps: push.PushRouteDeps) {
  registerEndpoint(app, contract.getPushKey, async () => push.getPushKey(push.withSender(deps)));
  registerEndpoint(app, contract.subscribePush, async ({ actor, body, request }) => {
    await push.subscribe(push.withSender(deps), actor, body, clientOf(request).userAgent);
    return null;
  });
  registerEndpoint(app, contract.unsubscribePush, async ({ actor, body }) => {
    await push.unsubscribe(deps, actor, body.endpoint);
    return null;
  });
  registerEndpoint(app, contract.sendTestPush, ({ actor }) => push.sendTestPush(deps, actor));
}
