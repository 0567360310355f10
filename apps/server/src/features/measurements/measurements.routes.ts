import type { FastifyInstance } from 'fastify';
import {
  createMeasurement as createEndpoint,
  deleteMeasurement as deleteEndpoint,
  getGlucoseSeries as seriesEndpoint,
  getMeasurement as getEndpoint,
  getSummary as summaryEndpoint,
  insertGlucoseBatch as batchEndpoint,
  listMeasurements as listEndpoint,
  updateMeasurement as updateEndpoint,
} from '@glucosuivi/domain/measurements/measurements.contract';
import { checkGlucoseImport as checkImportEndpoint, importGlucose as importEndpoint } from '@glucosuivi/domain/imports/imports.contract';
import { glucoseSeriesResponseSchema, summarySchema } from '@glucosuivi/domain/measurements/summary.schemas';
import { encodeResponse, registerEndpoint } from '../../platform/http/contract';
import type { DashboardCache } from './dashboard-cache';
import { checkGlucoseImport, importGlucose } from './glucose-import.service';
import { createMeasurement, deleteMeasurement, getMeasurement, insertGlucoseBatch, updateMeasurement } from './measurement-entry.service';
import { dashboardOwner, getGlucoseSeries, getSummary, listMeasurements, type MeasurementsDeps } from './measurements.service';

/**
 * The dashboard answers are encoded once and cached per patient (dashboard-cache.ts says when
 * they are forgotten): on 90 days the zod encoding of the summary cost more than the rest of a
 * cached request. The dashboard asks for series windows rounded to the hour, so the same window
 * comes back often.
 */
export function measurementsRoutes(app: FastifyInstance, deps: MeasurementsDeps & { dashboardCache: DashboardCache }) {
  const now = () => deps.clock.now().getTime();
  registerEndpoint(app, createEndpoint, ({ request, body }) => createMeasurement(deps, request.actor, body));
  registerEndpoint(app, listEndpoint, ({ request, query }) => listMeasurements(deps, request.actor, query));
  registerEndpoint(app, summaryEndpoint, ({ request, query }) =>
    deps.dashboardCache.cached(
      dashboardOwner(request.actor),
      `summary|${query.days}`,
      async () => encodeResponse(summarySchema, await getSummary(deps, request.actor, query.days)),
      now(),
    ),
  );
  registerEndpoint(app, seriesEndpoint, ({ request, query }) =>
    deps.dashboardCache.cached(
      dashboardOwner(request.actor),
      `series|${query.from}|${query.to}`,
      async () => encodeResponse(glucoseSeriesResponseSchema, await getGlucoseSeries(deps, request.actor, query.from, query.to)),
      now(),
    ),
  );
  registerEndpoint(app, batchEndpoint, ({ request, body }) => insertGlucoseBatch(deps, request.actor, body));
  registerEndpoint(app, checkImportEndpoint, ({ request, body }) => checkGlucoseImport(deps, request.actor, body));
  registerEndpoint(app, importEndpoint, ({ request, body }) => importGlucose(deps, request.actor, body));
  registerEndpoint(app, getEndpoint, ({ request, params }) => getMeasurement(deps, request.actor, params.id));
  registerEndpoint(app, updateEndpoint, ({ request, params, body }) => updateMeasurement(deps, request.actor, params.id, body));
  registerEndpoint(app, deleteEndpoint, ({ request, params }) => deleteMeasurement(deps, request.actor, params.id));
}
