import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user, userIdColumn } from '../auth/auth.tables';

/**
 * Care team, consent and sharing (PRODUCT.md §4).
 *
 * Tokens (invitations, share links) are 256-bit random values sent once; only their SHA-256 is
 * stored, so a database dump opens nothing. Every table carries `patient_id` (the distribution
 * key of the scale-out plan) and cascades with the user.
 *
 * Row-level security is enabled here; the policies live in the custom migration
 * `*_care_team_access.sql`, because they call the SECURITY DEFINER functions created there
 * (`care_scope_allows`, `care_link_exists`, `care_linked_with`) and drizzle-kit cannot express
 * a policy that depends on a function it does not know.
 */

export const careInvitations = pgTable(
  'care_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull(),
    /** Null until a patient accepts a professional's invitation. */
    patientId: text().references(() => user.id, { onDelete: 'cascade' }),
    /** Null while a patient's invitation waits for a professional without an account yet. */
    professionalId: text().references(() => user.id, { onDelete: 'cascade' }),
    invitedEmail: text(),
    direction: text().notNull(),
    /** pending | accepted | declined | revoked; `expired` is computed from expires_at. */
    status: text().notNull().default('pending'),
    /** The categories a patient chose when inviting a professional; null the other way. */
    scopes: text().array(),
    inviterId: userIdColumn(),
    inviterName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    respondedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('care_invitations_token_hash_key').on(t.tokenHash),
    index('care_invitations_professional_idx').on(t.professionalId, t.createdAt),
    index('care_invitations_patient_idx').on(t.patientId, t.createdAt),
    index('care_invitations_inviter_idx').on(t.inviterId, t.createdAt),
    check('care_invitations_direction', sql`${t.direction} in ('professional_to_patient', 'patient_to_professional')`),
    check('care_invitations_status', sql`${t.status} in ('pending', 'accepted', 'declined', 'revoked')`),
  ],
).enableRLS();

export const careLinks = pgTable(
  'care_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    professionalId: userIdColumn(),
    status: text().notNull().default('active'),
    /** Shared categories, canonical order (care-team.rules normalizeCategories). */
    scopes: text().array().notNull(),
    /**
     * The professional asked to be told of this patient's alerts (in-app, and by e-mail/push
     * per their own settings). Only alerts of a shared category reach them.
     */
    alertNotifications: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One active link per pair; revoked links stay as history.
    uniqueIndex('care_links_active_pair_key').on(t.patientId, t.professionalId).where(sql`status = 'active'`),
    // care_scope_allows() and the triage list look links up by professional first.
    index('care_links_professional_active_idx').on(t.professionalId, t.patientId).where(sql`status = 'active'`),
    // A patient's links of any status: their care-link policy and their conversations, revoked ones included.
    index('care_links_patient_idx').on(t.patientId),
    check('care_links_status', sql`${t.status} in ('active', 'revoked')`),
    check('care_links_not_self', sql`${t.patientId} <> ${t.professionalId}`),
  ],
).enableRLS();

export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    tokenHash: text().notNull(),
    label: text(),
    categories: text().array().notNull(),
    periodFrom: timestamp({ withTimezone: true }).notNull(),
    periodTo: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_key').on(t.tokenHash),
    index('share_links_patient_idx').on(t.patientId, t.createdAt),
    check('share_links_period', sql`${t.periodFrom} < ${t.periodTo}`),
  ],
).enableRLS();

/**
 * Every read of a patient's data by someone else, one row per category read. The client is kept
 * as a browser family and a network prefix only (never a full IP address), and rows older than
 * 12 months are purged (access-log.service purgeAccessLog).
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    actorKind: text().notNull(),
    /** Professional user id, or share link id (as text: the link may be gone, the log stays). */
    actorId: text().notNull(),
    /** Name as it was at the time: a revoked link must not blank the patient's history. */
    actorName: text().notNull(),
    category: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    userAgentFamily: text(),
    ipPrefix: text(),
  },
  (t) => [
    index('access_log_patient_at_idx').on(t.patientId, t.at),
    index('access_log_actor_idx').on(t.actorId, t.at),
    index('access_log_at_idx').on(t.at),
    check('access_log_actor_kind', sql`${t.actorKind} in ('professional', 'share_link')`),
  ],
).enableRLS();
