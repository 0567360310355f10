import type { UserType } from '@/lib/session';

/**
 * Post-login preloading (spec §2): the chunks of the pages a user of this type opens first are
 * fetched at once, support, settings and messages 2 s later. Each loader is the same `import()`
 * that routes.tsx hands to `lazy()`, so the browser reuses the fetched module on first visit.
 */
export const SECONDARY_PRELOAD_DELAY_MS = 2_000;

export const pageModules = {
  placeholder: () => import('@/features/placeholder/PlaceholderPage'),
  settings: () => import('@/features/settings/SettingsPage'),
  dashboard: () => import('@/features/dashboard/DashboardPage'),
  newMeasurement: () => import('@/features/measurements/NewMeasurementPage'),
  notifications: () => import('@/features/alerts/NotificationsPage'),
  reports: () => import('@/features/reports/ReportsPage'),
  weeklyReport: () => import('@/features/reports/WeeklyReportPage'),
  profile: () => import('@/features/profile/ProfilePage'),
  support: () => import('@/features/support/SupportPage'),
  community: () => import('@/features/community/CommunityPage'),
  doctorSupport: () => import('@/features/support/DoctorSupportPage'),
  doctorTriage: () => import('@/features/doctor/TriagePage'),
  patientInvitations: () => import('@/features/doctor/InvitationsPage'),
  doctorProfile: () => import('@/features/doctor/DoctorProfilePage'),
  doctorResources: () => import('@/features/resources/DoctorResourcesPage'),
  doctorPatient: () => import('@/features/doctor/PatientPage'),
  messages: () => import('@/features/messages/MessagesPage'),
  reminders: () => import('@/features/reminders/RemindersPage'),
  cgmConnection: () => import('@/features/cgm-connection/CgmConnectionPage'),
  appointments: () => import('@/features/appointments/AppointmentsPage'),
  doctorAppointments: () => import('@/features/appointments/DoctorAppointmentsPage'),
  admin: () => import('@/features/admin/AdminPage'),
  departmentTracking: () => import('@/features/department/DepartmentTrackingPage'),
  subscription: () => import('@/features/subscription/SubscriptionPage'),
} as const;

type Loader = () => Promise<unknown>;

/** Route → module loader, for the routes the spec names. */
const ROUTE_LOADERS: Record<string, Loader> = {
  '/patient-dashboard': pageModules.dashboard,
  '/new-measurement': pageModules.newMeasurement,
  '/reports': pageModules.reports,
  '/profile': pageModules.profile,
  '/doctor': pageModules.doctorTriage,
  '/patient-invitations': pageModules.patientInvitations,
  '/doctor-profile': pageModules.doctorProfile,
  '/admin': pageModules.admin,
  '/support': pageModules.support,
  '/settings': pageModules.settings,
  '/messages': pageModules.messages,
};

export const PRIMARY_PRELOADS: Record<UserType, readonly string[]> = {
  patient: ['/patient-dashboard', '/new-measurement', '/reports', '/profile'],
  doctor: ['/doctor', '/patient-invitations', '/doctor-profile'],
  admin: ['/admin'],
};
export const SECONDARY_PRELOADS: readonly string[] = ['/support', '/settings', '/messages'];

function load(paths: readonly string[]): void {
  const loaders = new Set(paths.map((path) => ROUTE_LOADERS[path]).filter((l): l is Loader => Boolean(l)));
  // A failed preload only means the page loads on first visit instead.
  for (const loader of loaders) void loader().catch(() => undefined);
}

/** Starts the preloads for this user type; returns a function cancelling the delayed part. */
export function preloadForUser(userType: UserType, schedule: typeof setTimeout = setTimeout): () => void {
  load(PRIMARY_PRELOADS[userType]);
  const timer = schedule(() => load(SECONDARY_PRELOADS), SECONDARY_PRELOAD_DELAY_MS);
  return () => clearTimeout(timer);
}
