import type { AvailabilityInput, WeeklyRule } from '@glucosuivi/domain/appointments/appointments.schemas';
import type { Actor, Database } from '../../platform/db/database';
import { createInProcessEventBus } from '../../platform/events/event-bus';
import { saveAvailability } from '../appointments/availability.service';

/*
 * The demo professionals' weekly schedules: without them the demo patients have nobody to book
 * with. Every week has slots on several days, so any two weeks from the seed on hold some. Video
 * consultations exist only where VIDEO_BASE_URL is set; without it the same schedule is in person
 * only (the app has no phone mode).
 */

const ZONE = 'Europe/Paris';
const DOCTOR_ADDRESS = 'Centre de diabétologie, 24 rue Oberkampf, 75011 Paris';
const NURSE_ADDRESS = 'Cabinet infirmier, 8 rue de la Roquette, 75011 Paris';

const inPerson = (weekday: number, start: string, end: string, slotMinutes: number, address: string): WeeklyRule => ({
  weekday,
  start,
  end,
  slotMinutes,
  mode: 'in_person',
  address,
});
const video = (weekday: number, start: string, end: string, slotMinutes: number): WeeklyRule => ({
  weekday,
  start,
  end,
  slotMinutes,
  mode: 'video',
  address: null,
});

/**
 * Dr Bernard: Tuesday and Thursday mornings at her practice (30 minutes), and with video a
 * Wednesday afternoon of 20-minute teleconsultations. The nurse: Monday, Wednesday and Friday
 * afternoons at his practice (20 minutes), and with video a Tuesday evening hour.
 */
export function demoSchedules(videoEnabled: boolean): { doctor: AvailabilityInput; nurse: AvailabilityInput } {
  const doctor = [inPerson(2, '09:00', '12:00', 30, DOCTOR_ADDRESS), inPerson(4, '09:00', '12:00', 30, DOCTOR_ADDRESS)];
  const nurse = [1, 3, 5].map((weekday) => inPerson(weekday, '14:00', '17:00', 20, NURSE_ADDRESS));
  if (videoEnabled) {
    doctor.push(video(3, '14:00', '16:00', 20));
    nurse.push(video(2, '18:00', '19:00', 20));
  }
  return {
    doctor: { timezone: ZONE, rules: doctor, exceptions: [] },
    nurse: { timezone: ZONE, rules: nurse, exceptions: [] },
  };
}

/** Saves both schedules as the professionals would on their availability page (same rules). */
export async function seedDemoAvailability(
  deps: { database: Database; now: Date; videoBaseUrl?: string | undefined },
  professionals: { doctor: Actor; nurse: Actor },
): Promise<void> {
  const appointments = {
    database: deps.database,
    clock: { now: () => deps.now },
    // The seed fills a new database before anyone listens: nobody to tell.
    events: createInProcessEventBus({ warn: () => undefined }),
    appUrl: '',
    videoBaseUrl: deps.videoBaseUrl,
    cancelHours: 24,
  };
  const schedules = demoSchedules(Boolean(deps.videoBaseUrl));
  await saveAvailability(appointments, professionals.doctor, schedules.doctor);
  await saveAvailability(appointments, professionals.nurse, schedules.nurse);
}
