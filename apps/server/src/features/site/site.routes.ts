import type { FastifyInstance } from 'fastify';
import { getSiteInfo as getSiteInfoEndpoint } from '@glucosuivi/domain/site/site.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { getSiteInfo, type SiteDeps } from './site.service';

export function siteRoutes(app: FastifyInstance, deps: SiteDeps) {
  registerEndpoint(app, getSiteInfoEndpoint, async () => getSiteInfo(deps));
}
