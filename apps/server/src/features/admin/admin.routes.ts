import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/admin/admin.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { listFailedJobs, type AdminDeps } from './admin.service';

export function adminRoutes(app: FastifyInstance, deps: AdminDeps) {
  registerEndpoint(app, contract.listFailedJobs, async () => listFailedJobs(deps));
}
