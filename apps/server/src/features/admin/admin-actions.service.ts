import type { Clock } from '../../platform/clock';
import type { Database, Tx } from '../../platform/db/database';
import { insertAdminAction } from './admin-actions.repository';

export interface AdminActionDeps {
  database: Database;
  clock: Clock;
}

/** An administrator and what they did to whom, as the audit keeps it. */
export interface AdminAction {
  actor: { userId: string; email: string };
  /** A stable key: `account.lock`, `professional.verify`, `ticket.answer`, `job.retry`… */
  action: string;
  target?: { userId?: string | null; email?: string | null };
  /** The reason given or what changed; never a health value. */
  detail?: string | null;
}

/**
 * Records an administrator's action in the audit. Pass the action's own owner-connection
 * transaction when there is one, so the action and its record commit together (an action is never
 * done unrecorded); a request-role transaction cannot write here (admin_actions is closed to it).
 */
export async function recordAdminAction(deps: AdminActionDeps, action: AdminAction, tx?: Tx): Promise<void> {
  await insertAdminAction(tx ?? deps.database.db, {
    actorId: action.actor.userId,
    actorEmail: action.actor.email,
    action: action.action,
    targetUserId: action.target?.userId ?? null,
    targetEmail: action.target?.email ?? null,
    detail: action.detail ?? null,
    at: deps.clock.now(),
  });
}
