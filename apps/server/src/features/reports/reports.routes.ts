import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  CSV_CONTENT_TYPE,
  exportFhirBundle,
  exportMeasurementsCsv,
  FHIR_CONTENT_TYPE,
  FHIR_FILE_NAME,
  getWeeklyReport,
  glucoseReportPdf as pdfEndpoint,
  PDF_CONTENT_TYPE,
  patientReportPdf as patientPdfEndpoint,
} from '@glucosuivi/domain/reports/reports.contract';
import { clientOf } from '../../platform/http/client-info';
import { registerEndpoint } from '../../platform/http/contract';
import { exportCsv, fhirExport, glucoseReportPdf, patientReportPdf, weeklyReport, type FhirExportDeps } from './reports.service';

const DEFAULT_REPORT_DAYS = 14;

export function reportsRoutes(app: FastifyInstance, deps: FhirExportDeps) {
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
  registerEndpoint(app, patientPdfEndpoint, async ({ request, reply, params, query }) => {
    const pdf = await patientReportPdf(deps, request.actor, params.patientId, query.days ?? DEFAULT_REPORT_DAYS, clientOf(request));
    reply.header('content-type', PDF_CONTENT_TYPE).header('content-disposition', 'attachment; filename="glucosuivi-rapport-patient.pdf"');
    reply.header('cache-control', 'no-store');
    return pdf;
  });
  registerEndpoint(app, exportFhirBundle, async ({ request, reply }) => {
    const chunks = await fhirExport(deps, request.actor);
    reply.header('content-type', FHIR_CONTENT_TYPE).header('content-disposition', `attachment; filename="${FHIR_FILE_NAME}"`);
    reply.header('cache-control', 'no-store');
    return Readable.from(chunks);
  });
  registerEndpoint(app, getWeeklyReport, ({ request }) => weeklyReport(deps, request.actor));
}
