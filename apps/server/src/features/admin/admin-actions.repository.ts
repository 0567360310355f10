import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../platform/db/database';
import { adminActions } from './admin.tables';

export interface AdminActionRow {
  actorId: string;
  actorEmail: string;
  action: string;
  targetUserId?: string | null;
  targetEmail?: string | null;
  detail?: string | null;
  at: Date;
}

/** Appends one line to the administrators' audit (owner connection or the action's own transaction). */
export async function insertAdminAction(db: Db | Tx, row: AdminActionRow): Promise<void> {
  await db.insert(adminActions).values({
    id: randomUUID(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetUserId: row.targetUserId ?? null,
    targetEmail: row.targetEmail ?? null,
    detail: row.detail ?? null,
    createdAt: row.at,
  });
}
