import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/advice/advice.contract';
import { clientOf } from '../../platform/http/client-info';
import { registerEndpoint } from '../../platform/http/contract';
import * as advice from './advice.service';

export function adviceRoutes(app: FastifyInstance, deps: advice.AdviceDeps) {
  registerEndpoint(app, contract.getAdvice, ({ actor, query }) => advice.getAdvice(deps, actor, query.days));
  registerEndpoint(app, contract.voteAdvice, ({ actor, body }) => advice.voteAdvice(deps, actor, body));
  registerEndpoint(app, contract.patientAdvice, ({ actor, params, query, request }) =>
    advice.patientAdvice(deps, actor, params.patientId, query.days, clientOf(request)),
  );
}
