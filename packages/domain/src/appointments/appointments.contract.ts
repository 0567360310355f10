import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import {
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentOutcomeSchema,
  appointmentParamsSchema,
  appointmentSchema,
  availabilityInputSchema,
  availabilitySchema,
  bookableProfessionalListSchema,
  bookAppointmentSchema,
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  cancelAppointmentSchema,
  feedParamsSchema,
  okResultSchema,
  professionalParamsSchema,
  proposeAppointmentSchema,
  ratingInputSchema,
  ratingSchema,
  satisfactionSchema,
  slotListSchema,
  slotsQuerySchema,
} from './appointments.schemas';

/*
 * Appointments (PRODUCT.md §5, issue 16). Access rules, enforced by the service and by
 * PostgreSQL row-level security on the appointment tables:
 * - An appointment exists only inside an ACTIVE care link. A patient lists slots and books only
 *   with a professional of an active link; anyone else — no link, a revoked link, not a
 *   professional — answers `not_found`, as for a professional who does not exist.
 * - An appointment is seen by its patient and its professional only (`not_found` for anyone else).
 *   A revoked link keeps the patient's history; the professional keeps their agenda too.
 * - Two requested/confirmed appointments never share a professional's start instant: a database
 *   unique index; the loser of a race answers 409 `slot_taken`.
 * - A patient books a free slot of the schedule, in the future, on its grid; else 400
 *   `slot_unavailable`, nothing stored. The professional may propose any free future time.
 * - The patient cancels until APPOINTMENT_CANCEL_HOURS (default 24) before the start, then 409
 *   `cancellation_too_late`; the professional may cancel (decline) at any time before the start.
 * - Ratings: the patient only, once the appointment is `done`, editable 7 days; never shown to the
 *   professional one by one. `appointment.changed` domain events follow the commits (ids only).
 * Validation issue keys of these schemas (`errors:issues.<key>`): APPOINTMENT_ISSUES.
 */

export const getAvailability = defineEndpoint({
  method: 'GET',
  path: '/api/appointments/availability',
  summary:
    'Professional: my weekly schedule and exceptions, and whether video consultations are available',
  tags: ['appointments'],
  access: 'user',
  response: availabilitySchema,
  errors: ['not_found'],
});

export const saveAvailability = defineEndpoint({
  method: 'PUT',
  path: '/api/appointments/availability',
  summary:
    'Professional: replaces my schedule (weekly rules and exceptions, in my time zone). Existing appointments are kept.',
  tags: ['appointments'],
  access: 'user',
  body: availabilityInputSchema,
  response: availabilitySchema,
  errors: ['not_found', 'video_unavailable'],
});

export const listBookableProfessionals = defineEndpoint({
  method: 'GET',
  path: '/api/appointments/professionals',
  summary: 'Patient: the professionals of my active care links, to book with',
  tags: ['appointments'],
  access: 'user',
  response: bookableProfessionalListSchema,
  errors: ['not_found'],
});

export const listSlots = defineEndpoint({
  method: 'GET',
  path: '/api/appointments/professionals/:professionalId/slots',
  summary:
    'Free slots of a professional from now for the next weeks (default 4, at most 12). A linked patient, or the professional themself.',
  tags: ['appointments'],
  access: 'user',
  params: professionalParamsSchema,
  query: slotsQuerySchema,
  response: slotListSchema,
  errors: ['not_found'],
});

export const listAppointments = defineEndpoint({
  method: 'GET',
  path: '/api/appointments',
  summary:
    'My appointments (patient or professional): upcoming ones earliest first, past ones latest first; `from`/`to` bound the start (agenda)',
  tags: ['appointments'],
  access: 'user',
  query: appointmentListQuerySchema,
  response: appointmentListSchema,
  errors: ['not_found'],
});

export const getAppointment = defineEndpoint({
  method: 'GET',
  path: '/api/appointments/:id',
  summary: 'One of my appointments',
  tags: ['appointments'],
  access: 'user',
  params: appointmentParamsSchema,
  response: appointmentSchema,
  errors: ['not_found'],
});

export const bookAppointment = defineEndpoint({
  method: 'POST',
  path: '/api/appointments',
  summary:
    'Patient: requests a free slot (status `requested`, awaiting the professional), or asks for another time with a message (no slot)',
  tags: ['appointments'],
  access: 'user',
  body: bookAppointmentSchema,
  status: 201,
  response: appointmentSchema,
  errors: ['not_found', 'slot_taken', 'slot_unavailable', 'video_unavailable'],
});

export const confirmAppointment = defineEndpoint({
  method: 'POST',
  path: '/api/appointments/:id/confirm',
  summary:
    'Confirms a requested appointment: the professional a patient’s request, the patient a professional’s proposal. Schedules the reminders.',
  tags: ['appointments'],
  access: 'user',
  params: appointmentParamsSchema,
  response: appointmentSchema,
  errors: ['not_found', 'conflict', 'slot_unavailable'],
});

export const proposeAppointment = defineEndpoint({
  method: 'POST',
  path: '/api/appointments/:id/propose',
  summary:
    'Professional: proposes another time for a requested or confirmed appointment; it becomes `requested`, awaiting the patient',
  tags: ['appointments'],
  access: 'user',
  params: appointmentParamsSchema,
  body: proposeAppointmentSchema,
  response: appointmentSchema,
  errors: ['not_found', 'conflict', 'slot_taken', 'slot_unavailable', 'video_unavailable'],
});

export const cancelAppointment = defineEndpoint({
  method: 'POST',
  path: '/api/appointments/:id/cancel',
  summary:
    'Cancels (or declines) a requested or confirmed appointment, with an optional reason; a patient until the configured delay before the start',
  tags: ['appointments'],
  access: 'user',
  params: appointmentParamsSchema,
  body: cancelAppointmentSchema,
  response: appointmentSchema,
  errors: ['not_found', 'conflict', 'cancellation_too_late'],
});

export const recordOutcome = defineEndpoint({
  method: 'POST',
  path: '/api/appointments/:id/outcome',
  summary: 'Professional: once a confirmed appointment has started, records it `done` or `no_show`',
  tags: ['appointments'],
  access: 'user',
  params: appointmentParamsSchema,
  body: appointmentOutcomeSchema,
  response: appointmentSchema,
  errors: ['not_found', 'conflict'],
});

export const rateAppointment = defineEndpoint({
  method: 'PUT',
  path: '/api/appointments/:id/rating',
  summary:
    'Patient: rates a `done` appointment 1–5 with an optional comment; the same call edits it for 7 days after the first rating',
  tags: ['appointments'],
  access: 'user',
  params: appointmentParamsSchema,
  body: ratingInputSchema,
  response: ratingSchema,
  errors: ['not_found', 'rating_closed'],
});

export const getSatisfaction = defineEndpoint({
  method: 'GET',
  path: '/api/appointments/satisfaction',
  summary:
    'Professional: satisfaction over the last 90 days (count; from 5 ratings on, average, distribution and recent comments, never who rated)',
  tags: ['appointments'],
  access: 'user',
  response: satisfactionSchema,
  errors: ['not_found'],
});

// The two calendar downloads answer text/calendar, not JSON: the response schema documents the
// body as a string for OpenAPI.
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

export const downloadAppointmentIcs = defineEndpoint({
  method: 'GET',
  path: '/api/appointments/:id/calendar.ics',
  summary: 'One of my appointments as an iCalendar file (.ics)',
  tags: ['appointments'],
  access: 'user',
  params: appointmentParamsSchema,
  response: z.string(),
  errors: ['not_found'],
});

export const getCalendarFeed = defineEndpoint({
  method: 'GET',
  path: '/api/appointments/calendar-feed',
  summary: 'Whether I have a private calendar feed (its URL is shown only when created)',
  tags: ['appointments'],
  access: 'user',
  response: calendarFeedSchema,
});

export const createCalendarFeed = defineEndpoint({
  method: 'POST',
  path: '/api/appointments/calendar-feed',
  summary: 'Creates my private calendar feed URL, or replaces it (the previous URL stops working)',
  tags: ['appointments'],
  access: 'user',
  status: 201,
  response: calendarFeedCreatedSchema,
});

export const revokeCalendarFeed = defineEndpoint({
  method: 'DELETE',
  path: '/api/appointments/calendar-feed',
  summary: 'Revokes my private calendar feed URL',
  tags: ['appointments'],
  access: 'user',
  response: okResultSchema,
});

export const calendarFeed = defineEndpoint({
  method: 'GET',
  path: '/api/appointments/feed/:token',
  summary:
    'Public, by secret URL (`…/feed/<token>.ics`): all my appointments as an iCalendar feed for a calendar app. A revoked or unknown token answers not_found.',
  tags: ['appointments'],
  access: 'public',
  params: feedParamsSchema,
  response: z.string(),
  errors: ['not_found'],
});
