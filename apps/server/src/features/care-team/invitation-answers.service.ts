import {
  type InvitationPreview,
  type InvitationStatus,
  type ShareCategory,
} from '@glucosuivi/domain/care-team/care-team.schemas';
import {
  effectiveInvitationStatus,
  normalizeCategories,
} from '@glucosuivi/domain/care-team/care-team.rules';
import type { Actor, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import * as repo from './care-team.repository';

import { hashToken, type CareTeamDeps } from './care-team.service';

/*
 * The recipient's side of an invitation: preview, accept, decline (the sender's side is
 * invitations.service.ts).
 */

type InviteeAccount = { email: string; emailVerified: boolean } | undefined;

/**
 * Finds the invitation of a token for its recipient, in the caller's transaction: a patient
 * answers a professional's invitation and vice versa. Anything else is not_found.
 *
 * An invitation is addressed to an e-mail, and its token is a bearer secret that can be
 * forwarded, leaked or read over a shoulder: only the account signed in with that very address
 * may see its categories or answer it. Another account gets `forbidden` with a fixed message that
 * never names the invited address. (A professional's personal code is not an invitation: it links
 * whoever the patient is, by design, in inviteProfessional.)
 */
async function invitationForRecipient(
  tx: Tx,
  actor: Actor,
  token: string,
  account: InviteeAccount,
): Promise<repo.InvitationRow> {
  const hash = hashToken(token);
  await repo.presentInvitationToken(tx, hash);
  const row = await repo.findInvitationByTokenHash(tx, hash);
  const expected =
    actor.role === 'patient'
      ? 'professional_to_patient'
      : actor.role === 'doctor'
        ? 'patient_to_professional'
        : null;
  if (!row || row.direction !== expected || row.inviterId === actor.userId)
    throw new AppError('not_found');
  if (
    row.invitedEmail &&
    (!account || account.email.toLowerCase() !== row.invitedEmail.toLowerCase())
  ) {
    throw new AppError('forbidden', 'invitation_other_account');
  }
  return row;
}

function assertAnswerable(row: repo.InvitationRow, now: Date): void {
  const status = effectiveInvitationStatus(row.status as InvitationStatus, row.expiresAt, now);
  if (status !== 'pending') throw new AppError('conflict', `invitation_${status}`);
}

export async function previewInvitation(
  deps: CareTeamDeps,
  actor: Actor | null,
  token: string,
): Promise<InvitationPreview> {
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
  const account = await repo.findAccountEmail(deps.database.db, actor.userId);
  return deps.database.asActor(actor, async (tx) => {
    const row = await invitationForRecipient(tx, actor, token, account);
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
  const account = await repo.findAccountEmail(deps.database.db, actor.userId);
  const accepted = await deps.database.asActor(actor, async (tx) => {
    const row = await invitationForRecipient(tx, actor, input.token, account);
    assertAnswerable(row, now);
    let patientId: string;
    let professionalId: string;
    let scopes: ShareCategory[];
    if (row.direction === 'professional_to_patient') {
      if (!input.categories) {
        throw new AppError('validation_failed', 'Invalid request', [
          {
            path: ['body', 'categories'],
            code: 'required',
            message: 'choose the categories to share',
          },
        ]);
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
      : await repo.insertLink(tx, {
          patientId,
          professionalId,
          scopes,
          createdAt: now,
          updatedAt: now,
        });
    await repo.updateInvitation(tx, row.id, {
      status: 'accepted',
      respondedAt: now,
      ...(row.direction === 'professional_to_patient' ? { patientId } : { professionalId }),
    });
    const change = existing
      ? link === existing
        ? null
        : ('categories_changed' as const)
      : ('created' as const);
    const result = {
      linkId: link.id,
      categories: link.scopes as ShareCategory[],
      since: link.createdAt.toISOString(),
    };
    return { result, patientId, professionalId, change, provedEmail: row.invitedEmail };
  });
  // Sign-up does not verify the address, and the invitee usually signs up from the invitation's
  // link. The token only ever went to the invited mailbox (never shown to the inviter), and the
  // account's address is that mailbox's: answering through it proves the account owns the
  // address, exactly like a verification link would.
  if (accepted.provedEmail && account && !account.emailVerified)
    await repo.markEmailVerified(deps.database.db, actor.userId, accepted.provedEmail);
  if (accepted.change) {
    await deps.events.publish({
      type: 'care-link.changed',
      patientId: accepted.patientId,
      professionalId: accepted.professionalId,
      linkId: accepted.result.linkId,
      change: accepted.change,
      categories: accepted.result.categories,
    });
  }
  return accepted.result;
}

export async function declineInvitation(
  deps: CareTeamDeps,
  actor: Actor | null,
  token: string,
): Promise<{ ok: true }> {
  if (!actor) throw new AppError('unauthenticated');
  const now = deps.clock.now();
  const account = await repo.findAccountEmail(deps.database.db, actor.userId);
  await deps.database.asActor(actor, async (tx) => {
    const row = await invitationForRecipient(tx, actor, token, account);
    assertAnswerable(row, now);
    await repo.updateInvitation(tx, row.id, {
      status: 'declined',
      respondedAt: now,
      ...(row.direction === 'professional_to_patient'
        ? { patientId: actor.userId }
        : { professionalId: actor.userId }),
    });
  });
  return { ok: true };
}
