import type { FastifyInstance, FastifyReply } from 'fastify';
import * as contract from '@glucosuivi/domain/admin/admin.contract';
import { registerEndpoint } from '../../platform/http/contract';
import {
  createSpecialty,
  listAccounts,
  listFailedJobs,
  listProfessionals,
  listSpecialties,
  lockAccount,
  rejectProfessional,
  sendPasswordReset,
  unlockAccount,
  updateSpecialty,
  verifyProfessional,
  type AdminDeps,
} from './admin.service';

// Accounts and professionals are personal data: never kept by a cache (every /api answer is
// no-store already; said again here where it matters most).
const personal = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function adminRoutes(app: FastifyInstance, deps: AdminDeps) {
  registerEndpoint(app, contract.listFailedJobs, async () => listFailedJobs(deps));

  registerEndpoint(app, contract.listAccounts, async ({ query, reply }) => {
    personal(reply);
    return listAccounts(deps, query);
  });
  registerEndpoint(app, contract.lockAccount, async ({ params, body, actor, reply }) => {
    personal(reply);
    return lockAccount(deps, actor, params.id, body.reason);
  });
  registerEndpoint(app, contract.unlockAccount, async ({ params, actor, reply }) => {
    personal(reply);
    return unlockAccount(deps, actor, params.id);
  });
  registerEndpoint(app, contract.sendAccountPasswordReset, async ({ params, actor }) => {
    await sendPasswordReset(deps, actor, params.id);
    return { ok: true as const };
  });

  registerEndpoint(app, contract.listProfessionals, async ({ query, reply }) => {
    personal(reply);
    return listProfessionals(deps, query);
  });
  registerEndpoint(app, contract.verifyProfessional, async ({ params, actor, reply }) => {
    personal(reply);
    return verifyProfessional(deps, actor, params.id);
  });
  registerEndpoint(app, contract.rejectProfessional, async ({ params, body, actor, reply }) => {
    personal(reply);
    return rejectProfessional(deps, actor, params.id, body.reason);
  });

  registerEndpoint(app, contract.listAdminSpecialties, async () => listSpecialties(deps));
  registerEndpoint(app, contract.createSpecialty, async ({ body, actor }) => createSpecialty(deps, actor, body));
  registerEndpoint(app, contract.updateSpecialty, async ({ params, body, actor }) => updateSpecialty(deps, actor, params.id, body));
}
