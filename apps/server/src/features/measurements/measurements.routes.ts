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
import { registerEndpoint } from '../../platform/http/contract';
import {
  createMeasurement,
  deleteMeasurement,
  getGlucoseSeriesEncoded,
  getMeasurement,
  getSummaryEncoded,
  insertGlucoseBatch,
  listMeasurements,
  updateMeasurement,
  type MeasurementsDeps,
} from './measurements.service';

export function measurementsRoutes(app: FastifyInstance, deps: MeasurementsDeps) {
  registerEndpoint(app, createEndpoint, ({ request, body }) => createMeasurement(deps, request.actor, body));
  registerEndpoint(app, listEndpoint, ({ request, query }) => listMeasurements(deps, request.actor, query));
  registerEndpoint(app, summaryEndpoint, ({ request, query }) => getSummaryEncoded(deps, request.actor, query.days));
  registerEndpoint(app, seriesEndpoint, ({ request, query }) => getGlucoseSeriesEncoded(deps, request.actor, query.from, query.to));
  registerEndpoint(app, batchEndpoint, ({ request, body }) => insertGlucoseBatch(deps, request.actor, body));
  registerEndpoint(app, getEndpoint, ({ request, params }) => getMeasurement(deps, request.actor, params.id));
  registerEndpoint(app, updateEndpoint, ({ request, params, body }) => updateMeasurement(deps, request.actor, params.id, body));
  registerEndpoint(app, deleteEndpoint, ({ request, params }) => deleteMeasurement(deps, request.actor, params.id));
}
