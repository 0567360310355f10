import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/nightscout/nightscout-follow.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { syncFollowedSiteNow } from './nightscout-follow-sync.service';
import { followSite, getFollowedSite, unfollowSite, type NightscoutFollowDeps } from './nightscout-follow.service';

/** The Nightscout site the patient follows (/api/nightscout/followed-site). */
export function nightscoutFollowRoutes(app: FastifyInstance, deps: NightscoutFollowDeps) {
  registerEndpoint(app, contract.getFollowedSite, ({ actor }) => getFollowedSite(deps, actor));
  registerEndpoint(app, contract.followSite, ({ actor, body }) => followSite(deps, actor, body));
  registerEndpoint(app, contract.unfollowSite, ({ actor }) => unfollowSite(deps, actor));
  registerEndpoint(app, contract.syncFollowedSite, ({ actor }) => syncFollowedSiteNow(deps, actor));
}
