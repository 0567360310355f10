import type { FastifyInstance } from 'fastify';
import { getSettings, updateSettings } from '@glucosuivi/domain/settings/settings.contract';
import { registerEndpoint } from '../../platform/http/contract';
import type { SettingsService } from './settings.service';

export function settingsRoutes(app: FastifyInstance, service: SettingsService) {
  registerEndpoint(app, getSettings, async ({ actor }) => service.get(actor));
  registerEndpoint(app, updateSettings, async ({ body, actor }) => service.update(actor, body));
}
