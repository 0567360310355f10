import {
  INVITATION_TTL_MS,
  type Invitation,
  type InvitationList,
  type InvitationStatus,
  type InviteProfessionalInput,
  type InviteProfessionalResult,
  type ShareCategory,
} from '@glucosuivi/domain/care-team/care-team.schemas';
import {
  effectiveInvitationStatus,
  normalizeCategories,
} from '@glucosuivi/domain/care-team/care-team.rules';
import type { Actor } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import * as repo from './care-team.repository';
import { invitationEmail, type Language } from './care-team.emails';
import {
  fullName,
  languageOf,
  newToken,
  requirePatientActor,
  requireProfessional,
  type CareTeamDeps,
} from './care-team.service';

export function toInvitation(row: repo.InvitationRow, now: Date): Invitation {
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

const acceptUrl = (deps: CareTeamDeps, token: string) =>
  `${deps.appUrl}/invitations/accept?token=${encodeURIComponent(token)}`;

/** Professional → patient by e-mail. The e-mail leaves after the commit. */
export async function invitePatient(
  deps: CareTeamDeps,
  actor: Actor | null,
  input: { email: string },
): Promise<Invitation> {
  const professional = requireProfessional(actor);
  const now = deps.clock.now();
  const { token, hash } = newToken();
  const { row, language } = await deps.database.asActor(professional, async (tx) => {
    const me = await repo.findOwnIdentity(tx, professional.userId);
    if (me && me.email.toLowerCase() === input.email)
      throw new AppError('conflict', 'Cannot invite oneself');
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
  await deps.mailer.send(
    invitationEmail({
      to: input.email,
      language,
      inviterName: row.inviterName,
      recipient: 'patient',
      url: acceptUrl(deps, token),
    }),
  );
  return toInvitation(row, now);
}

/**
 * Patient → professional. By code, or by the e-mail of an existing professional account, the
 * link is created at once: the patient's own request is the consent, and the professional is
 * identified. Otherwise a pending invitation carrying the chosen categories is e-mailed.
 */
export async function inviteProfessional(
  deps: CareTeamDeps,
  actor: Actor | null,
  input: InviteProfessionalInput,
): Promise<InviteProfessionalResult> {
  const patient = requirePatientActor(actor);
  const now = deps.clock.now();
  const scopes = normalizeCategories(input.categories);
  const { token, hash } = newToken();
  const outcome = await deps.database.asActor(patient, async (tx) => {
    const professionalId = await repo.findProfessionalId(
      tx,
      'code' in input ? { code: input.code } : { email: input.email },
    );
    if (professionalId) {
      if (await repo.findActiveLink(tx, patient.userId, professionalId))
        throw new AppError('conflict', 'Already in the care team');
      const link = await repo.insertLink(tx, {
        patientId: patient.userId,
        professionalId,
        scopes,
        createdAt: now,
        updatedAt: now,
      });
      return { kind: 'linked' as const, linkId: link.id, professionalId };
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
    return {
      kind: 'invited' as const,
      row,
      language: languageOf(me?.language),
      email: input.email,
    };
  });
  if (outcome.kind === 'linked') {
    await deps.events.publish({
      type: 'care-link.changed',
      patientId: patient.userId,
      professionalId: outcome.professionalId,
      linkId: outcome.linkId,
      change: 'created',
      categories: scopes,
    });
    return { outcome: 'linked', linkId: outcome.linkId };
  }
  await deps.mailer.send(
    invitationEmail({
      to: outcome.email,
      language: outcome.language,
      inviterName: outcome.row.inviterName,
      recipient: 'professional',
      url: acceptUrl(deps, token),
    }),
  );
  return { outcome: 'invited', invitation: toInvitation(outcome.row, now) };
}

export async function listInvitations(
  deps: CareTeamDeps,
  actor: Actor | null,
): Promise<InvitationList> {
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
    if (existing.status !== 'pending')
      throw new AppError('conflict', `Invitation is ${existing.status}`);
    const row = await repo.updateInvitation(tx, id, change(existing, now));
    if (!row) throw new AppError('not_found');
    const me = await repo.findOwnIdentity(tx, actor.userId);
    return { row, language: languageOf(me?.language) };
  });
}

export async function resendInvitation(
  deps: CareTeamDeps,
  actor: Actor | null,
  id: string,
): Promise<Invitation> {
  const { token, hash } = newToken();
  const { row, language } = await changeOwnInvitation(deps, actor, id, (_row, now) => ({
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  }));
  if (row.invitedEmail) {
    const recipient = row.direction === 'professional_to_patient' ? 'patient' : 'professional';
    await deps.mailer.send(
      invitationEmail({
        to: row.invitedEmail,
        language,
        inviterName: row.inviterName,
        recipient,
        url: acceptUrl(deps, token),
      }),
    );
  }
  return toInvitation(row, deps.clock.now());
}

export async function revokeInvitation(
  deps: CareTeamDeps,
  actor: Actor | null,
  id: string,
): Promise<Invitation> {
  const { row } = await changeOwnInvitation(deps, actor, id, () => ({ status: 'revoked' }));
  return toInvitation(row, deps.clock.now());
}
