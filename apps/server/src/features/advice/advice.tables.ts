import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgPolicy, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ADVICE_KINDS, ADVICE_VOTES, type AdviceSignalFinding } from '@glucosuivi/domain/advice/advice.schemas';
import { careLinks } from '../care-team/care-team.tables';
import { userIdColumn } from '../auth/auth.tables';
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
    patientId: userIdColumn(),
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

/**
 * The triage list's advice signal: for each care link, the kinds and severities of the findings
 * its professional sees on the patient's advice page over the triage's 14 days, drawn only from
 * the categories the link shared when they were computed (`scopes`). Findings are computed from
 * readings, too many to read for every patient of a list, so a job keeps these rows after each
 * change of the patient's data, targets or links, and daily as the window moves
 * (advice-signals.service.ts). Kinds and severities only: the evidence stays on the patient page.
 *
 * The professional reads the row of their own link while it is active and still shares exactly
 * `scopes` (a link that shares less since then shows nothing until the job has run again); only
 * the job writes, on the owner connection (migration, hand-written part).
 */
export const adviceSignals = pgTable(
  'advice_signals',
  {
    linkId: uuid()
      .primaryKey()
      .references(() => careLinks.id, { onDelete: 'cascade' }),
    patientId: userIdColumn(),
    professionalId: userIdColumn(),
    scopes: text().array().notNull(),
    findings: jsonb().$type<AdviceSignalFinding[]>().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('advice_signals_patient_idx').on(t.patientId),
    pgPolicy('advice_signals_professional_read', {
      for: 'select',
      to: appUser,
      using: sql.raw(
        `professional_id = ${CURRENT_USER_ID} and exists (select 1 from care_links l where l.id = link_id and l.status = 'active' and l.scopes = advice_signals.scopes)`,
      ),
    }),
  ],
).enableRLS();
