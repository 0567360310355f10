import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/notifications/notifications.contract';
import { registerEndpoint } from '../../platform/http/contract';
import * as notifications from './notifications.service';

export function notificationsRoutes(app: FastifyInstance, deps: notifications.NotificationsDeps) {
  registerEndpoint(app, contract.listNotifications, ({ actor }) => notifications.listNotifications(deps, actor));
  registerEndpoint(app, contract.markNotificationsRead, ({ actor, body }) => notifications.markNotificationsRead(deps, actor, body.ids));
}
