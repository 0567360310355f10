import type { FastifyInstance } from 'fastify';
import { AUDIT_CSV_FILE_NAME, exportAuditCsv, listAudit } from '@glucosuivi/domain/admin/audit.contract';
import { getFigures } from '@glucosuivi/domain/admin/figures.contract';
import { retryFailedJob } from '@glucosuivi/domain/admin/failed-jobs.contract';
import { CSV_CONTENT_TYPE } from '@glucosuivi/domain/reports/reports.contract';
import { clientOf } from '../../platform/http/client-info';
import { registerEndpoint } from '../../platform/http/contract';
import * as audit from './audit.service';
import * as failedJobs from './failed-jobs.service';
import { platformFigures, type FiguresDeps } from './figures.service';

export type AdminOpsDeps = audit.AuditDeps & FiguresDeps & failedJobs.FailedJobsDeps;

/**
 * The back office's audit (and its CSV), platform figures and failed-job retry; and, for every
 * route of the plugin `app` is, the record of a signed-in person refused an admin endpoint
 * (`request.accessDenied`, set by the admin check), written once the answer is sent.
 */
export function adminOpsRoutes(app: FastifyInstance, deps: AdminOpsDeps) {
  registerEndpoint(app, listAudit, ({ query }) => audit.listAudit(deps, query));
  registerEndpoint(app, exportAuditCsv, async ({ query, reply }) => {
    const csv = await audit.auditCsv(deps, query);
    // A non-JSON content type makes Fastify send the string as is, not JSON-encoded.
    reply.header('content-type', CSV_CONTENT_TYPE).header('content-disposition', `attachment; filename="${AUDIT_CSV_FILE_NAME}"`);
    reply.header('cache-control', 'no-store');
    return csv;
  });
  registerEndpoint(app, getFigures, () => platformFigures(deps));
  registerEndpoint(app, retryFailedJob, ({ actor, params }) => failedJobs.retryFailedJob(deps, actor, params.id));

  app.addHook('onResponse', async (request) => {
    const actor = request.actor;
    const routePattern = request.routeOptions.url;
    if (!request.accessDenied || !actor || !routePattern) return;
    await audit.recordAccessDenied(deps, { userId: actor.userId, reason: request.accessDenied, method: request.method, routePattern }, clientOf(request));
  });
}
