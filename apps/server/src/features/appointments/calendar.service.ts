import type {
  Appointment,
  CalendarFeed,
  CalendarFeedCreated,
} from '@glucosuivi/domain/appointments/appointments.schemas';
import type { Actor, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { hashToken, newToken } from '../care-team/care-team.service';
import * as repo from './appointments.repository';
import {
  ownAppointmentInTx,
  participant,
  viewsInTx,
  type AppointmentsDeps,
  type Participant,
} from './appointments.service';
import { calendarFile, type CalendarEvent } from './ics';

/*
 * Calendar export (issue 16): one appointment as an .ics file, and a private feed of all my
 * appointments that a calendar app subscribes to by URL. The feed's token (256 bits) is shown once
 * and stored as its SHA-256 only; creating again replaces it, revoking deletes it: the old URL
 * then answers not_found like any unknown one. A feed lists the appointments that have a time.
 */

const TITLES = {
  fr: {
    calendar: 'GlucoSuivi – rendez-vous',
    with: 'Rendez-vous avec',
    video: 'Consultation vidéo',
  },
  en: {
    calendar: 'GlucoSuivi – appointments',
    with: 'Appointment with',
    video: 'Video consultation',
  },
  es: { calendar: 'GlucoSuivi – citas', with: 'Cita con', video: 'Videoconsulta' },
} as const;
type Texts = (typeof TITLES)[keyof typeof TITLES];

function textsOf(language: string | undefined): Texts {
  return language === 'en' || language === 'es' ? TITLES[language] : TITLES.fr;
}

function toEvent(appointment: Appointment, texts: Texts): CalendarEvent | null {
  if (!appointment.startsAt || !appointment.endsAt) return null;
  const who = [appointment.counterpart.firstName, appointment.counterpart.lastName]
    .filter(Boolean)
    .join(' ');
  const status =
    appointment.status === 'cancelled'
      ? 'CANCELLED'
      : appointment.status === 'requested'
        ? 'TENTATIVE'
        : 'CONFIRMED';
  return {
    uid: `${appointment.id}@glucosuivi`,
    start: new Date(appointment.startsAt),
    end: new Date(appointment.endsAt),
    stamp: new Date(appointment.updatedAt),
    summary: who ? `${texts.with} ${who}` : texts.with,
    location:
      appointment.mode === 'video' ? (appointment.videoUrl ?? texts.video) : appointment.address,
    description: appointment.mode === 'video' ? texts.video : null,
    url: appointment.videoUrl,
    status,
  };
}

async function textsInTx(tx: Tx, userId: string): Promise<Texts> {
  return textsOf((await repo.settingsOf(tx, userId))?.language);
}

export async function appointmentIcs(
  deps: AppointmentsDeps,
  actor: Actor | null,
  id: string,
): Promise<string> {
  const me = participant(actor);
  return deps.database.asActor(me.actor, async (tx) => {
    const row = await ownAppointmentInTx(tx, me, id);
    const texts = await textsInTx(tx, me.actor.userId);
    const [view] = await viewsInTx(deps, tx, me, [row]);
    const event = view ? toEvent(view, texts) : null;
    // A request for another time has no time yet: nothing to put in a calendar.
    if (!event) throw new AppError('not_found');
    return calendarFile(texts.calendar, [event]);
  });
}

export async function getCalendarFeed(
  deps: AppointmentsDeps,
  actor: Actor | null,
): Promise<CalendarFeed> {
  const me = participant(actor);
  const row = await deps.database.asActor(me.actor, (tx) => repo.findFeed(tx, me.actor.userId));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

export async function createCalendarFeed(
  deps: AppointmentsDeps,
  actor: Actor | null,
): Promise<CalendarFeedCreated> {
  const me = participant(actor);
  const { token, hash } = newToken();
  const now = deps.clock.now();
  await deps.database.asActor(me.actor, (tx) =>
    repo.upsertFeed(tx, {
      userId: me.actor.userId,
      tokenHash: hash,
      role: me.actor.role,
      createdAt: now,
    }),
  );
  return {
    active: true,
    createdAt: now.toISOString(),
    url: `${deps.appUrl}/api/appointments/feed/${token}.ics`,
  };
}

export async function revokeCalendarFeed(
  deps: AppointmentsDeps,
  actor: Actor | null,
): Promise<{ ok: true }> {
  const me = participant(actor);
  await deps.database.asActor(me.actor, (tx) => repo.deleteFeed(tx, me.actor.userId));
  return { ok: true };
}

/** The public feed: the token (from `<token>.ics`) is the only credential; read as its owner. */
export async function calendarFeedIcs(
  deps: AppointmentsDeps,
  tokenWithSuffix: string,
): Promise<string> {
  const token = tokenWithSuffix.replace(/\.ics$/, '');
  const feed = await repo.findFeedByTokenHash(deps.database.db, hashToken(token));
  if (!feed || (feed.role !== 'patient' && feed.role !== 'doctor')) throw new AppError('not_found');
  const me: Participant = {
    actor: { userId: feed.userId, role: feed.role },
    side: feed.role === 'patient' ? 'patient' : 'professional',
  };
  return deps.database.asActor(me.actor, async (tx) => {
    const rows = await repo.listAppointments(tx, { userId: me.actor.userId, side: me.side });
    const texts = await textsInTx(tx, me.actor.userId);
    const events = (await viewsInTx(deps, tx, me, rows))
      .map((view) => toEvent(view, texts))
      .filter((e): e is CalendarEvent => e !== null);
    return calendarFile(texts.calendar, events);
  });
}
