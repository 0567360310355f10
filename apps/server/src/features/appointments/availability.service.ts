import {
  availabilityExceptionSchema,
  weeklyRuleSchema,
  type Availability,
  type AvailabilityInput,
  type BookableProfessional,
  type SlotList,
} from '@glucosuivi/domain/appointments/appointments.schemas';
import { generateSlots, rangesOverlap, type Schedule } from '@glucosuivi/domain/appointments/slots';
import type { Actor, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { activeLinkInTx } from '../care-team/care-links.service';
import * as repo from './appointments.repository';
import {
  DAY_MS,
  participant,
  requirePatient,
  requireProfessional,
  type AppointmentsDeps,
  type Participant,
} from './appointments.service';

/*
 * A professional's schedule and the free slots computed from it (domain `generateSlots`, DST
 * aware, in the professional's zone). A patient reads a schedule only across an active care link.
 */

const DEFAULT_ZONE = 'Europe/Paris';

/** The stored schedule, parsed again: what was valid when saved stays valid (same schemas). */
export function scheduleOf(row: repo.AvailabilityRow): Schedule {
  return {
    timezone: row.timezone,
    rules: weeklyRuleSchema.array().parse(row.rules),
    exceptions: availabilityExceptionSchema.array().parse(row.exceptions),
  };
}

function usesVideo(input: AvailabilityInput): boolean {
  return (
    input.rules.some((rule) => rule.mode === 'video') ||
    input.exceptions.some((e) => e.kind === 'open' && e.mode === 'video')
  );
}

export async function getAvailability(
  deps: AppointmentsDeps,
  actor: Actor | null,
): Promise<Availability> {
  const professional = requireProfessional(actor);
  return deps.database.asActor(professional, async (tx) => {
    const row = await repo.findAvailability(tx, professional.userId);
    if (row) return toAvailability(deps, row);
    const settings = await repo.settingsOf(tx, professional.userId);
    return {
      timezone: settings?.timezone ?? DEFAULT_ZONE,
      rules: [],
      exceptions: [],
      videoEnabled: Boolean(deps.videoBaseUrl),
      updatedAt: null,
    };
  });
}

function toAvailability(deps: AppointmentsDeps, row: repo.AvailabilityRow): Availability {
  const schedule = scheduleOf(row);
  return {
    timezone: schedule.timezone,
    rules: [...schedule.rules],
    exceptions: [...schedule.exceptions],
    videoEnabled: Boolean(deps.videoBaseUrl),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Replaces the schedule. Appointments already requested or confirmed are kept as they are. */
export async function saveAvailability(
  deps: AppointmentsDeps,
  actor: Actor | null,
  input: AvailabilityInput,
): Promise<Availability> {
  const professional = requireProfessional(actor);
  if (!deps.videoBaseUrl && usesVideo(input)) throw new AppError('video_unavailable');
  const row = await deps.database.asActor(professional, (tx) =>
    repo.upsertAvailability(tx, {
      professionalId: professional.userId,
      timezone: input.timezone,
      rules: input.rules,
      exceptions: input.exceptions,
      updatedAt: deps.clock.now(),
    }),
  );
  return toAvailability(deps, row);
}

export async function listBookableProfessionals(
  deps: AppointmentsDeps,
  actor: Actor | null,
): Promise<{ professionals: BookableProfessional[] }> {
  const patient = requirePatient(actor);
  const rows = await deps.database.asActor(patient, (tx) =>
    repo.activeLinksOfPatient(tx, patient.userId),
  );
  return {
    professionals: rows.map((row) => ({ ...row, hasAvailability: Boolean(row.hasAvailability) })),
  };
}

/**
 * The schedule of a professional the participant may book with: the patient across an active
 * link (its id comes back, for the appointment), the professional themself; else not_found.
 */
export async function reachableScheduleInTx(
  tx: Tx,
  me: Participant,
  professionalId: string,
): Promise<{ schedule: Schedule | null; linkId: string | null }> {
  let linkId: string | null = null;
  if (me.side === 'patient') {
    const link = await activeLinkInTx(tx, me.actor.userId, professionalId);
    if (!link) throw new AppError('not_found');
    linkId = link.id;
  } else if (professionalId !== me.actor.userId) {
    throw new AppError('not_found');
  }
  const row = await repo.findAvailability(tx, professionalId);
  return { schedule: row ? scheduleOf(row) : null, linkId };
}

/** The schedule's slots in [from, to) that no held appointment overlaps (video only when configured). */
export async function freeSlotsInTx(
  deps: AppointmentsDeps,
  tx: Tx,
  professionalId: string,
  schedule: Schedule,
  from: Date,
  to: Date,
) {
  const slots = generateSlots(schedule, from.getTime(), to.getTime()).filter(
    (slot) => slot.mode !== 'video' || deps.videoBaseUrl,
  );
  if (slots.length === 0) return [];
  const busy = await repo.busyRanges(tx, professionalId, from, new Date(to.getTime() + DAY_MS));
  return slots.filter(
    (slot) => !busy.some((b) => rangesOverlap(slot.startMs, slot.endMs, b.startMs, b.endMs)),
  );
}

export async function listSlots(
  deps: AppointmentsDeps,
  actor: Actor | null,
  professionalId: string,
  weeks: number,
): Promise<SlotList> {
  const me = participant(actor);
  const now = deps.clock.now();
  const until = new Date(now.getTime() + weeks * 7 * DAY_MS);
  return deps.database.asActor(me.actor, async (tx) => {
    const { schedule } = await reachableScheduleInTx(tx, me, professionalId);
    if (!schedule)
      return { professionalId, timezone: DEFAULT_ZONE, slots: [], until: until.toISOString() };
    // From the next minute: a slot starting now can no longer be booked.
    const free = await freeSlotsInTx(
      deps,
      tx,
      professionalId,
      schedule,
      new Date(now.getTime() + 60_000),
      until,
    );
    return {
      professionalId,
      timezone: schedule.timezone,
      slots: free.map((slot) => ({
        startsAt: new Date(slot.startMs).toISOString(),
        endsAt: new Date(slot.endMs).toISOString(),
        mode: slot.mode,
        address: slot.address,
      })),
      until: until.toISOString(),
    };
  });
}
