import type { FastifyInstance } from 'fastify';
import { getHealth as getHealthEndpoint } from '@glucosuivi/domain/health/health.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { getHealth, type HealthDeps } from './health.service';

export function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  registerEndpoint(app, getHealthEndpoint, async () => getHealth(deps));
}
