import type { FastifyInstance } from 'fastify';
import {
  acknowledgeAlert as acknowledgeEndpoint,
  getAlertSettings as getSettingsEndpoint,
  listAlerts as listEndpoint,
  resolveAlert as resolveEndpoint,
  updateAlertSettings as updateSettingsEndpoint,
} from '@glucosuivi/domain/alerts/alerts.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { acknowledgeAlert, listAlerts, resolveAlert, type AlertsDeps } from './alerts.service';
import { getAlertSettings, updateAlertSettings } from './live-alerts.service';

export function alertsRoutes(app: FastifyInstance, deps: AlertsDeps) {
  registerEndpoint(app, listEndpoint, ({ request, query }) => listAlerts(deps, request.actor, query));
  registerEndpoint(app, acknowledgeEndpoint, ({ request, params }) => acknowledgeAlert(deps, request.actor, params.id));
  registerEndpoint(app, resolveEndpoint, ({ request, params }) => resolveAlert(deps, request.actor, params.id));
  registerEndpoint(app, getSettingsEndpoint, ({ request }) => getAlertSettings(deps, request.actor));
  registerEndpoint(app, updateSettingsEndpoint, ({ request, body }) => updateAlertSettings(deps, request.actor, body));
}
