import type { FastifyInstance } from 'fastify';
import { DEPARTMENT_CSV_FILE_NAME, exportDepartmentCsv, getDepartment } from '@glucosuivi/domain/department/department.contract';
import { CSV_CONTENT_TYPE } from '@glucosuivi/domain/reports/reports.contract';
import { clientOf } from '../../platform/http/client-info';
import { registerEndpoint } from '../../platform/http/contract';
import * as service from './department.service';

export function departmentRoutes(app: FastifyInstance, deps: service.DepartmentDeps) {
  registerEndpoint(app, getDepartment, ({ actor, query, request }) => service.department(deps, actor, query.days, clientOf(request)));
  registerEndpoint(app, exportDepartmentCsv, async ({ actor, query, request, reply }) => {
    const csv = await service.departmentCsv(deps, actor, query, clientOf(request));
    // A non-JSON content type makes Fastify send the string as is, not JSON-encoded.
    reply.header('content-type', CSV_CONTENT_TYPE).header('content-disposition', `attachment; filename="${DEPARTMENT_CSV_FILE_NAME}"`);
    reply.header('cache-control', 'no-store');
    return csv;
  });
}
