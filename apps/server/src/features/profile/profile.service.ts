import { targetsForPreset, glucoseTargetsSchema, DEFAULT_GLUCOSE_TARGETS, type GlucoseTargets } from '@glucosuivi/domain/glucose/bands';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { Profile, ProfileInput, TargetsInput } from '@glucosuivi/domain/profile/profile.schemas';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import type { EventBus } from '../../platform/events/event-bus';
import { findContextParts, findPatientProfile, upsertPatientProfile, upsertTargets, type PatientProfileRow } from './profile.repository';

export interface ProfileDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
}

/** Health data is the patient's: other roles are refused before any query. */
export function requirePatient(actor: Actor | null): Actor {
  if (!actor) throw new AppError('unauthenticated');
  if (actor.role !== 'patient') throw new AppError('forbidden', 'Only a patient has health data');
  return actor;
}

/** What every health feature needs to know about the patient to compute and word things. */
export interface PatientContext {
  timeZone: string;
  glucoseUnit: GlucoseUnit;
  language: 'fr' | 'en' | 'es';
  emailAlerts: boolean;
  firstName: string;
  lastName: string | null;
  targets: GlucoseTargets;
}

function storedTargets(row: { targets: unknown } | undefined): GlucoseTargets {
  if (!row) return targetsForPreset(DEFAULT_GLUCOSE_TARGETS.preset);
  // A document written by an older version that no longer validates falls back to the defaults
  // rather than breaking every dashboard.
  const parsed = glucoseTargetsSchema.safeParse(row.targets);
  return parsed.success ? parsed.data : targetsForPreset(DEFAULT_GLUCOSE_TARGETS.preset);
}

/** Loads the patient context inside the caller's transaction (same snapshot), in one statement. */
export async function loadPatientContext(tx: Tx, patientId: string): Promise<PatientContext> {
  const { settings, identity, profile } = await findContextParts(tx, patientId);
  const language = settings?.language === 'en' || settings?.language === 'es' ? settings.language : 'fr';
  return {
    timeZone: settings?.timeZone ?? 'Europe/Paris',
    // Settings store the unit in lower case ('mmol/l'); the domain spells it as printed.
    glucoseUnit: settings?.glucoseUnit?.toLowerCase() === 'mmol/l' ? 'mmol/L' : 'mg/dL',
    language,
    emailAlerts: settings?.emailAlerts ?? false,
    firstName: identity?.firstName ?? '',
    lastName: identity?.lastName ?? null,
    targets: storedTargets(profile),
  };
}

function toProfile(row: PatientProfileRow | undefined): Profile {
  return {
    birthYear: row?.birthYear ?? null,
    diabetesType: (row?.diabetesType as Profile['diabetesType']) ?? null,
    diagnosisYear: row?.diagnosisYear ?? null,
    treatment: (row?.treatment as Profile['treatment']) ?? null,
    heightCm: row?.heightCm ?? null,
    glucoseDevice: row?.glucoseDeviceKind
      ? { kind: row.glucoseDeviceKind as 'cgm' | 'meter', model: row.glucoseDeviceModel ?? null }
      : null,
    targets: storedTargets(row),
    targetsSetBy: row?.targetsSetById ? { userId: row.targetsSetById, name: row.targetsSetByName ?? '' } : null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export async function getProfile(deps: ProfileDeps, actor: Actor | null): Promise<Profile> {
  const patient = requirePatient(actor);
  return deps.database.asActor(patient, async (tx) => toProfile(await findPatientProfile(tx, patient.userId)));
}

export async function saveProfile(deps: ProfileDeps, actor: Actor | null, input: ProfileInput): Promise<Profile> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  const currentYear = now.getUTCFullYear();
  const issues: ValidationIssue[] = [];
  for (const field of ['birthYear', 'diagnosisYear'] as const) {
    const year = input[field];
    if (year !== null && year > currentYear) {
      issues.push({ path: ['body', field], code: 'custom', message: 'year in the future', params: { rule: 'out_of_range', max: currentYear } });
    }
  }
  if (issues.length > 0) throw new AppError('validation_failed', 'Invalid request', issues);

  const targets: GlucoseTargets = input.targets.preset === 'custom' ? input.targets : targetsForPreset(input.targets.preset);
  const saved = await deps.database.asActor(patient, async (tx) => {
    const existing = await findPatientProfile(tx, patient.userId);
    // The author of the targets changes only when the targets do: a patient saving their
    // height must not erase "set by Dr X".
    const unchanged = existing && JSON.stringify(storedTargets(existing)) === JSON.stringify(targets);
    const row = await upsertPatientProfile(tx, {
      patientId: patient.userId,
      birthYear: input.birthYear,
      diabetesType: input.diabetesType,
      diagnosisYear: input.diagnosisYear,
      treatment: input.treatment,
      heightCm: input.heightCm,
      glucoseDeviceKind: input.glucoseDevice?.kind ?? null,
      glucoseDeviceModel: input.glucoseDevice?.model ?? null,
      targets,
      targetsSetById: unchanged ? existing.targetsSetById : null,
      targetsSetByName: unchanged ? existing.targetsSetByName : null,
      updatedAt: now,
    });
    return { profile: toProfile(row), targetsChanged: !unchanged };
  });
  await deps.events.publish({ type: 'profile.changed', patientId: patient.userId });
  if (saved.targetsChanged) await deps.events.publish({ type: 'targets.changed', patientId: patient.userId, changedBy: patient.userId });
  return saved.profile;
}

/**
 * A professional sets a linked patient's targets, in a transaction running as that professional
 * (RLS: patient_profiles_care_team_targets requires the author to be the acting user).
 */
export async function setTargetsInTx(
  tx: Tx,
  patientId: string,
  input: TargetsInput,
  setBy: { userId: string; name: string },
  now: Date,
): Promise<Pick<Profile, 'targets' | 'targetsSetBy'>> {
  const targets: GlucoseTargets = input.preset === 'custom' ? input : targetsForPreset(input.preset);
  const row = await upsertTargets(tx, { patientId, targets, targetsSetById: setBy.userId, targetsSetByName: setBy.name, updatedAt: now });
  const profile = toProfile(row);
  return { targets: profile.targets, targetsSetBy: profile.targetsSetBy };
}

/** The patient's targets and their author, in an open transaction (care team analytics). */
export async function targetsInTx(tx: Tx, patientId: string): Promise<Pick<Profile, 'targets' | 'targetsSetBy'>> {
  const profile = toProfile(await findPatientProfile(tx, patientId));
  return { targets: profile.targets, targetsSetBy: profile.targetsSetBy };
}
