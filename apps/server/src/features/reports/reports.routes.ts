import type { FastifyInstance } from 'fastify';
import {
  CSV_CONTENT_TYPE,
  exportMeasurementsCsv,
  getWeeklyReport,
  glucoseReportPdf as pdfEndpoint,
  PDF_CONTENT_TYPE,
} from '@glucosuivi/domain/reports/reports.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { exportCsv, glucoseReportPdf, weeklyReport, type ReportsDeps } from './reports.service';

const DEFAULT_REPORT_DAYS = 14;

export function reportsRoutes(app: FastifyInstance, deps: ReportsDeps) {
  registerEndpoint(app, exportMeasurementsCsv, async ({ request, reply }) => {
    const csv = await exportCsv(deps, request.actor);
    // A non-JSON content type makes Fastify send the string as is, not JSON-encoded.
    reply.header('content-type', CSV_CONTENT_TYPE).header('content-disposition', 'attachment; filename="glucosuivi-mesures.csv"');
    reply.header('cache-control', 'no-store');
    return csv;
  });
  registerEndpoint(app, pdfEndpoint, async ({ request, reply, query }) => {
    const pdf = await glucoseReportPdf(deps, request.actor, query.days ?? DEFAULT_REPORT_DAYS);
    reply.header('content-type', PDF_CONTENT_TYPE).header('content-disposition', 'attachment; filename="glucosuivi-rapport.pdf"');
    reply.header('cache-control', 'no-store');
    return pdf;
  });
  registerEndpoint(app, getWeeklyReport, ({ request }) => weeklyReport(deps, request.actor));
}
