import { sql } from 'drizzle-orm';
import { jsonb, pgPolicy, pgTable, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { GlucoseTargets } from '@glucosuivi/domain/glucose/bands';
import { user } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownPatient = sql.raw(`patient_id = ${CURRENT_USER_ID}`);

/**
 * A patient's clinical profile; `profiles` (accounts) holds identity. The targets are one jsonb
 * document validated by glucoseTargetsSchema on the way in and out: they are read and written
 * whole, and their shape belongs to the glucose module. The author of the targets is copied as
 * id + name, so the page can say "fixés par Dr X" without a join into another feature.
 */
export const patientProfiles = pgTable(
  'patient_profiles',
  {
    patientId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    birthYear: smallint(),
    diabetesType: text(),
    diagnosisYear: smallint(),
    treatment: text(),
    heightCm: real(),
    glucoseDeviceKind: text(),
    glucoseDeviceModel: text(),
    targets: jsonb().$type<GlucoseTargets>().notNull(),
    targetsSetById: text(),
    targetsSetByName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [pgPolicy('patient_profiles_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient })],
).enableRLS();
