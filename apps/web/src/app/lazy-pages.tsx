import { lazy } from 'react';
import { lazyPage } from './lazy-page';
import { pageModules } from './preload';

// Route-level code splitting: each page is its own chunk, loaded on first visit (routes.tsx places them).
export const NotFoundPage = lazy(() =>
  import('@/features/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
export const PlaceholderPage = lazy(() =>
  pageModules.placeholder().then((m) => ({ default: m.PlaceholderPage })),
);
export const SettingsPage = lazy(() =>
  pageModules.settings().then((m) => ({ default: m.SettingsPage })),
);
/** Preloadable: the server renders it for a signed-in patient, and main.tsx hydrates that (app/signed-in-render.tsx). */
export const DashboardPage = lazyPage(() => pageModules.dashboard().then((m) => m.DashboardPage));
export const NewMeasurementPage = lazy(() =>
  pageModules.newMeasurement().then((m) => ({ default: m.NewMeasurementPage })),
);
export const NotificationsPage = lazy(() =>
  pageModules.notifications().then((m) => ({ default: m.NotificationsPage })),
);
export const ProfessionalNotificationsPage = lazy(() =>
  pageModules.notifications().then((m) => ({ default: m.ProfessionalNotificationsPage })),
);
export const ReportsPage = lazy(() =>
  pageModules.reports().then((m) => ({ default: m.ReportsPage })),
);
export const WeeklyReportPage = lazy(() =>
  pageModules.weeklyReport().then((m) => ({ default: m.WeeklyReportPage })),
);
export const ProfilePage = lazy(() =>
  pageModules.profile().then((m) => ({ default: m.ProfilePage })),
);
export const InfoPage = lazy(() =>
  import('@/features/info/InfoPage').then((m) => ({ default: m.InfoPage })),
);
export const SupportPage = lazy(() =>
  pageModules.support().then((m) => ({ default: m.SupportPage })),
);
export const DoctorSupportPage = lazy(() =>
  pageModules.doctorSupport().then((m) => ({ default: m.DoctorSupportPage })),
);
export const ContactPage = lazy(() =>
  import('@/features/support/ContactPage').then((m) => ({ default: m.ContactPage })),
);
export const TriagePage = lazy(() =>
  pageModules.doctorTriage().then((m) => ({ default: m.TriagePage })),
);
export const DoctorPatientPage = lazy(() =>
  pageModules.doctorPatient().then((m) => ({ default: m.PatientPage })),
);
export const InvitationsPage = lazy(() =>
  pageModules.patientInvitations().then((m) => ({ default: m.InvitationsPage })),
);
export const DoctorProfilePage = lazy(() =>
  pageModules.doctorProfile().then((m) => ({ default: m.DoctorProfilePage })),
);
export const DoctorResourcesPage = lazy(() =>
  pageModules.doctorResources().then((m) => ({ default: m.DoctorResourcesPage })),
);
export const MessagesPage = lazy(() =>
  pageModules.messages().then((m) => ({ default: m.MessagesPage })),
);
export const CgmConnectionPage = lazy(() =>
  pageModules.cgmConnection().then((m) => ({ default: m.CgmConnectionPage })),
);
// Reminders offer the settings page's list of time zones (features never import each other).
export const RemindersPage = lazy(() =>
  Promise.all([pageModules.reminders(), import('@/features/settings/settings-api')]).then(
    ([page, settings]) => ({
      default: function Reminders() {
        return <page.RemindersPage timeZones={settings.TIMEZONES} />;
      },
    }),
  ),
);
export const AppointmentsPage = lazy(() =>
  pageModules.appointments().then((m) => ({ default: m.AppointmentsPage })),
);
export const DepartmentTrackingPage = lazy(() =>
  pageModules.departmentTracking().then((m) => ({ default: m.DepartmentTrackingPage })),
);
export const SubscriptionPage = lazy(() =>
  pageModules.subscription().then((m) => ({ default: m.SubscriptionPage })),
);
// The availability editor offers the settings page's list of time zones, as reminders do.
export const DoctorAppointmentsPage = lazy(() =>
  Promise.all([pageModules.doctorAppointments(), import('@/features/settings/settings-api')]).then(
    ([page, settings]) => ({
      default: function DoctorAppointments() {
        return <page.DoctorAppointmentsPage timeZones={settings.TIMEZONES} />;
      },
    }),
  ),
);
// The satisfaction figure: a card of /doctor, from the appointments feature.
export const SatisfactionCard = lazy(() =>
  import('@/features/appointments/SatisfactionCard').then((m) => ({ default: m.SatisfactionCard })),
);
// The professional's inbox: a section of /doctor, from the messages feature.
export const ProfessionalInbox = lazy(() =>
  import('@/features/messages/ProfessionalInbox').then((m) => ({ default: m.ProfessionalInbox })),
);
// Care team (patient side): sections of /profil, the invitation answer and the public share page.
export const PatientSharingSections = lazy(() =>
  import('@/features/care-team/PatientSharingSections').then((m) => ({
    default: m.PatientSharingSections,
  })),
);
export const AcceptInvitationPage = lazy(() =>
  import('@/features/care-team/AcceptInvitationPage').then((m) => ({
    default: m.AcceptInvitationPage,
  })),
);
export const SignInUnlockPage = lazy(() =>
  import('@/features/auth/SignInUnlock').then((m) => ({ default: m.SignInUnlockPage })),
);
export const EmailConfirmPage = lazy(() =>
  import('@/features/settings/EmailConfirmPage').then((m) => ({ default: m.EmailConfirmPage })),
);
export const SharePage = lazy(() =>
  import('@/features/care-team/SharePage').then((m) => ({ default: m.SharePage })),
);
export const AdminPage = lazy(() => pageModules.admin().then((m) => ({ default: m.AdminPage })));
// The forum (community feature) and its moderation, the "Forum" section of /admin.
export const CommunityPage = lazy(() => pageModules.community().then((m) => ({ default: m.CommunityPage })));
export const AdminForumReports = lazy(() =>
  import('@/features/community/AdminForumReports').then((m) => ({ default: m.AdminForumReports })),
);
// The support inbox: the tickets section of /admin, from the support feature.
export const AdminTicketInbox = lazy(() =>
  import('@/features/support/AdminTicketInbox').then((m) => ({ default: m.AdminTicketInbox })),
);
