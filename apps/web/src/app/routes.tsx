import { Suspense, lazy, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { LoadingScreen, type LoadingVariant } from '@/components/ui/LoadingScreen';
import type { PlaceholderPageKey } from '@/features/placeholder/PlaceholderPage';
import { RequireAuth } from './guards/RequireAuth';
import { TwoFactorBanner } from './layouts/TwoFactorBanner';
import { pageModules, preloadForUser } from './preload';
import { RequirePatient } from './guards/RequirePatient';
import { RequireProfessional } from './guards/RequireProfessional';
import { RootLayout } from './layouts/RootLayout';
import { RouteError } from './RouteError';
import { lazyPage } from './lazy-page';

// Route-level code splitting: each feature is its own chunk, loaded on first visit.
const LandingPage = lazyPage(() => import('@/features/landing/LandingPage').then((m) => m.LandingPage));
const AuthPage = lazyPage(() => import('@/features/auth/AuthPage').then((m) => m.AuthPage));

/** Pages rendered at build time (scripts/prerender.mjs), with what their first client render needs. */
export const PRERENDERED_PAGES: Readonly<Record<string, () => Promise<unknown>>> = {
  '/': LandingPage.preload,
  '/auth': AuthPage.preload,
};
const NotFoundPage = lazy(() => import('@/features/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const PlaceholderPage = lazy(() => pageModules.placeholder().then((m) => ({ default: m.PlaceholderPage })));
const SettingsPage = lazy(() => pageModules.settings().then((m) => ({ default: m.SettingsPage })));
const DashboardPage = lazy(() => import('@/features/health/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const NewMeasurementPage = lazy(() => import('@/features/measurements/NewMeasurementPage').then((m) => ({ default: m.NewMeasurementPage })));
const NotificationsPage = lazy(() => import('@/features/alerts/NotificationsPage').then((m) => ({ default: m.NotificationsPage })));
const ReportsPage = lazy(() => import('@/features/reports/ReportsPage').then((m) => ({ default: m.ReportsPage })));
const WeeklyReportPage = lazy(() => import('@/features/reports/WeeklyReportPage').then((m) => ({ default: m.WeeklyReportPage })));
const ProfilePage = lazy(() => import('@/features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const InfoPage = lazy(() => import('@/features/info/InfoPage').then((m) => ({ default: m.InfoPage })));
const SupportPage = lazy(() => import('@/features/support/SupportPage').then((m) => ({ default: m.SupportPage })));
const ContactPage = lazy(() => import('@/features/support/ContactPage').then((m) => ({ default: m.ContactPage })));
const TriagePage = lazy(() => pageModules.doctorTriage().then((m) => ({ default: m.TriagePage })));
const DoctorPatientPage = lazy(() => import('@/features/doctor/PatientPage').then((m) => ({ default: m.PatientPage })));
const InvitationsPage = lazy(() => pageModules.patientInvitations().then((m) => ({ default: m.InvitationsPage })));
const DoctorProfilePage = lazy(() => pageModules.doctorProfile().then((m) => ({ default: m.DoctorProfilePage })));
// Care team (patient side): sections of /profil, the invitation answer and the public share page.
const PatientSharingSections = lazy(() => import('@/features/care-team/PatientSharingSections').then((m) => ({ default: m.PatientSharingSections })));
const AcceptInvitationPage = lazy(() => import('@/features/care-team/AcceptInvitationPage').then((m) => ({ default: m.AcceptInvitationPage })));
const SharePage = lazy(() => import('@/features/care-team/SharePage').then((m) => ({ default: m.SharePage })));

/** Pages whose feature is built; every other page of the table is still a placeholder. */
const FEATURE_PAGES: Partial<Record<PlaceholderPageKey, () => ReactNode>> = {
  settings: () => <SettingsPage />,
  doctorSettings: () => <SettingsPage />,
  patientDashboard: () => <DashboardPage />,
  healthDashboard: () => <DashboardPage />,
  newMeasurement: () => <NewMeasurementPage />,
  notifications: () => <NotificationsPage />,
  reports: () => <ReportsPage />,
  weeklyReport: () => <WeeklyReportPage />,
  profile: () => (
    <ProfilePage
      sharing={
        <Suspense fallback={null}>
          <PatientSharingSections />
        </Suspense>
      }
    />
  ),
  privacyPolicy: () => <InfoPage page="privacyPolicy" />,
  howItWorks: () => <InfoPage page="howItWorks" />,
  features: () => <InfoPage page="features" />,
  pricing: () => <InfoPage page="pricing" />,
  security: () => <InfoPage page="security" />,
  training: () => <InfoPage page="training" />,
  terms: () => <InfoPage page="terms" />,
  apiDocs: () => <InfoPage page="apiDocs" />,
  cookies: () => <InfoPage page="cookies" />,
  legal: () => <InfoPage page="legal" />,
  helpCenter: () => <InfoPage page="helpCenter" />,
  community: () => <InfoPage page="community" />,
  userGuide: () => <InfoPage page="userGuide" />,
  subscription: () => <InfoPage page="subscription" />,
  support: () => <SupportPage />,
  contact: () => <ContactPage />,
  doctorDashboard: () => <TriagePage />,
  patientInvitations: () => <InvitationsPage />,
  doctorProfile: () => <DoctorProfilePage />,
};

export type RouteArea = 'public' | 'patient' | 'professional';

export interface PageRoute {
  /** The first path is the canonical one, the others are aliases showing the same page. */
  paths: readonly string[];
  page: PlaceholderPageKey;
  area: RouteArea;
  loading?: LoadingVariant;
}

/** Every page of spec §2 with its aliases. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { paths: ['/privacy-policy'], page: 'privacyPolicy', area: 'public' },
  { paths: ['/how-it-works'], page: 'howItWorks', area: 'public' },
  { paths: ['/features'], page: 'features', area: 'public' },
  { paths: ['/pricing'], page: 'pricing', area: 'public' },
  { paths: ['/security'], page: 'security', area: 'public' },
  { paths: ['/training'], page: 'training', area: 'public' },
  { paths: ['/terms'], page: 'terms', area: 'public' },
  { paths: ['/api-docs', '/api'], page: 'apiDocs', area: 'public' },
  { paths: ['/cookies', '/cookies-policy'], page: 'cookies', area: 'public' },
  { paths: ['/legal', '/legal-notice'], page: 'legal', area: 'public' },
  { paths: ['/help-center', '/centre-aide'], page: 'helpCenter', area: 'public' },
  { paths: ['/contact'], page: 'contact', area: 'public' },
  { paths: ['/community', '/communaute', '/community-forum'], page: 'community', area: 'public' },
  { paths: ['/user-guide', '/guide-utilisateur'], page: 'userGuide', area: 'public' },
  { paths: ['/subscription'], page: 'subscription', area: 'public' },

  { paths: ['/patient-dashboard'], page: 'patientDashboard', area: 'patient', loading: 'dashboard' },
  { paths: ['/profil', '/profile'], page: 'profile', area: 'patient' },
  { paths: ['/dashboard', '/health-dashboard'], page: 'healthDashboard', area: 'patient', loading: 'dashboard' },
  { paths: ['/abonnement'], page: 'patientSubscription', area: 'patient' },
  { paths: ['/notifications'], page: 'notifications', area: 'patient' },
  { paths: ['/support'], page: 'support', area: 'patient' },
  { paths: ['/settings'], page: 'settings', area: 'patient' },
  { paths: ['/cgm-connection'], page: 'cgmConnection', area: 'patient' },
  { paths: ['/messages'], page: 'messages', area: 'patient' },
  { paths: ['/appointments'], page: 'appointments', area: 'patient' },
  { paths: ['/reports'], page: 'reports', area: 'patient', loading: 'report' },
  { paths: ['/reminders'], page: 'reminders', area: 'patient' },
  { paths: ['/new-measurement'], page: 'newMeasurement', area: 'patient' },
  { paths: ['/weekly-report'], page: 'weeklyReport', area: 'patient', loading: 'report' },

  { paths: ['/doctor'], page: 'doctorDashboard', area: 'professional', loading: 'doctor' },
  { paths: ['/doctor-resources'], page: 'doctorResources', area: 'professional' },
  { paths: ['/doctor-profile'], page: 'doctorProfile', area: 'professional' },
  { paths: ['/doctor-settings'], page: 'doctorSettings', area: 'professional' },
  { paths: ['/doctor-appointments'], page: 'doctorAppointments', area: 'professional' },
  { paths: ['/doctor-support'], page: 'doctorSupport', area: 'professional' },
  { paths: ['/patient-invitations'], page: 'patientInvitations', area: 'professional' },
  { paths: ['/admin'], page: 'admin', area: 'professional', loading: 'admin' },
  { paths: ['/department-tracking'], page: 'departmentTracking', area: 'professional' },
];

const AREA_LOADING: Record<RouteArea, LoadingVariant> = {
  public: 'default',
  patient: 'patient',
  professional: 'doctor',
};

function suspended(node: ReactNode, variant: LoadingVariant = 'default') {
  return <Suspense fallback={<LoadingScreen variant={variant} />}>{node}</Suspense>;
}

function pageRoutes(area: RouteArea): RouteObject[] {
  return PAGE_ROUTES.filter((route) => route.area === area).flatMap((route) =>
    route.paths.map((path) => ({
      path,
      element: suspended(
        FEATURE_PAGES[route.page]?.() ?? <PlaceholderPage pageKey={route.page} />,
        route.loading ?? AREA_LOADING[route.area],
      ),
    })),
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: suspended(<LandingPage />) },
      { path: '/auth', element: suspended(<AuthPage preload={preloadForUser} />) },
      { path: '/invitations/accept', element: suspended(<AcceptInvitationPage />) },
      { path: '/partage/:token', element: suspended(<SharePage />, 'dashboard') },
      ...pageRoutes('public'),
      {
        element: (
          <RequireAuth>
            <RequirePatient>
              <Outlet />
            </RequirePatient>
          </RequireAuth>
        ),
        children: pageRoutes('patient'),
      },
      {
        element: (
          <RequireAuth>
            <RequireProfessional>
              <TwoFactorBanner />
              <Outlet />
            </RequireProfessional>
          </RequireAuth>
        ),
        children: [...pageRoutes('professional'), { path: '/doctor/patients/:patientId', element: suspended(<DoctorPatientPage />, 'doctor') }],
      },
      { path: '*', element: suspended(<NotFoundPage />) },
    ],
  },
];
