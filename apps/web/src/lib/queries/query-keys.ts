/**
 * The query keys of the signed-in pages, in one web-shared module: the pages read them, and the
 * realtime channel (lib/realtime) marks them stale when the server announces a change, which a
 * feature's own module could not offer it (features are never imported from lib/).
 */

/** The patient's own data. `['settings']` is the settings page's own key, so a unit changed there shows everywhere at once. */
export const patientDataKeys = {
  settings: ['settings'] as const,
  measurements: ['measurements'] as const,
  alerts: ['alerts'] as const,
  reports: ['reports'] as const,
  profile: ['profile'] as const,
};

/**
 * The patient's own advice, per period (14, 30 or 90 days). A professional's view of a patient's
 * advice lives under `professionalKeys.patient(id)`, so what changes that page changes it too.
 */
export const adviceKeys = {
  all: ['advice'] as const,
  period: (days: number) => ['advice', days] as const,
};

/** The professional's pages; a change under one patient invalidates that patient only. */
export const professionalKeys = {
  all: ['doctor'] as const,
  triageAll: ['doctor', 'triage'] as const,
  triage: (filter: string, sort: string, q: string) =>
    ['doctor', 'triage', filter, sort, q] as const,
  /** Department tracking is drawn from the triage rows: under the list's prefix, what refreshes the list refreshes it. */
  department: (days: number) => ['doctor', 'triage', 'department', days] as const,
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

/** The back office's audit (per filter set), platform figures and failed jobs (administrators). */
export const adminOpsKeys = {
  audit: (filters: string) => ['admin', 'audit', filters] as const,
  figures: ['admin', 'figures'] as const,
  failedJobs: ['admin', 'jobs', 'failed'] as const,
};

/** Support tickets: the requester's own (history and one conversation) and the administrators' inbox. */
export const supportKeys = {
  all: ['support'] as const,
  mine: ['support', 'mine'] as const,
  myTicket: (id: string) => ['support', 'mine', id] as const,
  inbox: ['support', 'inbox'] as const,
  inboxList: (status: string, type: string, q: string) => ['support', 'inbox', 'list', status, type, q] as const,
  inboxTicket: (id: string) => ['support', 'inbox', 'ticket', id] as const,
};

/** The back office's accounts, professionals' licence checks and specialty list (administrators). */
export const adminKeys = {
  accounts: ['admin', 'accounts'] as const,
  accountList: (q: string, type: string, status: string, page: number) => ['admin', 'accounts', q, type, status, page] as const,
  professionals: ['admin', 'professionals'] as const,
  professionalList: (status: string, language: string, page: number) => ['admin', 'professionals', status, language, page] as const,
  specialties: ['admin', 'specialties'] as const,
};

/** The sign-up form's specialty list, per page language (`['specialties']` is every language's). */
export const specialtyKeys = {
  all: ['specialties'] as const,
  inLanguage: (language: string) => ['specialties', language] as const,
};

/** The patient's own subscription (plan, entitlements, this month's PDF reports): a download or a plan change makes it stale. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  mine: ['subscription', 'mine'] as const,
  /** The patient's invoices at the payment provider. */
  invoices: ['subscription', 'invoices'] as const,
};
