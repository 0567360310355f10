import type {
  CareTeam,
  CareTeamMember,
  ProfessionalCard,
  ShareCategory,
} from '@glucosuivi/domain/care-team/care-team.schemas';
import { normalizeCategories } from '@glucosuivi/domain/care-team/care-team.rules';
import type { Actor, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import * as repo from './care-team.repository';
import { requirePatientActor, type CareTeamDeps } from './care-team.service';

function toCard(
  card: Awaited<ReturnType<typeof repo.findProfessionalCards>>[number] | undefined,
  userId: string,
): ProfessionalCard {
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
    const cards = new Map(
      (
        await repo.findProfessionalCards(
          tx,
          links.map((l) => l.professionalId),
        )
      ).map((c) => [c.userId, c]),
    );
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

export async function updateLinkCategories(
  deps: CareTeamDeps,
  actor: Actor | null,
  id: string,
  categories: ShareCategory[],
): Promise<CareTeamMember> {
  const patient = requirePatientActor(actor);
  const now = deps.clock.now();
  const member = await deps.database.asActor(patient, async (tx) => {
    const link = await repo.findActiveLinkById(tx, id, patient.userId);
    if (!link) throw new AppError('not_found');
    const updated =
      (await repo.updateLink(tx, id, {
        scopes: normalizeCategories(categories),
        updatedAt: now,
      })) ?? link;
    const [card] = await repo.findProfessionalCards(tx, [link.professionalId]);
    return {
      linkId: id,
      professional: toCard(card, link.professionalId),
      categories: updated.scopes as ShareCategory[],
      since: link.createdAt.toISOString(),
    };
  });
  await deps.events.publish({
    type: 'care-link.changed',
    patientId: patient.userId,
    professionalId: member.professional.userId,
    linkId: id,
    change: 'categories_changed',
    categories: member.categories,
  });
  return member;
}

export async function revokeLink(
  deps: CareTeamDeps,
  actor: Actor | null,
  id: string,
): Promise<{ ok: true }> {
  const patient = requirePatientActor(actor);
  const now = deps.clock.now();
  const professionalId = await deps.database.asActor(patient, async (tx) => {
    const link = await repo.findActiveLinkById(tx, id, patient.userId);
    if (!link) throw new AppError('not_found');
    await repo.updateLink(tx, id, { status: 'revoked', revokedAt: now, updatedAt: now });
    return link.professionalId;
  });
  await deps.events.publish({
    type: 'care-link.changed',
    patientId: patient.userId,
    professionalId,
    linkId: id,
    change: 'revoked',
    categories: [],
  });
  return { ok: true };
}

/** The active link between a patient and the acting professional, in their transaction. */
export async function activeLinkInTx(
  tx: Tx,
  patientId: string,
  professionalId: string,
): Promise<{ id: string; scopes: ShareCategory[]; alertNotifications: boolean } | undefined> {
  const link = await repo.findActiveLink(tx, patientId, professionalId);
  return link ? { id: link.id, scopes: link.scopes as ShareCategory[], alertNotifications: link.alertNotifications } : undefined;
}

/**
 * The professional's own choice to be told of the patient's alerts. Goes through the database
 * function of migration 0018 (the only change a professional may make to a link): false when
 * the acting professional has no active link with this id.
 */
export async function setLinkAlertNotificationsInTx(tx: Tx, linkId: string, enabled: boolean): Promise<boolean> {
  return repo.setLinkAlertNotifications(tx, linkId, enabled);
}
