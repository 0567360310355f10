import type { SettingsPatch, UserSettings } from '@glucosuivi/domain/settings/settings.schemas';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import * as repo from './settings.repository';
import type { EventBus } from '../../platform/events/event-bus';

export interface SettingsDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
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

/** The user's settings, created with the spec's defaults on first read. */
export function getSettings(deps: SettingsDeps, actor: Actor): Promise<UserSettings> {
  return deps.database.asActor(actor, async (tx) => toView(await repo.getOrCreate(tx, actor.userId)));
}

/**
 * The language and glucose unit a user reads in, inside the caller's transaction (a report
 * written for a professional is in the professional's language and unit, not the patient's).
 */
export async function readingPreferencesInTx(tx: Tx, userId: string): Promise<{ language: 'fr' | 'en' | 'es'; glucoseUnit: 'mg/dL' | 'mmol/L' }> {
  const row = await repo.getOrCreate(tx, userId);
  return {
    language: row.language === 'en' || row.language === 'es' ? row.language : 'fr',
    // Settings store the unit in lower case ('mmol/l'); the domain spells it as printed.
    glucoseUnit: row.glucoseUnit.toLowerCase() === 'mmol/l' ? 'mmol/L' : 'mg/dL',
  };
}

/** Saves only the changed fields, then publishes `settings.changed` once committed (ADR 0007). */
export async function updateSettings(deps: SettingsDeps, actor: Actor, patch: SettingsPatch): Promise<UserSettings> {
  const view = await deps.database.asActor(actor, async (tx) => toView(await repo.upsert(tx, actor.userId, patch, deps.clock.now())));
  // Unit, time zone and language shape the dashboard answers.
  await deps.events.publish({ type: 'settings.changed', userId: actor.userId });
  return view;
}
