import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AuditKind } from '@glucosuivi/domain/admin/audit.schemas';
import { ACCESS_DENIED_EVENT, SIGN_IN_EVENTS, SIGN_IN_FAILED_EVENTS } from '@glucosuivi/domain/admin/audit.rules';
import type { Db } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { authAudit, user } from '../auth/auth.tables';

/**
 * The audit read by administrators: `auth_audit` (account security events) and `admin_actions`
 * merged, newest first, on the owner connection (no request role may read `admin_actions`).
 * Only addresses, clients, event keys and the administrators' reasons are selected: neither
 * table has a health value to select.
 */

export interface AuditFilter {
  q?: string | undefined;
  kind?: AuditKind | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface AuditPosition {
  /** The line's instant as PostgreSQL keeps it (microseconds), so a page never skips a line. */
  atKey: string;
  id: string;
}

export interface AuditRow {
  source: 'account' | 'admin';
  id: string;
  at: Date;
  atKey: string;
  event: string;
  actorEmail: string | null;
  targetEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: string | null;
}

const textList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** `auth_audit` lines of one kind (an administrator's action is never one of them). */
function accountKindIs(kind: AuditKind): SQL {
  const event = sql`a.event`;
  const signIn = sql`${event} in (${textList(SIGN_IN_EVENTS)})`;
  const failed = sql`${event} in (${textList(SIGN_IN_FAILED_EVENTS)})`;
  const denied = sql`starts_with(${event}, ${ACCESS_DENIED_EVENT})`;
  switch (kind) {
    case 'sign_in':
      return signIn;
    case 'sign_in_failed':
      return failed;
    case 'access_denied':
      return denied;
    case 'admin_action':
      return sql`false`;
    case 'security':
      return sql`not (${signIn} or ${failed} or ${denied})`;
  }
}

/** `%`, `_` and `\` typed by the administrator are matched as themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(filter: AuditFilter, columns: { at: SQL; texts: SQL[] }, kind: SQL | null): SQL {
  const parts: SQL[] = [];
  if (kind) parts.push(kind);
  if (filter.from) parts.push(sql`${columns.at} >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`${columns.at} < ${filter.to.toISOString()}::timestamptz`);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    parts.push(sql`(${sql.join(columns.texts.map((c) => sql`${c} ilike ${pattern}`), sql` or `)})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** Up to `limit` lines matching the filter, newest first, strictly after `after` when given. */
export async function listAuditRows(db: Db, filter: AuditFilter, limit: number, after?: AuditPosition): Promise<AuditRow[]> {
  const accountWhere = conditions(
    filter,
    { at: sql`a.created_at`, texts: [sql`coalesce(a.email, u.email)`, sql`a.ip_address`] },
    filter.kind ? accountKindIs(filter.kind) : null,
  );
  const adminWhere = conditions(
    filter,
    { at: sql`x.created_at`, texts: [sql`x.actor_email`, sql`x.target_email`] },
    filter.kind && filter.kind !== 'admin_action' ? sql`false` : null,
  );
  const afterWhere = after ? sql`where (e.at, e.id) < (${after.atKey}::timestamptz, ${after.id})` : sql``;
  // Each branch filtered and ordered on its created_at index, then merged: a page reads ~limit rows of each.
  const result = await db.execute(sql`
    select e.source, e.id, e.at, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
           e.event, e.actor_email, e.target_email, e.ip, e.user_agent, e.detail
    from (
      select 'account' as source, a.id as id, a.created_at as at, a.event as event,
             coalesce(a.email, u.email) as actor_email, null::text as target_email,
             a.ip_address as ip, a.user_agent as user_agent, null::text as detail
      from auth_audit a left join "user" u on u.id = a.user_id
      where ${accountWhere}
      union all
      select 'admin', x.id::text, x.created_at, x.action, x.actor_email, x.target_email, null, null, x.detail
      from admin_actions x
      where ${adminWhere}
    ) e
    ${afterWhere}
    order by e.at desc, e.id desc
    limit ${limit}`);
  return rowsOf<{
    source: 'account' | 'admin';
    id: string;
    at: string | Date;
    at_key: string;
    event: string;
    actor_email: string | null;
    target_email: string | null;
    ip: string | null;
    user_agent: string | null;
    detail: string | null;
  }>(result).map((row) => ({
    source: row.source,
    id: row.id,
    at: new Date(row.at),
    atKey: row.at_key,
    event: row.event,
    actorEmail: row.actor_email,
    targetEmail: row.target_email,
    ip: row.ip,
    userAgent: row.user_agent,
    detail: row.detail,
  }));
}

/** An account's address (the administrator acting, the person refused): null once erased. */
export async function accountEmail(db: Db, userId: string): Promise<string | null> {
  const rows = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return rows[0]?.email ?? null;
}

/** One refused admin request, as an account security event. */
export async function insertAccessDenied(
  db: Db,
  row: { userId: string; email: string | null; event: string; ip: string | null; userAgent: string | null; at: Date },
): Promise<void> {
  await db.insert(authAudit).values({
    id: randomUUID(),
    userId: row.userId,
    event: row.event,
    email: row.email?.toLowerCase() ?? null,
    ipAddress: row.ip,
    userAgent: row.userAgent,
    createdAt: row.at,
  });
}
