import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/settings/settings.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { getSettings, updateSettings, type SettingsDeps } from './settings.service';

export function settingsRoutes(app: FastifyInstance, deps: SettingsDeps) {
  registerEndpoint(app, contract.getSettings, async ({ actor }) => getSettings(deps, actor));
  registerEndpoint(app, contract.updateSettings, async ({ body, actor }) =>
    updateSettings(deps, actor, body),
  );
}
