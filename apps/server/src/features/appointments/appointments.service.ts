import { randomBytes } from 'node:crypto';
import type {
  Appointment,
  AppointmentStatus,
  Party,
} from '@glucosuivi/domain/appointments/appointments.schemas';
import { RATING_EDIT_DAYS } from '@glucosuivi/domain/appointments/appointments.schemas';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events/event-bus';
import { AppError } from '../../platform/http/app-error';
import * as repo from './appointments.repository';

/*
 * Appointments (PRODUCT.md §5, issue 16): what the appointment services share — their deps,
 * who may call, the answer's shape. The services are split by noun: availability, booking,
 * ratings, calendar (*.service.ts beside this one). Rules, here and again in row-level security:
 * - a patient books only with a professional of an ACTIVE care link; anyone else is `not_found`;
 * - an appointment is its patient's and its professional's only (`not_found` for anyone else);
 * - two held appointments never share a professional's start (unique index → `slot_taken`).
 */

export interface AppointmentsDeps {
  database: Database;
  clock: Clock;
  /** `appointment.changed` after commit (ADR 0007). */
  events: EventBus;
  /** Public origin, for the calendar feed's URL. */
  appUrl: string;
  /** VIDEO_BASE_URL without its trailing slash; absent: no video consultations. */
  videoBaseUrl?: string | undefined;
  /** APPOINTMENT_CANCEL_HOURS: a patient cancels until this long before the start. */
  cancelHours: number;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface Participant {
  actor: Actor;
  side: Party;
}

// Wrong role answers not_found, like a missing record: an endpoint never confirms what exists.
export function participant(actor: Actor | null): Participant {
  if (!actor) throw new AppError('unauthenticated');
  if (actor.role === 'patient') return { actor, side: 'patient' };
  if (actor.role === 'doctor') return { actor, side: 'professional' };
  throw new AppError('not_found');
}

export function requireProfessional(actor: Actor | null): Actor {
  const me = participant(actor);
  if (me.side !== 'professional') throw new AppError('not_found');
  return me.actor;
}

export function requirePatient(actor: Actor | null): Actor {
  const me = participant(actor);
  if (me.side !== 'patient') throw new AppError('not_found');
  return me.actor;
}

/**
 * A video room name nobody can guess: 160 random bits in lowercase base32 (RFC 4648 alphabet,
 * no padding), safe in any URL path and easy to read aloud.
 */
export function newVideoRoom(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let room = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      room += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return room;
}

/** The appointment of this id if the participant is one of its two people, locked or not. */
export async function ownAppointmentInTx(
  tx: Tx,
  me: Participant,
  id: string,
  forUpdate = false,
): Promise<repo.AppointmentRow> {
  const row = forUpdate
    ? await repo.findAppointmentForUpdate(tx, id)
    : await repo.findAppointment(tx, id);
  const mine =
    row &&
    (me.side === 'patient'
      ? row.patientId === me.actor.userId
      : row.professionalId === me.actor.userId);
  if (!row || !mine) throw new AppError('not_found');
  return row;
}

const HELD: readonly AppointmentStatus[] = ['requested', 'confirmed'];

export function isHeld(status: string): boolean {
  return HELD.includes(status as AppointmentStatus);
}

/** The instant until which the patient may cancel (null without a time). */
export function cancellableUntil(
  deps: Pick<AppointmentsDeps, 'cancelHours'>,
  row: repo.AppointmentRow,
): Date | null {
  return row.startsAt ? new Date(row.startsAt.getTime() - deps.cancelHours * HOUR_MS) : null;
}

export function ratingEditableUntil(rating: Pick<repo.RatingRow, 'createdAt'>): Date {
  return new Date(rating.createdAt.getTime() + RATING_EDIT_DAYS * DAY_MS);
}

interface ViewContext {
  me: Participant;
  now: Date;
  names: Map<string, { firstName: string; lastName: string | null }>;
  ratings: Map<string, repo.RatingRow>;
}

function abilities(
  deps: Pick<AppointmentsDeps, 'cancelHours'>,
  row: repo.AppointmentRow,
  { me, now, ratings }: ViewContext,
): Appointment['can'] {
  const nowMs = now.getTime();
  const future = row.startsAt === null || row.startsAt.getTime() > nowMs;
  const patient = me.side === 'patient';
  const rating = ratings.get(row.id);
  const limit = cancellableUntil(deps, row);
  return {
    confirm:
      row.status === 'requested' && row.awaiting === me.side && row.startsAt !== null && future,
    propose: !patient && isHeld(row.status) && future,
    cancel:
      isHeld(row.status) &&
      future &&
      (!patient || row.status === 'requested' || limit === null || nowMs <= limit.getTime()),
    recordOutcome:
      !patient &&
      row.status === 'confirmed' &&
      row.startsAt !== null &&
      row.startsAt.getTime() <= nowMs,
    rate:
      patient &&
      row.status === 'done' &&
      (!rating || nowMs <= ratingEditableUntil(rating).getTime()),
  };
}

export function toAppointment(
  deps: Pick<AppointmentsDeps, 'cancelHours' | 'videoBaseUrl'>,
  row: repo.AppointmentRow,
  context: ViewContext,
): Appointment {
  const counterpartId = context.me.side === 'patient' ? row.professionalId : row.patientId;
  const name = context.names.get(counterpartId);
  const rating = context.me.side === 'patient' ? context.ratings.get(row.id) : undefined;
  const limit = cancellableUntil(deps, row);
  return {
    id: row.id,
    patientId: row.patientId,
    professionalId: row.professionalId,
    counterpart: {
      userId: counterpartId,
      firstName: name?.firstName ?? '',
      lastName: name?.lastName ?? null,
    },
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    mode: row.mode as Appointment['mode'],
    address: row.address,
    videoUrl: row.videoRoom && deps.videoBaseUrl ? `${deps.videoBaseUrl}/${row.videoRoom}` : null,
    status: row.status as AppointmentStatus,
    awaiting: row.status === 'requested' ? ((row.awaiting as Party | null) ?? null) : null,
    requestMessage: row.requestMessage,
    proposalMessage: row.proposalMessage,
    cancelledBy: (row.cancelledBy as Party | null) ?? null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    can: abilities(deps, row, context),
    cancellableUntil:
      context.me.side === 'patient' && row.status === 'confirmed' && limit
        ? limit.toISOString()
        : null,
    rating: rating
      ? {
          stars: rating.stars,
          comment: rating.comment,
          createdAt: rating.createdAt.toISOString(),
          updatedAt: rating.updatedAt.toISOString(),
          editableUntil: ratingEditableUntil(rating).toISOString(),
        }
      : null,
  };
}

/** Rows to answers, with the counterparts' names and (for the patient) their ratings. */
export async function viewsInTx(
  deps: AppointmentsDeps,
  tx: Tx,
  me: Participant,
  rows: readonly repo.AppointmentRow[],
): Promise<Appointment[]> {
  const names = await repo.namesOf(
    tx,
    rows.map((row) => (me.side === 'patient' ? row.professionalId : row.patientId)),
  );
  const ratings =
    me.side === 'patient'
      ? await repo.findRatings(
          tx,
          rows.map((row) => row.id),
        )
      : new Map<string, repo.RatingRow>();
  const context: ViewContext = { me, now: deps.clock.now(), names, ratings };
  return rows.map((row) => toAppointment(deps, row, context));
}

export async function viewInTx(
  deps: AppointmentsDeps,
  tx: Tx,
  me: Participant,
  row: repo.AppointmentRow,
): Promise<Appointment> {
  const [view] = await viewsInTx(deps, tx, me, [row]);
  return view!;
}

export type AppointmentChange =
  'requested' | 'proposed' | 'confirmed' | 'cancelled' | 'done' | 'no_show';

/** `appointment.changed` once the change committed (ids only). */
export async function publishChange(
  deps: AppointmentsDeps,
  row: repo.AppointmentRow,
  change: AppointmentChange,
  by: string,
): Promise<void> {
  await deps.events.publish({
    type: 'appointment.changed',
    patientId: row.patientId,
    professionalId: row.professionalId,
    appointmentId: row.id,
    change,
    changedBy: by,
  });
}
