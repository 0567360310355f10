import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The account tables as better-auth expects them (its CLI needs Node 22, so they are written
// here and migrated by drizzle-kit like every other table).

export const user = pgTable('user', {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  twoFactorEnabled: boolean().default(false),
  /** Set when the user asked for deletion: the account is locked until erased or cancelled. */
  deletionRequestedAt: timestamp({ withTimezone: true }),
  /** Set when an administrator locks the account: no sign-in, no session, until unlocked. */
  lockedAt: timestamp({ withTimezone: true }),
  /** The administrator's reason, shown to other administrators (never to the person). */
  lockReason: text(),
  /** The last sign-in: a password (and second factor) accepted, or a sign-up that opened a session. */
  lastSignInAt: timestamp({ withTimezone: true }),
  /**
   * The last time the account signed in or made a request with one of its sessions, written at
   * most once an hour (the request that finds it older writes it): "active" in the figures.
   */
  lastSeenAt: timestamp({ withTimezone: true }),
});

/**
 * A column naming a user whose rows go with that user: every personal table references `user(id)`
 * with ON DELETE CASCADE, so erasing an account removes them (ARCHITECTURE.md, Data).
 */
export const userIdColumn = () =>
  text()
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: userIdColumn(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: userIdColumn(),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const twoFactor = pgTable(
  'two_factor',
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: userIdColumn(),
    verified: boolean().default(true),
    failedVerificationCount: integer().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    /** The 30-second time-step of the last TOTP code accepted: a code of that step or older is refused (no replay). */
    lastTotpStep: integer(),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);

/** Every sign-in attempt, success or failure (and other security events), for the account's owner and admins. */
export const authAudit = pgTable(
  'auth_audit',
  {
    id: text().primaryKey(),
    userId: text().references(() => user.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    /** The e-mail as typed, lower-cased: failures for unknown accounts are kept too. */
    email: text(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_audit_user_created_idx').on(t.userId, t.createdAt), index('auth_audit_created_idx').on(t.createdAt)],
);
