import { createHash, randomBytes } from 'node:crypto';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import type { EventBus } from '../../platform/events/event-bus';
import { AppError } from '../../platform/http/app-error';
import * as repo from './care-team.repository';
import type { Language } from './care-team.emails';

/*
 * What the care-team services share: their deps, who may call, tokens, names. The services are
 * split by noun: invitations, care-links, share-links, access-log (*.service.ts beside this one).
 */

export interface CareTeamDeps {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  /** Public origin for links in e-mails, e.g. https://glucosuivi.fr. */
  appUrl: string;
  /** `care-link.changed` after commit (ADR 0007). */
  events: EventBus;
}

/** Who is reading, as the access log keeps it: never a full IP address. */
export type { ClientInfo } from '../../platform/http/client-info';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

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

export function requirePatientActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError('unauthenticated');
  if (actor.role !== 'patient') throw new AppError('not_found');
  return actor;
}

export const fullName = (p: { firstName: string; lastName: string | null } | undefined): string =>
  p ? [p.firstName, p.lastName].filter(Boolean).join(' ') : '';

export const languageOf = (value: string | null | undefined): Language =>
  value === 'en' || value === 'es' ? value : 'fr';

/** The acting user's display name (access log, targets author). */
export async function ownNameInTx(tx: Tx, userId: string): Promise<string> {
  return fullName(await repo.findOwnIdentity(tx, userId));
}
