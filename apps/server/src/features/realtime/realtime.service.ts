import { shareCategorySchema, type ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';
import type { Actor, Database } from '../../platform/db/database';
import { listActiveLinksOfProfessional } from './realtime.repository';

export interface RealtimeDeps {
  database: Database;
}

/**
 * What a connection may follow, read once when it opens: a professional's active links and their
 * categories (events keep it current afterwards); nothing for a patient or an administrator, who
 * only receive their own topic.
 */
export async function loadFollowedPatients(deps: RealtimeDeps, actor: Actor): Promise<Map<string, ReadonlySet<ShareCategory>>> {
  if (actor.role !== 'doctor') return new Map();
  const rows = await deps.database.asActor(actor, (tx) => listActiveLinksOfProfessional(tx, actor.userId));
  return new Map(
    rows.map((row) => [row.patientId, new Set(row.scopes.flatMap((scope) => (shareCategorySchema.safeParse(scope).success ? [scope as ShareCategory] : [])))]),
  );
}
