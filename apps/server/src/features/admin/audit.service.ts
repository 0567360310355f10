import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  type AuditCsvQuery,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@glucosuivi/domain/admin/audit.schemas';
import { accessDeniedEvent, accountEventKind, parseAccessDeniedEvent, shortUserAgent } from '@glucosuivi/domain/admin/audit.rules';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { ClientInfo } from '../../platform/http/client-info';
import type { RateLimiter } from '../../platform/rate-limit';
import * as repo from './audit.repository';
import { auditCsv as toCsv } from './audit.csv';

export interface AuditDeps {
  database: Database;
  clock: Clock;
  /** One access-denied line per user, route and minute: a loop cannot fill the audit. */
  accessDeniedRecords: RateLimiter;
  log: { warn(obj: object, msg: string): void };
}

/** A refused admin request: who (signed in), why, which route (its pattern, never the URL). */
export interface AccessDenied {
  userId: string;
  reason: string;
  method: string;
  routePattern: string;
}

// --- Reading ----------------------------------------------------------------------------------

function toEntry(row: repo.AuditRow): AuditEntry {
  const denied = row.source === 'account' ? parseAccessDeniedEvent(row.event) : null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.source === 'admin' ? 'admin_action' : accountEventKind(row.event),
    event: denied?.event ?? row.event,
    actorEmail: row.actorEmail,
    targetEmail: row.targetEmail,
    ip: row.ip,
    userAgent: shortUserAgent(row.userAgent),
    detail: denied ? denied.route : row.detail,
  };
}

function filterOf(query: Pick<AuditQuery, 'q' | 'kind' | 'from' | 'to'>): repo.AuditFilter {
  return {
    q: query.q || undefined,
    kind: query.kind,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

// Line ids are UUIDs (admin_actions) or the text ids of auth_audit (UUIDs too, as recordAuditEvent writes them).
const LINE_ID = /^[\w-]{1,100}$/;
const AT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function encodeCursor(row: repo.AuditRow): string {
  return Buffer.from(`${row.atKey}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): repo.AuditPosition {
  const [atKey, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!atKey || !id || !AT_KEY.test(atKey) || Number.isNaN(Date.parse(atKey)) || !LINE_ID.test(id)) {
    throw new AppError('validation_failed', 'Invalid cursor', [
      { path: ['querystring', 'cursor'], code: 'invalid_cursor', message: 'Invalid cursor' },
    ]);
  }
  return { atKey, id };
}

/** A page of the audit for an administrator (the route is admin-only), newest first. */
export async function listAudit(deps: AuditDeps, query: AuditQuery): Promise<AuditPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repo.listAuditRows(deps.database.db, filterOf(query), AUDIT_PAGE_SIZE + 1, after);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toEntry),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

/** The newest 10,000 lines matching the filters, as CSV in the administrator's language. */
export async function auditCsv(deps: AuditDeps, query: AuditCsvQuery): Promise<string> {
  const rows = await repo.listAuditRows(deps.database.db, filterOf(query), AUDIT_CSV_MAX_ROWS);
  return toCsv(rows.map(toEntry), query.lang);
}

// --- Recording --------------------------------------------------------------------------------

/**
 * Writes an `access_denied` account event for a signed-in person refused an admin endpoint, at
 * most once per person, route and minute. A failed write is logged (without the person or the
 * route's values), never fails the answer it records.
 */
export async function recordAccessDenied(deps: AuditDeps, denied: AccessDenied, client: ClientInfo): Promise<void> {
  try {
    const at = deps.clock.now();
    const event = accessDeniedEvent(denied.reason, denied.method, denied.routePattern);
    const decision = await deps.accessDeniedRecords.hit(`${denied.userId}|${event}`, at);
    if (!decision.allowed) return;
    await repo.insertAccessDenied(deps.database.db, {
      userId: denied.userId,
      email: await repo.accountEmail(deps.database.db, denied.userId),
      event,
      ip: client.ip ?? null,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      at,
    });
  } catch (error) {
    deps.log.warn({ err: error, event: 'access_denied' }, 'audit write failed');
  }
}

/** The administrator's address as the audit of their actions keeps it. */
export async function administratorEmail(deps: Pick<AuditDeps, 'database'>, userId: string): Promise<string> {
  return (await repo.accountEmail(deps.database.db, userId)) ?? 'unknown';
}
