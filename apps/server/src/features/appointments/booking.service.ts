import type {
  Appointment,
  AppointmentList,
  BookAppointment,
  ProposeAppointment,
} from '@glucosuivi/domain/appointments/appointments.schemas';
import { slotAt } from '@glucosuivi/domain/appointments/slots';
import type { Actor, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { PG, pgError } from '../../platform/db/pg-error';
import { activeLinkInTx } from '../care-team/care-links.service';
import * as repo from './appointments.repository';
import {
  cancellableUntil,
  isHeld,
  newVideoRoom,
  ownAppointmentInTx,
  participant,
  publishChange,
  requirePatient,
  requireProfessional,
  viewInTx,
  viewsInTx,
  type AppointmentChange,
  type AppointmentsDeps,
  type Participant,
} from './appointments.service';
import { reachableScheduleInTx, scheduleOf } from './availability.service';
import { syncRemindersInTx } from './appointment-reminders.service';

/*
 * Requests and answers. A patient requests a free slot (or another time, with a message); the
 * other party confirms; the professional may propose another time; either cancels (the patient
 * until APPOINTMENT_CANCEL_HOURS before a confirmed start); the professional records the outcome.
 * The database's unique index decides between two requests for the same slot: the loser's
 * insert fails with 23505, answered `slot_taken`, and its transaction stores nothing.
 */

const MINUTE_MS = 60_000;
const DEFAULT_PROPOSAL_MINUTES = 30;

/** A write that a held slot's unique index may refuse: 23505 becomes `slot_taken`. */
async function holdingSlot<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgError(error)?.code === PG.uniqueViolation) throw new AppError('slot_taken');
    throw error;
  }
}

async function requireActiveLinkInTx(tx: Tx, row: repo.AppointmentRow): Promise<void> {
  if (!(await activeLinkInTx(tx, row.patientId, row.professionalId)))
    throw new AppError('not_found');
}

export async function bookAppointment(
  deps: AppointmentsDeps,
  actor: Actor | null,
  body: BookAppointment,
): Promise<Appointment> {
  const patient = requirePatient(actor);
  const me: Participant = { actor: patient, side: 'patient' };
  const now = deps.clock.now();
  const { row, view } = await holdingSlot(() =>
    deps.database.asActor(patient, async (tx) => {
      const { schedule, linkId } = await reachableScheduleInTx(tx, me, body.professionalId);
      const base = {
        linkId: linkId!,
        patientId: patient.userId,
        professionalId: body.professionalId,
        status: 'requested',
        awaiting: 'professional',
        requestMessage: body.message || null,
        createdAt: now,
        updatedAt: now,
      };
      let values: typeof base & Partial<repo.AppointmentRow> & { mode: string };
      if (body.startsAt === undefined) {
        // Another time, asked for in words: no slot is held until the professional proposes one.
        values = {
          ...base,
          mode: 'in_person',
          startsAt: null,
          endsAt: null,
          address: null,
          videoRoom: null,
        };
      } else {
        const startMs = Date.parse(body.startsAt);
        const slot = startMs > now.getTime() && schedule ? slotAt(schedule, startMs) : undefined;
        if (!slot) throw new AppError('slot_unavailable');
        if (slot.mode === 'video' && !deps.videoBaseUrl) throw new AppError('video_unavailable');
        // A held appointment of another length (a proposal) may overlap without sharing the start.
        const busy = await repo.busyRanges(
          tx,
          body.professionalId,
          new Date(slot.startMs),
          new Date(slot.endMs),
        );
        if (busy.length > 0) throw new AppError('slot_taken');
        values = {
          ...base,
          mode: slot.mode,
          startsAt: new Date(slot.startMs),
          endsAt: new Date(slot.endMs),
          address: slot.mode === 'in_person' ? slot.address : null,
          videoRoom: slot.mode === 'video' ? newVideoRoom() : null,
        };
      }
      const row = await repo.insertAppointment(tx, values);
      return { row, view: await viewInTx(deps, tx, me, row) };
    }),
  );
  await publishChange(deps, row, 'requested', patient.userId);
  return view;
}

/** Runs a change on one of the participant's appointments, locked, then publishes it. */
async function changeAppointment(
  deps: AppointmentsDeps,
  me: Participant,
  id: string,
  change: AppointmentChange,
  apply: (tx: Tx, row: repo.AppointmentRow) => Promise<repo.AppointmentRow>,
): Promise<Appointment> {
  const { row, view } = await holdingSlot(() =>
    deps.database.asActor(me.actor, async (tx) => {
      const current = await ownAppointmentInTx(tx, me, id, true);
      const row = await apply(tx, current);
      // Reminders follow every change of a confirmed appointment (made, moved, cancelled, closed).
      if (current.status === 'confirmed' || row.status === 'confirmed')
        await syncRemindersInTx(deps, tx, row);
      return { row, view: await viewInTx(deps, tx, me, row) };
    }),
  );
  await publishChange(deps, row, change, me.actor.userId);
  return view;
}

export async function confirmAppointment(
  deps: AppointmentsDeps,
  actor: Actor | null,
  id: string,
): Promise<Appointment> {
  const me = participant(actor);
  const now = deps.clock.now();
  return changeAppointment(deps, me, id, 'confirmed', async (tx, row) => {
    if (row.status !== 'requested' || row.awaiting !== me.side || !row.startsAt)
      throw new AppError('conflict');
    if (row.startsAt.getTime() <= now.getTime()) throw new AppError('slot_unavailable');
    await requireActiveLinkInTx(tx, row);
    return repo.updateAppointment(tx, row.id, {
      status: 'confirmed',
      awaiting: null,
      updatedAt: now,
    });
  });
}

export async function proposeAppointment(
  deps: AppointmentsDeps,
  actor: Actor | null,
  id: string,
  body: ProposeAppointment,
): Promise<Appointment> {
  const professional = requireProfessional(actor);
  const me: Participant = { actor: professional, side: 'professional' };
  const now = deps.clock.now();
  return changeAppointment(deps, me, id, 'proposed', async (tx, row) => {
    if (!isHeld(row.status) || (row.startsAt && row.startsAt.getTime() <= now.getTime()))
      throw new AppError('conflict');
    await requireActiveLinkInTx(tx, row);
    const startMs = Date.parse(body.startsAt);
    if (startMs <= now.getTime()) throw new AppError('slot_unavailable');
    const availability = await repo.findAvailability(tx, professional.userId);
    const slot = availability ? slotAt(scheduleOf(availability), startMs) : undefined;
    const currentMinutes =
      row.startsAt && row.endsAt
        ? (row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE_MS
        : undefined;
    const minutes =
      body.durationMinutes ??
      (slot
        ? (slot.endMs - slot.startMs) / MINUTE_MS
        : (currentMinutes ?? DEFAULT_PROPOSAL_MINUTES));
    const mode = body.mode ?? slot?.mode ?? (row.mode as 'in_person' | 'video');
    if (mode === 'video' && !deps.videoBaseUrl) throw new AppError('video_unavailable');
    const startsAt = new Date(startMs);
    const endsAt = new Date(startMs + minutes * MINUTE_MS);
    if (await repo.overlappingHeld(tx, professional.userId, startsAt, endsAt, row.id))
      throw new AppError('slot_taken');
    return repo.updateAppointment(tx, row.id, {
      startsAt,
      endsAt,
      mode,
      address: mode === 'in_person' ? (slot?.address ?? row.address) : null,
      videoRoom: mode === 'video' ? (row.videoRoom ?? newVideoRoom()) : null,
      status: 'requested',
      awaiting: 'patient',
      proposalMessage: body.message || null,
      updatedAt: now,
    });
  });
}

export async function cancelAppointment(
  deps: AppointmentsDeps,
  actor: Actor | null,
  id: string,
  reason: string | undefined,
): Promise<Appointment> {
  const me = participant(actor);
  const now = deps.clock.now();
  return changeAppointment(deps, me, id, 'cancelled', async (tx, row) => {
    if (!isHeld(row.status) || (row.startsAt && row.startsAt.getTime() <= now.getTime()))
      throw new AppError('conflict');
    const limit = cancellableUntil(deps, row);
    // The delay protects the professional's day: it binds the patient's cancellation of a
    // confirmed appointment; a request may be withdrawn and the professional may cancel until the start.
    if (
      me.side === 'patient' &&
      row.status === 'confirmed' &&
      limit &&
      now.getTime() > limit.getTime()
    ) {
      throw new AppError('cancellation_too_late', undefined, undefined, {
        params: { hours: deps.cancelHours },
      });
    }
    return repo.updateAppointment(tx, row.id, {
      status: 'cancelled',
      awaiting: null,
      cancelledBy: me.side,
      cancelReason: reason || null,
      updatedAt: now,
    });
  });
}

export async function recordOutcome(
  deps: AppointmentsDeps,
  actor: Actor | null,
  id: string,
  status: 'done' | 'no_show',
): Promise<Appointment> {
  const professional = requireProfessional(actor);
  const me: Participant = { actor: professional, side: 'professional' };
  const now = deps.clock.now();
  return changeAppointment(deps, me, id, status, async (tx, row) => {
    if (row.status !== 'confirmed' || !row.startsAt || row.startsAt.getTime() > now.getTime())
      throw new AppError('conflict');
    return repo.updateAppointment(tx, row.id, { status, updatedAt: now });
  });
}

export async function getAppointment(
  deps: AppointmentsDeps,
  actor: Actor | null,
  id: string,
): Promise<Appointment> {
  const me = participant(actor);
  return deps.database.asActor(me.actor, async (tx) =>
    viewInTx(deps, tx, me, await ownAppointmentInTx(tx, me, id)),
  );
}

export async function listAppointments(
  deps: AppointmentsDeps,
  actor: Actor | null,
  query: { scope: 'upcoming' | 'past' | 'all'; from?: string | undefined; to?: string | undefined },
): Promise<AppointmentList> {
  const me = participant(actor);
  const nowMs = deps.clock.now().getTime();
  const views = await deps.database.asActor(me.actor, async (tx) => {
    const rows = await repo.listAppointments(tx, {
      userId: me.actor.userId,
      side: me.side,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    });
    return viewsInTx(deps, tx, me, rows);
  });
  const upcoming = (a: Appointment) =>
    (a.status === 'requested' || a.status === 'confirmed') &&
    (a.endsAt === null || Date.parse(a.endsAt) > nowMs);
  const startOf = (a: Appointment) =>
    a.startsAt ? Date.parse(a.startsAt) : Number.MAX_SAFE_INTEGER;
  const coming = views.filter(upcoming).sort((a, b) => startOf(a) - startOf(b));
  const past = views.filter((a) => !upcoming(a)).sort((a, b) => startOf(b) - startOf(a));
  const appointments =
    query.scope === 'upcoming' ? coming : query.scope === 'past' ? past : [...coming, ...past];
  return { appointments };
}
