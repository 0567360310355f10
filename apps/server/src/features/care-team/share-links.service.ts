import {
  type CreatedShareLink,
  type CreateShareLinkInput,
  type ShareCategory,
  type SharedSummary,
  type SharedView,
  type ShareLink,
  type ShareLinkList,
} from '@glucosuivi/domain/care-team/care-team.schemas';
import {
  categoryOfKind,
  normalizeCategories,
  shareLinkStatus,
} from '@glucosuivi/domain/care-team/care-team.rules';
import { localDaysOf, type LocalDaysPeriod } from '@glucosuivi/domain/glucose/timezone';
import { MEASUREMENT_KINDS } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { Actor, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { glucoseSeriesInTx, summaryInTx, type GlucoseReadPath } from '../measurements/measurements.service';
import { loadPatientContext, type PatientContext } from '../profile/profile.service';
import { logShareViewInTx } from './access-log.service';
import * as repo from './care-team.repository';
import {
  HOUR_MS,
  hashToken,
  newToken,
  requirePatientActor,
  type CareTeamDeps,
  type ClientInfo,
} from './care-team.service';

/**
 * The patient's dashboard summary restricted to `categories`, computed in a transaction whose
 * RLS already hides the rest (professional or share link) by the same builder as the patient's
 * own dashboard: fields of a category not shared are nulled explicitly so "not shared" and
 * "no data" never look alike.
 */
export async function sharedSummaryInTx(
  tx: Tx,
  patientId: string,
  categories: ShareCategory[],
  /** The period in the patient's time zone (lastLocalDays, or localDaysOf for a link's dates). */
  periodIn: (timeZone: string) => LocalDaysPeriod,
  /** A share link reads the readings table (its dates are checked per reading); the care team, the daily rows. */
  readFrom: GlucoseReadPath,
): Promise<{ summary: SharedSummary; context: PatientContext; read: ShareCategory[] }> {
  const context = await loadPatientContext(tx, patientId);
  const kinds = MEASUREMENT_KINDS.filter((kind) => categories.includes(categoryOfKind(kind)));
  const parts = await summaryInTx(
    tx,
    patientId,
    context,
    periodIn(context.timeZone),
    { kinds, alerts: categories.includes('alerts') },
    readFrom,
  );
  const shared = normalizeCategories(categories);
  const notShared = normalizeCategories(
    (
      [
        'glucose',
        'hba1c',
        'lipids',
        'blood_pressure',
        'weight',
        'events',
        'reports',
        'alerts',
      ] as const
    ).filter((c) => !categories.includes(c)),
  );
  // 'reports' is a permission for the PDF/CSV exports, not part of the summary.
  return {
    summary: { ...parts, shared, notShared },
    context,
    read: shared.filter((c) => c !== 'reports'),
  };
}

function toShareLink(
  row: repo.ShareLinkRow,
  now: Date,
  views?: { views: number; lastAt: Date | null },
): ShareLink {
  return {
    id: row.id,
    label: row.label,
    categories: row.categories as ShareCategory[],
    from: row.periodFrom.toISOString(),
    to: row.periodTo.toISOString(),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: shareLinkStatus(row, now),
    views: views?.views ?? 0,
    lastViewedAt: views?.lastAt?.toISOString() ?? null,
  };
}

export async function createShareLink(
  deps: CareTeamDeps,
  actor: Actor | null,
  input: CreateShareLinkInput,
): Promise<CreatedShareLink> {
  const patient = requirePatientActor(actor);
  const now = deps.clock.now();
  const { token, hash } = newToken();
  const row = await deps.database.asActor(patient, (tx) =>
    repo.insertShareLink(tx, {
      patientId: patient.userId,
      tokenHash: hash,
      label: input.label ?? null,
      categories: normalizeCategories(input.categories),
      periodFrom: new Date(input.from),
      periodTo: new Date(input.to),
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInHours * HOUR_MS),
    }),
  );
  return { link: toShareLink(row, now), token, path: `/partage/${token}` };
}

export async function listShareLinks(
  deps: CareTeamDeps,
  actor: Actor | null,
): Promise<ShareLinkList> {
  const patient = requirePatientActor(actor);
  const now = deps.clock.now();
  return deps.database.asActor(patient, async (tx) => {
    // One statement at a time on the transaction's one connection.
    const rows = await repo.listShareLinksOf(tx, patient.userId);
    const views = await repo.shareLinkViews(tx, patient.userId);
    return { items: rows.map((row) => toShareLink(row, now, views.get(row.id))) };
  });
}

export async function revokeShareLink(
  deps: CareTeamDeps,
  actor: Actor | null,
  id: string,
): Promise<ShareLink> {
  const patient = requirePatientActor(actor);
  const now = deps.clock.now();
  return deps.database.asActor(patient, async (tx) => {
    const row = await repo.revokeShareLinkRow(tx, patient.userId, id, now);
    if (!row) throw new AppError('not_found');
    const views = await repo.shareLinkViews(tx, patient.userId);
    return toShareLink(row, now, views.get(row.id));
  });
}

/**
 * The public view of a share link. Runs without a user: the token (its hash) is presented to
 * the row-level security policies, which show only that patient's rows of the chosen
 * categories within the period. Unknown, revoked and expired tokens answer the same 404 code;
 * the message says which, for the web page ("lien expiré").
 */
export async function viewShare(
  deps: CareTeamDeps,
  token: string,
  client: ClientInfo,
): Promise<SharedView> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('not_found');
  const now = deps.clock.now();
  const hash = hashToken(token);
  return deps.database.asActor(null, async (tx) => {
    await repo.presentShareToken(tx, hash);
    const link = await repo.findShareLinkByTokenHash(tx, hash);
    if (!link) throw new AppError('not_found');
    const status = shareLinkStatus(link, now);
    if (status !== 'active') throw new AppError('not_found', `share_link_${status}`);
    const categories = link.categories as ShareCategory[];
    const { summary, context, read } = await sharedSummaryInTx(tx, link.patientId, categories, (timeZone) =>
      localDaysOf(link.periodFrom.getTime(), link.periodTo.getTime(), timeZone),
      'readings',
    );
    const series = categories.includes('glucose')
      ? await glucoseSeriesInTx(tx, link.patientId, link.periodFrom, link.periodTo, 'readings')
      : null;
    // A link sharing only `reports` still logs its view.
    await logShareViewInTx(tx, {
      patientId: link.patientId,
      linkId: link.id,
      label: link.label,
      categories: read.length > 0 ? read : categories,
      at: now,
      client,
    });
    return {
      patient: { firstName: context.firstName, lastName: context.lastName },
      categories,
      period: { from: link.periodFrom.toISOString(), to: link.periodTo.toISOString() },
      expiresAt: link.expiresAt.toISOString(),
      summary,
      series,
    };
  });
}
