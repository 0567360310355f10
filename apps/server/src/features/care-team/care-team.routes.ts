import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/care-team/care-team.contract';
import { clientOf } from '../../platform/http/client-info';
import { registerEndpoint } from '../../platform/http/contract';
import type { CareTeamDeps } from './care-team.service';
import * as invitations from './invitations.service';
import * as invitationAnswers from './invitation-answers.service';
import * as careLinks from './care-links.service';
import * as accessLog from './access-log.service';
import * as shareLinks from './share-links.service';

export function careTeamRoutes(app: FastifyInstance, deps: CareTeamDeps) {
  registerEndpoint(app, contract.invitePatient, ({ actor, body }) => invitations.invitePatient(deps, actor, body));
  registerEndpoint(app, contract.inviteProfessional, ({ actor, body }) => invitations.inviteProfessional(deps, actor, body));
  registerEndpoint(app, contract.listInvitations, ({ actor }) => invitations.listInvitations(deps, actor));
  registerEndpoint(app, contract.resendInvitation, ({ actor, params }) => invitations.resendInvitation(deps, actor, params.id));
  registerEndpoint(app, contract.revokeInvitation, ({ actor, params }) => invitations.revokeInvitation(deps, actor, params.id));
  registerEndpoint(app, contract.previewInvitation, ({ actor, body }) => invitationAnswers.previewInvitation(deps, actor, body.token));
  registerEndpoint(app, contract.acceptInvitation, ({ actor, body }) => invitationAnswers.acceptInvitation(deps, actor, body));
  registerEndpoint(app, contract.declineInvitation, ({ actor, body }) => invitationAnswers.declineInvitation(deps, actor, body.token));
  registerEndpoint(app, contract.getCareTeam, ({ actor }) => careLinks.getCareTeam(deps, actor));
  registerEndpoint(app, contract.updateLinkCategories, ({ actor, params, body }) => careLinks.updateLinkCategories(deps, actor, params.id, body.categories));
  registerEndpoint(app, contract.revokeLink, ({ actor, params }) => careLinks.revokeLink(deps, actor, params.id));
  registerEndpoint(app, contract.getAccessLog, ({ actor, query }) => accessLog.getAccessLog(deps, actor, query));
  registerEndpoint(app, contract.createShareLink, ({ actor, body }) => shareLinks.createShareLink(deps, actor, body));
  registerEndpoint(app, contract.listShareLinks, ({ actor }) => shareLinks.listShareLinks(deps, actor));
  registerEndpoint(app, contract.revokeShareLink, ({ actor, params }) => shareLinks.revokeShareLink(deps, actor, params.id));
  registerEndpoint(app, contract.viewShare, ({ params, request, reply }) => {
    // A shared health view must never sit in a browser or proxy cache.
    reply.header('cache-control', 'no-store');
    return shareLinks.viewShare(deps, params.token, clientOf(request));
  });
}
