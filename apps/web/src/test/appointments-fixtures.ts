import type { Appointment, Availability, Satisfaction, Slot } from '@glucosuivi/domain/appointments/appointments.schemas';

/** Test data for the appointment pages (used by tests only). */

export const apptId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const PRO_ID = 'pro-user-1';
export const PATIENT_ID = 'patient-user-1';

export function appointment(n: number, overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: apptId(n),
    patientId: PATIENT_ID,
    professionalId: PRO_ID,
    counterpart: { userId: PRO_ID, firstName: 'Claire', lastName: 'Bernard' },
    startsAt: '2026-03-12T08:00:00.000Z',
    endsAt: '2026-03-12T08:30:00.000Z',
    mode: 'in_person',
    address: '12 rue de la Paix, Paris',
    videoUrl: null,
    status: 'confirmed',
    awaiting: null,
    requestMessage: null,
    proposalMessage: null,
    cancelledBy: null,
    cancelReason: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    can: { confirm: false, propose: false, cancel: false, recordOutcome: false, rate: false },
    cancellableUntil: null,
    rating: null,
    ...overrides,
  };
}

export function slot(startsAt: string, minutes = 30, overrides: Partial<Slot> = {}): Slot {
  return {
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
    mode: 'in_person',
    address: '12 rue de la Paix, Paris',
    ...overrides,
  };
}

export function availability(overrides: Partial<Availability> = {}): Availability {
  return { timezone: 'Europe/Paris', rules: [], exceptions: [], videoEnabled: false, updatedAt: null, ...overrides };
}

export function satisfaction(overrides: Partial<Satisfaction> = {}): Satisfaction {
  return { windowDays: 90, count: 0, minRatings: 5, average: null, distribution: null, comments: [], ...overrides };
}
