import { sql } from 'drizzle-orm';
import { check, pgPolicy, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ADVICE_KINDS, ADVICE_VOTES } from '@glucosuivi/domain/advice/advice.schemas';
import { user } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownPatient = sql.raw(`patient_id = ${CURRENT_USER_ID}`);
const quotedList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The patient's last vote on each kind of finding ("useful" or not): one row per (patient, kind),
 * a new vote replaces the old one. Votes are kept per kind, not per finding, because a finding is
 * recomputed from the data on every read and has no identity of its own; the question they answer
 * is "is this kind of advice worth showing", counted across patients without naming any.
 *
 * The kind and vote checks repeat the domain's lists so a value the API would refuse can never be
 * stored by another path; a new kind of finding therefore comes with a migration.
 */
export const adviceFeedback = pgTable(
  'advice_feedback',
  {
    patientId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    vote: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'advice_feedback_pkey', columns: [t.patientId, t.kind] }),
    check('advice_feedback_kind', sql.raw(`kind in (${quotedList(ADVICE_KINDS)})`)),
    check('advice_feedback_vote', sql.raw(`vote in (${quotedList(ADVICE_VOTES)})`)),
    pgPolicy('advice_feedback_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();
