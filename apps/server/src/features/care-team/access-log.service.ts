import {
  ACCESS_LOG_RETENTION_DAYS,
  type AccessLogPage,
  type AccessLogQuery,
  type ShareCategory,
} from '@glucosuivi/domain/care-team/care-team.schemas';
import { ipPrefix, userAgentFamily } from '@glucosuivi/domain/care-team/care-team.rules';
import type { Actor, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import * as repo from './care-team.repository';
import {
  DAY_MS,
  HOUR_MS,
  requirePatientActor,
  type CareTeamDeps,
  type ClientInfo,
} from './care-team.service';

/** One access-log row: who read which category of which patient, with the reduced client. */
function accessLogRow(
  patientId: string,
  reader: { kind: 'professional' | 'share_link'; id: string; name: string },
  category: ShareCategory,
  at: Date,
  client: ClientInfo,
) {
  return {
    patientId,
    actorKind: reader.kind,
    actorId: reader.id,
    actorName: reader.name,
    category,
    at,
    userAgentFamily: userAgentFamily(client.userAgent),
    ipPrefix: ipPrefix(client.ip),
  };
}

/** Appends "this professional read these categories of this patient" (RLS: own reads only). */
export async function logProfessionalReadInTx(
  tx: Tx,
  entry: {
    patientId: string;
    professionalId: string;
    professionalName: string;
    categories: ShareCategory[];
    at: Date;
    client: ClientInfo;
  },
): Promise<void> {
  await repo.insertAccessLog(
    tx,
    entry.categories.map((category) =>
      accessLogRow(entry.patientId, { kind: 'professional', id: entry.professionalId, name: entry.professionalName }, category, entry.at, entry.client),
    ),
  );
}

/** Same for a list of patients, at most once an hour per patient and category (triage reloads). */
export async function logProfessionalListReadInTx(
  tx: Tx,
  entry: {
    reads: { patientId: string; category: ShareCategory }[];
    professionalId: string;
    professionalName: string;
    at: Date;
    client: ClientInfo;
  },
): Promise<void> {
  await repo.insertAccessLogOncePer(
    tx,
    entry.reads.map((read) =>
      accessLogRow(read.patientId, { kind: 'professional', id: entry.professionalId, name: entry.professionalName }, read.category, entry.at, entry.client),
    ),
    new Date(entry.at.getTime() - HOUR_MS),
  );
}

/** "This share link was viewed for these categories" (the patient sees it in their access log). */
export async function logShareViewInTx(
  tx: Tx,
  entry: {
    patientId: string;
    linkId: string;
    label: string | null;
    categories: ShareCategory[];
    at: Date;
    client: ClientInfo;
  },
): Promise<void> {
  await repo.insertAccessLog(
    tx,
    entry.categories.map((category) =>
      accessLogRow(entry.patientId, { kind: 'share_link', id: entry.linkId, name: entry.label ?? 'Lien sécurisé' }, category, entry.at, entry.client),
    ),
  );
}

function decodeLogCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) {
    throw new AppError('validation_failed', 'Invalid cursor', [
      { path: ['querystring', 'cursor'], code: 'invalid_cursor', message: 'Invalid cursor' },
    ]);
  }
  return { at: date, id };
}

export async function getAccessLog(
  deps: CareTeamDeps,
  actor: Actor | null,
  query: AccessLogQuery,
): Promise<AccessLogPage> {
  const patient = requirePatientActor(actor);
  const limit = query.limit ?? 50;
  const since = new Date(deps.clock.now().getTime() - ACCESS_LOG_RETENTION_DAYS * DAY_MS);
  const rows = await deps.database.asActor(patient, (tx) =>
    repo.listAccessLog(tx, patient.userId, {
      since,
      ...(query.shareLinkId ? { actorId: query.shareLinkId } : {}),
      ...(query.cursor ? { before: decodeLogCursor(query.cursor) } : {}),
      limit: limit + 1,
    }),
  );
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map((row) => ({
      id: row.id,
      actorKind: row.actorKind as 'professional' | 'share_link',
      actorId: row.actorId,
      actorName: row.actorName,
      category: row.category as ShareCategory,
      at: row.at.toISOString(),
      client: { userAgent: row.userAgentFamily, network: row.ipPrefix },
    })),
    nextCursor:
      rows.length > limit && last
        ? Buffer.from(`${last.at.toISOString()}|${last.id}`).toString('base64url')
        : null,
  };
}

/** Deletes access-log rows older than 12 months (owner-level; run by a periodic job). */
export async function purgeAccessLog(
  deps: Pick<CareTeamDeps, 'database' | 'clock'>,
): Promise<number> {
  return repo.deleteAccessLogBefore(
    deps.database.db,
    new Date(deps.clock.now().getTime() - ACCESS_LOG_RETENTION_DAYS * DAY_MS),
  );
}
