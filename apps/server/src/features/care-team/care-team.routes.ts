import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '@glucosuivi/domain/care-team/care-team.contract';
import { registerEndpoint } from '../../platform/http/contract';
import * as service from './care-team.service';

/** What the access log keeps about the reader's client (reduced further by the service). */
export function clientOf(request: FastifyRequest): service.ClientInfo {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

export function careTeamRoutes(app: FastifyInstance, deps: service.CareTeamDeps) {
  registerEndpoint(app, contract.invitePatient, ({ actor, body }) => service.invitePatient(deps, actor, body));
  registerEndpoint(app, contract.inviteProfessional, ({ actor, body }) => service.inviteProfessional(deps, actor, body));
  registerEndpoint(app, contract.listInvitations, ({ actor }) => service.listInvitations(deps, actor));
  registerEndpoint(app, contract.resendInvitation, ({ actor, params }) => service.resendInvitation(deps, actor, params.id));
  registerEndpoint(app, contract.revokeInvitation, ({ actor, params }) => service.revokeInvitation(deps, actor, params.id));
  registerEndpoint(app, contract.previewInvitation, ({ actor, body }) => service.previewInvitation(deps, actor, body.token));
  registerEndpoint(app, contract.acceptInvitation, ({ actor, body }) => service.acceptInvitation(deps, actor, body));
  registerEndpoint(app, contract.declineInvitation, ({ actor, body }) => service.declineInvitation(deps, actor, body.token));
  registerEndpoint(app, contract.getCareTeam, ({ actor }) => service.getCareTeam(deps, actor));
  registerEndpoint(app, contract.updateLinkCategories, ({ actor, params, body }) => service.updateLinkCategories(deps, actor, params.id, body.categories));
  registerEndpoint(app, contract.revokeLink, ({ actor, params }) => service.revokeLink(deps, actor, params.id));
  registerEndpoint(app, contract.getAccessLog, ({ actor, query }) => service.getAccessLog(deps, actor, query));
  registerEndpoint(app, contract.createShareLink, ({ actor, body }) => service.createShareLink(deps, actor, body));
  registerEndpoint(app, contract.listShareLinks, ({ actor }) => service.listShareLinks(deps, actor));
  registerEndpoint(app, contract.revokeShareLink, ({ actor, params }) => service.revokeShareLink(deps, actor, params.id));
  registerEndpoint(app, contract.viewShare, ({ params, request, reply }) => {
    // A shared health view must never sit in a browser or proxy cache.
    reply.header('cache-control', 'no-store');
    return service.viewShare(deps, params.token, clientOf(request));
  });
}
