import { createHash, randomBytes } from 'node:crypto';
import {
  ACCESS_LOG_RETENTION_DAYS,
  INVITATION_TTL_MS,
  type AccessLogPage,
  type AccessLogQuery,
  type CareTeam,
  type CareTeamMember,
  type CreatedShareLink,
  type CreateShareLinkInput,
  type Invitation,
  type InvitationList,
  type InvitationPreview,
  type InvitationStatus,
  type InviteProfessionalInput,
  type InviteProfessionalResult,
  type ProfessionalCard,
  type ShareCategory,
  type SharedSummary,
  type SharedView,
  type ShareLink,
  type ShareLinkList,
} from '@glucosuivi/domain/care-team/care-team.schemas';
import { effectiveInvitationStatus, ipPrefix, normalizeCategories, shareLinkStatus, userAgentFamily } from '@glucosuivi/domain/care-team/care-team.rules';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import { AppError } from '../../platform/http/app-error';
import { countOpenAlerts } from '../alerts/alerts.service';
import { countByKindInTx, glucosePeriodInTx, glucoseSeriesInTx, latestByKindInTx } from '../measurements/measurements.service';
import { loadPatientContext, type PatientContext } from '../profile/profile.service';
import * as repo from './care-team.repository';
import { invitationEmail, type Language } from './care-team.emails';

export interface CareTeamDeps {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  /** Public origin for links in e-mails, e.g. https://glucosuivi.fr. */
  appUrl: string;
}

/** Who is reading, as the access log keeps it: never a full IP address. */
export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

// --- Tokens -----------------------------------------------------------------------------------

/** 256 random bits, base64url (43 characters): sent once, never stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// --- Who may call -----------------------------------------------------------------------------

// Wrong role answers not_found, like a missing record: an endpoint never confirms what exists.
export function requireProfessional(actor: Actor | null): Actor {
  if (!actor) throw new AppError('unauthenticated');
  if (actor.role !== 'doctor') throw new AppError('not_found');
  return actor;
}

function requirePatientActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError('unauthenticated');
  if (actor.role !== 'patient') throw new AppError('not_found');
  return actor;
}

const fullName = (p: { firstName: string; lastName: string | null } | undefined): string =>
  p ? [p.firstName, p.lastName].filter(Boolean).join(' ') : '';

const languageOf = (value: string | null | undefined): Language => (value === 'en' || value === 'es' ? value : 'fr');

// --- Invitations ------------------------------------------------------------------------------

function toInvitation(row: repo.InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    direction: row.direction as Invitation['direction'],
    status: effectiveInvitationStatus(row.status as InvitationStatus, row.expiresAt, now),
    invitedEmail: row.invitedEmail,
    inviterName: row.inviterName,
    categories: (row.scopes as ShareCategory[] | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
  };
}

const acceptUrl = (deps: CareTeamDeps, token: string) => `${deps.appUrl}/invitations/accept?token=${encodeURIComponent(token)}`;

/** Professional → patient by e-mail. The e-mail leaves after the commit. */
export async function invitePatient(deps: CareTeamDeps, actor: Actor | null, input: { email: string }): Promise<Invitation> {
  const professional = requireProfessional(actor);
  const now = deps.clock.now();
  const { token, hash } = newToken();
  const { row, language } = await deps.database.asActor(professional, async (tx) => {
    const me = await repo.findOwnIdentity(tx, professional.userId);
    if (me && me.email.toLowerCase() === input.email) throw new AppError('conflict', 'Cannot invite oneself');
    const row = await repo.insertInvitation(tx, {
      tokenHash: hash,
      professionalId: professional.userId,
      patientId: null,
      invitedEmail: input.email,
      direction: 'professional_to_patient',
      inviterId: professional.userId,
      inviterName: fullName(me),
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    });
    return { row, language: languageOf(me?.language) };
  });
  await deps.mailer.send(invitationEmail({ to: input.email, language, inviterName: row.inviterName, recipient: 'patient', url: acceptUrl(deps, token) }));
  return toInvitation(row, now);
}

/**
 * Patient → professional. By code, or by the e-mail of an existing professional account, the
 * link is created at once: the patient's own request is the consent, and the professional is
 * identified. Otherwise a pending invitation carrying the chosen categories is e-mailed.
 */
export async function inviteProfessional(deps: CareTeamDeps, actor: Actor | null, input: InviteProfessionalInput): Promise<InviteProfessionalResult> {
  const patient = requirePatientActor(actor);
  const now = deps.clock.now();
  const scopes = normalizeCategories(input.categories);
  const { token, hash } = newToken();
  const outcome = await deps.database.asActor(patient, async (tx) => {
    const professionalId = await repo.findProfessionalId(tx, 'code' in input ? { code: input.code } : { email: input.email });
    if (professionalId) {
      if (await repo.findActiveLink(tx, patient.userId, professionalId)) throw new AppError('conflict', 'Already in the care team');
      const link = await repo.insertLink(tx, { patientId: patient.userId, professionalId, scopes, createdAt: now, updatedAt: now });
      return { kind: 'linked' as const, linkId: link.id };
    }
    if ('code' in input) throw new AppError('not_found');
    const me = await repo.findOwnIdentity(tx, patient.userId);
    const row = await repo.insertInvitation(tx, {
      tokenHash: hash,
      patientId: patient.userId,
      professionalId: null,
      invitedEmail: input.email,
      direction: 'patient_to_professional',
      scopes,
      inviterId: patient.userId,
      inviterName: fullName(me),
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    });
    return { kind: 'invited' as const, row, language: languageOf(me?.language), email: input.email };
  });
  if (outcome.kind === 'linked') return { outcome: 'linked', linkId: outcome.linkId };
  await deps.mailer.send(
    invitationEmail({ to: outcome.email, language: outcome.language, inviterName: outcome.row.inviterName, recipient: 'professional', url: acceptUrl(deps, token) }),
  );
  return { outcome: 'invited', invitation: toInvitation(outcome.row, now) };
}

export async function listInvitations(deps: CareTeamDeps, actor: Actor | null): Promise<InvitationList> {
  if (!actor) throw new AppError('unauthenticated');
  const now = deps.clock.now();
  const rows = await deps.database.asActor(actor, (tx) => repo.listInvitationsOf(tx, actor.userId));
  return { items: rows.map((row) => toInvitation(row, now)) };
}

/** Only the inviter may resend or revoke, and only an unanswered invitation (pending or expired). */
async function changeOwnInvitation(
  deps: CareTeamDeps,
  actor: Actor | null,
  id: string,
  change: (row: repo.InvitationRow, now: Date) => Parameters<typeof repo.updateInvitation>[2],
): Promise<{ row: repo.InvitationRow; language: Language }> {
  if (!actor) throw new AppError('unauthenticated');
  const now = deps.clock.now();
  return deps.database.asActor(actor, async (tx) => {
    const existing = await repo.findInvitationById(tx, id);
    if (!existing || existing.inviterId !== actor.userId) throw new AppError('not_found');
    if (existing.status !== 'pending') throw new AppError('conflict', `Invitation is ${existing.status}`);
    const row = await repo.updateInvitation(tx, id, change(existing, now));
    if (!row) throw new AppError('not_found');
    const me = await repo.findOwnIdentity(tx, actor.userId);
    return { row, language: languageOf(me?.language) };
  });
}

export async function resendInvitation(deps: CareTeamDeps, actor: Actor | null, id: string): Promise<Invitation> {
  const { token, hash } = newToken();
  const { row, language } = await changeOwnInvitation(deps, actor, id, (_row, now) => ({
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  }));
  if (row.invitedEmail) {
    const recipient = row.direction === 'professional_to_patient' ? 'patient' : 'professional';
    await deps.mailer.send(invitationEmail({ to: row.invitedEmail, language, inviterName: row.inviterName, recipient, url: acceptUrl(deps, token) }));
  }
  return toInvitation(row, deps.clock.now());
}

export async function revokeInvitation(deps: CareTeamDeps, actor: Actor | null, id: string): Promise<Invitation> {
  const { row } = await changeOwnInvitation(deps, actor, id, () => ({ status: 'revoked' }));
  return toInvitation(row, deps.clock.now());
}

/**
 * Finds the invitation of a token for its recipient, in the caller's transaction: a patient
 * answers a professional's invitation and vice versa. Anything else is not_found.
 */
async function invitationForRecipient(tx: Tx, actor: Actor, token: string): Promise<repo.InvitationRow> {
  const hash = hashToken(token);
  await repo.presentInvitationToken(tx, hash);
  const row = await repo.findInvitationByTokenHash(tx, hash);
  const expected = actor.role === 'patient' ? 'professional_to_patient' : actor.role === 'doctor' ? 'patient_to_professional' : null;
  if (!row || row.direction !== expected || row.inviterId === actor.userId) throw new AppError('not_found');
  return row;
}

function assertAnswerable(row: repo.InvitationRow, now: Date): void {
  const status = effectiveInvitationStatus(row.status as InvitationStatus, row.expiresAt, now);
  if (status !== 'pending') throw new AppError('conflict', `invitation_${status}`);
}

export async function previewInvitation(deps: CareTeamDeps, actor: Actor | null, token: string): Promise<InvitationPreview> {
  const now = deps.clock.now();
  if (!actor) {
    // Signed out (the accept page before sign-in or sign-up): only what the e-mail itself said —
    // who invites and whether it still stands. The categories wait for the recipient's session.
    return deps.database.asActor(null, async (tx) => {
      const hash = hashToken(token);
      await repo.presentInvitationToken(tx, hash);
      const row = await repo.findInvitationByTokenHash(tx, hash);
      if (!row) throw new AppError('not_found');
      return {
        direction: row.direction as InvitationPreview['direction'],
        status: effectiveInvitationStatus(row.status as InvitationStatus, row.expiresAt, now),
        inviterName: row.inviterName,
        professional: null,
        categories: null,
        expiresAt: row.expiresAt.toISOString(),
      };
    });
  }
  return deps.database.asActor(actor, async (tx) => {
    const row = await invitationForRecipient(tx, actor, token);
    return {
      direction: row.direction as InvitationPreview['direction'],
      status: effectiveInvitationStatus(row.status as InvitationStatus, row.expiresAt, now),
      inviterName: row.inviterName,
      // The professional's card is private until a link exists; the name is in inviterName.
      professional: null,
      categories: (row.scopes as ShareCategory[] | null) ?? null,
      expiresAt: row.expiresAt.toISOString(),
    };
  });
}

export async function acceptInvitation(
  deps: CareTeamDeps,
  actor: Actor | null,
  input: { token: string; categories?: ShareCategory[] | undefined },
): Promise<{ linkId: string; categories: ShareCategory[]; since: string }> {
  if (!actor) throw new AppError('unauthenticated');
  const now = deps.clock.now();
  return deps.database.asActor(actor, async (tx) => {
    const row = await invitationForRecipient(tx, actor, input.token);
    assertAnswerable(row, now);
    let patientId: string;
    let professionalId: string;
    let scopes: ShareCategory[];
    if (row.direction === 'professional_to_patient') {
      if (!input.categories) {
        throw new AppError('validation_failed', 'Invalid request', [{ path: ['body', 'categories'], code: 'required', message: 'choose the categories to share' }]);
      }
      patientId = actor.userId;
      professionalId = row.professionalId as string;
      scopes = normalizeCategories(input.categories);
    } else {
      // The patient chose the categories when inviting; the professional cannot change them.
      patientId = row.patientId as string;
      professionalId = actor.userId;
      scopes = normalizeCategories((row.scopes ?? []) as ShareCategory[]);
    }
    const existing = await repo.findActiveLink(tx, patientId, professionalId);
    const link = existing
      ? actor.role === 'patient'
        ? ((await repo.updateLink(tx, existing.id, { scopes, updatedAt: now })) ?? existing)
        : existing
      : await repo.insertLink(tx, { patientId, professionalId, scopes, createdAt: now, updatedAt: now });
    await repo.updateInvitation(tx, row.id, {
      status: 'accepted',
      respondedAt: now,
      ...(row.direction === 'professional_to_patient' ? { patientId } : { professionalId }),
    });
    return { linkId: link.id, categories: link.scopes as ShareCategory[], since: link.createdAt.toISOString() };
  });
}

export async function declineInvitation(deps: CareTeamDeps, actor: Actor | null, token: string): Promise<{ ok: true }> {
  if (!actor) throw new AppError('unauthenticated');
  const now = deps.clock.now();
  await deps.database.asActor(actor, async (tx) => {
    const row = await invitationForRecipient(tx, actor, token);
    assertAnswerable(row, now);
    await repo.updateInvitation(tx, row.id, {
      status: 'declined',
      respondedAt: now,
      ...(row.direction === 'professional_to_patient' ? { patientId: actor.userId } : { professionalId: actor.userId }),
    });
  });
  return { ok: true };
}

// --- Care team (patient) ----------------------------------------------------------------------

function toCard(card: Awaited<ReturnType<typeof repo.findProfessionalCards>>[number] | undefined, userId: string): ProfessionalCard {
  return {
    userId,
    firstName: card?.firstName ?? '',
    lastName: card?.lastName ?? '',
    speciality: card?.speciality ?? null,
    specialityName: card?.specialityName ?? null,
    verified: Boolean(card?.verifiedAt),
  };
}

export async function getCareTeam(deps: CareTeamDeps, actor: Actor | null): Promise<CareTeam> {
  const patient = requirePatientActor(actor);
  return deps.database.asActor(patient, async (tx) => {
    const links = await repo.listActiveLinksOfPatient(tx, patient.userId);
    const cards = new Map((await repo.findProfessionalCards(tx, links.map((l) => l.professionalId))).map((c) => [c.userId, c]));
    return {
      items: links.map((link) => ({
        linkId: link.id,
        professional: toCard(cards.get(link.professionalId), link.professionalId),
        categories: link.scopes as ShareCategory[],
        since: link.createdAt.toISOString(),
      })),
    };
  });
}

export async function updateLinkCategories(deps: CareTeamDeps, actor: Actor | null, id: string, categories: ShareCategory[]): Promise<CareTeamMember> {
  const patient = requirePatientActor(actor);
  const now = deps.clock.now();
  return deps.database.asActor(patient, async (tx) => {
    const link = await repo.findActiveLinkById(tx, id, patient.userId);
    if (!link) throw new AppError('not_found');
    const updated = (await repo.updateLink(tx, id, { scopes: normalizeCategories(categories), updatedAt: now })) ?? link;
    const [card] = await repo.findProfessionalCards(tx, [link.professionalId]);
    return { linkId: id, professional: toCard(card, link.professionalId), categories: updated.scopes as ShareCategory[], since: link.createdAt.toISOString() };
  });
}

export async function revokeLink(deps: CareTeamDeps, actor: Actor | null, id: string): Promise<{ ok: true }> {
  const patient = requirePatientActor(actor);
  const now = deps.clock.now();
  await deps.database.asActor(patient, async (tx) => {
    const link = await repo.findActiveLinkById(tx, id, patient.userId);
    if (!link) throw new AppError('not_found');
    await repo.updateLink(tx, id, { status: 'revoked', revokedAt: now, updatedAt: now });
  });
  return { ok: true };
}

// --- For the doctor feature: link check and access log ----------------------------------------

/** The active link between a patient and the acting professional, in their transaction. */
export async function activeLinkInTx(tx: Tx, patientId: string, professionalId: string): Promise<{ id: string; scopes: ShareCategory[] } | undefined> {
  const link = await repo.findActiveLink(tx, patientId, professionalId);
  return link ? { id: link.id, scopes: link.scopes as ShareCategory[] } : undefined;
}

/** Appends "this professional read these categories of this patient" (RLS: own reads only). */
export async function logProfessionalReadInTx(
  tx: Tx,
  entry: { patientId: string; professionalId: string; professionalName: string; categories: ShareCategory[]; at: Date; client: ClientInfo },
): Promise<void> {
  await repo.insertAccessLog(
    tx,
    entry.categories.map((category) => ({
      patientId: entry.patientId,
      actorKind: 'professional',
      actorId: entry.professionalId,
      actorName: entry.professionalName,
      category,
      at: entry.at,
      userAgentFamily: userAgentFamily(entry.client.userAgent),
      ipPrefix: ipPrefix(entry.client.ip),
    })),
  );
}

/** Same for a list of patients, at most once an hour per patient and category (triage reloads). */
export async function logProfessionalListReadInTx(
  tx: Tx,
  entry: { reads: { patientId: string; category: ShareCategory }[]; professionalId: string; professionalName: string; at: Date; client: ClientInfo },
): Promise<void> {
  await repo.insertAccessLogOncePer(
    tx,
    entry.reads.map((read) => ({
      patientId: read.patientId,
      actorKind: 'professional',
      actorId: entry.professionalId,
      actorName: entry.professionalName,
      category: read.category,
      at: entry.at,
      userAgentFamily: userAgentFamily(entry.client.userAgent),
      ipPrefix: ipPrefix(entry.client.ip),
    })),
    new Date(entry.at.getTime() - HOUR_MS),
  );
}

/** The acting user's display name (access log, targets author). */
export async function ownNameInTx(tx: Tx, userId: string): Promise<string> {
  return fullName(await repo.findOwnIdentity(tx, userId));
}

/**
 * The patient's dashboard summary restricted to `categories`, computed in a transaction whose
 * RLS already hides the rest (professional or share link): fields of a category not shared are
 * nulled explicitly so "not shared" and "no data" never look alike.
 */
export async function sharedSummaryInTx(
  tx: Tx,
  patientId: string,
  categories: ShareCategory[],
  from: Date,
  to: Date,
  days: number,
): Promise<{ summary: SharedSummary; context: PatientContext; read: ShareCategory[] }> {
  const has = (c: ShareCategory) => categories.includes(c);
  const context = await loadPatientContext(tx, patientId);
  const glucose = has('glucose') ? await glucosePeriodInTx(tx, patientId, context, from, to) : null;
  const counts = await countByKindInTx(tx, patientId, from, to);
  const latest = await latestByKindInTx(tx, patientId);
  const openAlerts = has('alerts') ? await countOpenAlerts(tx, patientId) : null;
  const kindCategory = { glucose: 'glucose', hba1c: 'hba1c', lipids: 'lipids', blood_pressure: 'blood_pressure', weight: 'weight', event: 'events' } as const;
  for (const kind of Object.keys(kindCategory) as (keyof typeof kindCategory)[]) {
    if (!has(kindCategory[kind])) {
      counts[kind] = 0;
      latest[kind] = null;
    }
  }
  const shared = normalizeCategories(categories);
  const notShared = normalizeCategories((['glucose', 'hba1c', 'lipids', 'blood_pressure', 'weight', 'events', 'reports', 'alerts'] as const).filter((c) => !has(c)));
  const summary: SharedSummary = {
    period: { from: from.toISOString(), to: to.toISOString(), days, timeZone: context.timeZone },
    glucoseUnit: context.glucoseUnit,
    targets: context.targets,
    glucose,
    latest,
    counts,
    openAlerts,
    shared,
    notShared,
  };
  // 'reports' is a permission for the PDF/CSV exports, not part of the summary.
  return { summary, context, read: shared.filter((c) => c !== 'reports') };
}

// --- Access log (patient) ---------------------------------------------------------------------

function decodeLogCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) {
    throw new AppError('validation_failed', 'Invalid cursor', [{ path: ['querystring', 'cursor'], code: 'invalid_cursor', message: 'Invalid cursor' }]);
  }
  return { at: date, id };
}

export async function getAccessLog(deps: CareTeamDeps, actor: Actor | null, query: AccessLogQuery): Promise<AccessLogPage> {
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
    nextCursor: rows.length > limit && last ? Buffer.from(`${last.at.toISOString()}|${last.id}`).toString('base64url') : null,
  };
}

/** Deletes access-log rows older than 12 months (owner-level; run by a periodic job). */
export async function purgeAccessLog(deps: Pick<CareTeamDeps, 'database' | 'clock'>): Promise<number> {
  return repo.deleteAccessLogBefore(deps.database.db, new Date(deps.clock.now().getTime() - ACCESS_LOG_RETENTION_DAYS * DAY_MS));
}

// --- Share links ------------------------------------------------------------------------------

function toShareLink(row: repo.ShareLinkRow, now: Date, views?: { views: number; lastAt: Date | null }): ShareLink {
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

export async function createShareLink(deps: CareTeamDeps, actor: Actor | null, input: CreateShareLinkInput): Promise<CreatedShareLink> {
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

export async function listShareLinks(deps: CareTeamDeps, actor: Actor | null): Promise<ShareLinkList> {
  const patient = requirePatientActor(actor);
  const now = deps.clock.now();
  return deps.database.asActor(patient, async (tx) => {
    const [rows, views] = await Promise.all([repo.listShareLinksOf(tx, patient.userId), repo.shareLinkViews(tx, patient.userId)]);
    return { items: rows.map((row) => toShareLink(row, now, views.get(row.id))) };
  });
}

export async function revokeShareLink(deps: CareTeamDeps, actor: Actor | null, id: string): Promise<ShareLink> {
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
export async function viewShare(deps: CareTeamDeps, token: string, client: ClientInfo): Promise<SharedView> {
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
    const days = Math.max(1, Math.round((link.periodTo.getTime() - link.periodFrom.getTime()) / DAY_MS));
    const { summary, context, read } = await sharedSummaryInTx(tx, link.patientId, categories, link.periodFrom, link.periodTo, days);
    const series = categories.includes('glucose') ? await glucoseSeriesInTx(tx, link.patientId, link.periodFrom, link.periodTo) : null;
    // A link sharing only `reports` still logs its view.
    await repo.insertAccessLog(
      tx,
      (read.length > 0 ? read : categories).map((category) => ({
        patientId: link.patientId,
        actorKind: 'share_link',
        actorId: link.id,
        actorName: link.label ?? 'Lien sécurisé',
        category,
        at: now,
        userAgentFamily: userAgentFamily(client.userAgent),
        ipPrefix: ipPrefix(client.ip),
      })),
    );
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

// --- Consultation notes (rows here, rules in the doctor feature) ------------------------------

export const listNotesInTx = repo.listNotesRows;
export const insertNoteInTx = repo.insertNote;
export const updateNoteInTx = repo.updateNoteRow;
export const deleteNoteInTx = repo.deleteNoteRow;
