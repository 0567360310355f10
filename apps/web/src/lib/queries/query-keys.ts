/**
 * The query keys of the signed-in pages, in one web-shared module: the pages read them, and the
 * realtime channel (lib/realtime) marks them stale when the server announces a change, which a
 * feature's own module could not offer it (features are never imported from lib/).
 */

/** The patient's own data. `['settings']` is the settings page's own key, so a unit changed there shows everywhere at once. */
export const healthKeys = {
  settings: ['settings'] as const,
  measurements: ['measurements'] as const,
  alerts: ['alerts'] as const,
  reports: ['reports'] as const,
  profile: ['profile'] as const,
};

/**
 * The patient's own advice, per period (14, 30 or 90 days). A professional's view of a patient's
 * advice lives under `doctorKeys.patient(id)`, so what changes that page changes it too.
 */
export const adviceKeys = {
  all: ['advice'] as const,
  period: (days: number) => ['advice', days] as const,
};

/** The professional's pages; a change under one patient invalidates that patient only. */
export const doctorKeys = {
  all: ['doctor'] as const,
  triageAll: ['doctor', 'triage'] as const,
  triage: (filter: string, sort: string, q: string) =>
    ['doctor', 'triage', filter, sort, q] as const,
  patient: (patientId: string) => ['doctor', 'patient', patientId] as const,
  profile: ['doctor', 'profile'] as const,
  invitations: ['care-team', 'invitations'] as const,
};

/** Care links, invitations, share links and the access log (the patient's sharing sections). */
export const careTeamKeys = {
  all: ['care-team'] as const,
  team: ['care-team', 'team'] as const,
  invitations: ['care-team', 'invitations'] as const,
  shareLinks: ['care-team', 'share-links'] as const,
  accessLog: ['care-team', 'access-log'] as const,
};

/** The patient's reminders (list, today's timeline, quiet hours). */
export const reminderKeys = {
  all: ['reminders'] as const,
  list: ['reminders', 'list'] as const,
  today: ['reminders', 'today'] as const,
  quietHours: ['reminders', 'quiet-hours'] as const,
};

/** The in-app notification centre's delivered items and their unread count. */
export const notificationKeys = {
  all: ['notifications'] as const,
};

/** Appointments: both parties' lists and agenda, the schedule, slots, the calendar feed, satisfaction. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  lists: ['appointments', 'list'] as const,
  list: (scope: string, from = '', to = '') => ['appointments', 'list', scope, from, to] as const,
  professionals: ['appointments', 'professionals'] as const,
  slots: (professionalId: string, weeks: number) => ['appointments', 'slots', professionalId, weeks] as const,
  availability: ['appointments', 'availability'] as const,
  feed: ['appointments', 'calendar-feed'] as const,
  satisfaction: ['appointments', 'satisfaction'] as const,
};
