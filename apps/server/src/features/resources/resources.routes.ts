import type { FastifyInstance } from 'fastify';
import { PDF_CONTENT_TYPE } from '@glucosuivi/domain/reports/reports.contract';
import { getHandoutPdf } from '@glucosuivi/domain/resources/resources.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { handoutPdf, type ResourcesDeps } from './resources.service';

export function resourcesRoutes(app: FastifyInstance, deps: ResourcesDeps) {
  registerEndpoint(app, getHandoutPdf, async ({ params, query, reply }) => {
    const file = await handoutPdf(deps, params.handout, query.lang);
    reply.header('content-type', PDF_CONTENT_TYPE).header('content-disposition', `attachment; filename="${file.fileName}"`).header('content-language', query.lang);
    // Every /api answer is no-store (security rules), even one with nothing personal in it.
    reply.header('cache-control', 'no-store');
    return file.bytes;
  });
}
