import type { SettingsPatch, UserSettings } from '@glucosuivi/domain/settings/settings.schemas';
import type { Actor, Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import * as repo from './settings.repository';
import { dashboardDataChanged } from '../measurements/dashboard-cache';

export interface SettingsDeps {
  database: Database;
  clock: Clock;
}

function toView(row: repo.SettingsRow): UserSettings {
  return {
    notificationsPush: row.notificationsPush,
    emailAlerts: row.emailAlerts,
    biometricAuth: row.biometricAuth,
    twoFactorAuth: row.twoFactorAuth,
    dataSharing: row.dataSharing,
    locationAccess: row.locationAccess,
    dataSync: row.dataSync,
    autoBackup: row.autoBackup,
    darkMode: row.darkMode,
    autoThemeEnabled: row.autoThemeEnabled,
    language: row.language as UserSettings['language'],
    glucoseUnit: row.glucoseUnit as UserSettings['glucoseUnit'],
    timezone: row.timezone,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createSettingsService(deps: SettingsDeps) {
  return {
    get: (actor: Actor) => deps.database.asActor(actor, async (tx) => toView(await repo.getOrCreate(tx, actor.userId))),
    update: async (actor: Actor, patch: SettingsPatch) => {
      const view = await deps.database.asActor(actor, async (tx) => toView(await repo.upsert(tx, actor.userId, patch, deps.clock.now())));
      // Unit, time zone and language shape the dashboard answers.
      dashboardDataChanged(actor.userId);
      return view;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
