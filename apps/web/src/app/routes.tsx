import { Suspense, useEffect, type ReactNode } from 'react';
import {
  Bell,
  BookOpen,
  Building2,
  CalendarDays,
  CalendarRange,
  CirclePlus,
  CreditCard,
  FileText,
  IdCard,
  LayoutDashboard,
  LifeBuoy,
  MessagesSquare,
  Radio,
  Settings,
  Timer,
  UserPlus,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Outlet, useMatches, type RouteObject } from 'react-router';
import { LoadingScreen, type LoadingVariant } from '@/components/ui/LoadingScreen';
import type { PlaceholderPageKey } from '@/features/placeholder/PlaceholderPage';
import { RequireAuth } from './guards/RequireAuth';
import { TwoFactorBanner } from './layouts/TwoFactorBanner';
import { pageModules, preloadForUser } from './preload';
import { PatientArea } from './guards/RequirePatient';
import { AdminToOwnSpace, SignedInToOwnSpace } from './guards/OwnSpace';
import { RequireProfessional } from './guards/RequireProfessional';
import { RootLayout } from './layouts/RootLayout';
import type { MenuCount, MenuItem, MenuRole, RoleMenus } from './layouts/RoleMenu';
import { RouteError } from './RouteError';
import {
  NotFoundPage,
  PlaceholderPage,
  SettingsPage,
  DashboardPage,
  NewMeasurementPage,
  NotificationsPage,
  ProfessionalNotificationsPage,
  ReportsPage,
  WeeklyReportPage,
  ProfilePage,
  InfoPage,
  SupportPage,
  DoctorSupportPage,
  ContactPage,
  TriagePage,
  DoctorPatientPage,
  InvitationsPage,
  DoctorProfilePage,
  DoctorResourcesPage,
  MessagesPage,
  CgmConnectionPage,
  RemindersPage,
  AppointmentsPage,
  DepartmentTrackingPage,
  SubscriptionPage,
  DoctorAppointmentsPage,
  SatisfactionCard,
  ProfessionalInbox,
  PatientSharingSections,
  AcceptInvitationPage,
  SignInUnlockPage,
  EmailConfirmPage,
  SharePage,
  AdminPage,
  AdminTicketInbox,
  CommunityPage,
  AdminForumReports,
} from './lazy-pages';
import { AuthPage, LandingPage } from './rendered-pages';

/** Pages whose feature is built; every other page of the table is still a placeholder. */
const FEATURE_PAGES: Partial<Record<PlaceholderPageKey, () => ReactNode>> = {
  settings: () => <SettingsPage />,
  doctorSettings: () => <SettingsPage />,
  patientDashboard: () => <DashboardPage />,
  healthDashboard: () => <DashboardPage />,
  newMeasurement: () => <NewMeasurementPage />,
  notifications: () => <NotificationsPage />,
  doctorNotifications: () => <ProfessionalNotificationsPage />,
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
  community: () => <CommunityPage />,
  userGuide: () => <InfoPage page="userGuide" />,
  subscription: () => <InfoPage page="subscription" />,
  patientSubscription: () => <SubscriptionPage />,
  support: () => <SupportPage />,
  doctorSupport: () => <DoctorSupportPage />,
  contact: () => <ContactPage />,
  messages: () => <MessagesPage />,
  reminders: () => <RemindersPage />,
  cgmConnection: () => <CgmConnectionPage />,
  appointments: () => <AppointmentsPage />,
  doctorAppointments: () => (
    <AdminToOwnSpace>
      <DoctorAppointmentsPage />
    </AdminToOwnSpace>
  ),
  doctorDashboard: () => (
    <AdminToOwnSpace>
      <TriagePage
        satisfaction={
          <Suspense fallback={null}>
            <SatisfactionCard />
          </Suspense>
        }
        inbox={
          <Suspense fallback={null}>
            <ProfessionalInbox />
          </Suspense>
        }
      />
    </AdminToOwnSpace>
  ),
  patientInvitations: () => <InvitationsPage />,
  doctorProfile: () => <DoctorProfilePage />,
  doctorResources: () => <DoctorResourcesPage />,
  admin: () => (
    <AdminPage
      tickets={
        <Suspense fallback={null}>
          <AdminTicketInbox />
        </Suspense>
      }
      forum={<Suspense fallback={null}><AdminForumReports /></Suspense>}
    />
  ),
  departmentTracking: () => (
    <AdminToOwnSpace>
      <DepartmentTrackingPage />
    </AdminToOwnSpace>
  ),
};

/**
 * The chunk of each signed-in page, fetched as soon as its route matches: the download then runs
 * while the guards ask the server for the session instead of after it (one waterfall step less).
 */
const PAGE_CHUNKS: Partial<Record<PlaceholderPageKey, () => Promise<unknown>>> = {
  settings: pageModules.settings,
  doctorSettings: pageModules.settings,
  patientDashboard: pageModules.dashboard,
  healthDashboard: pageModules.dashboard,
  newMeasurement: pageModules.newMeasurement,
  notifications: pageModules.notifications,
  doctorNotifications: pageModules.notifications,
  reports: pageModules.reports,
  weeklyReport: pageModules.weeklyReport,
  profile: pageModules.profile,
  support: pageModules.support,
  doctorSupport: pageModules.doctorSupport,
  messages: pageModules.messages,
  reminders: pageModules.reminders,
  cgmConnection: pageModules.cgmConnection,
  appointments: pageModules.appointments,
  doctorAppointments: pageModules.doctorAppointments,
  doctorDashboard: pageModules.doctorTriage,
  patientInvitations: pageModules.patientInvitations,
  doctorProfile: pageModules.doctorProfile,
  doctorResources: pageModules.doctorResources,
  admin: pageModules.admin,
  departmentTracking: pageModules.departmentTracking,
  patientSubscription: pageModules.subscription,
  community: pageModules.community,
};

interface PageHandle {
  preload?: () => Promise<unknown>;
}

/** Starts fetching the matched page's chunk on the first render of a guarded area. */
function PreloadMatchedPage() {
  const preload = (useMatches().at(-1)?.handle as PageHandle | undefined)?.preload;
  useEffect(() => {
    // A failed preload only means the page's own lazy import tries again.
    void preload?.().catch(() => undefined);
  }, [preload]);
  return null;
}

export type RouteArea = 'public' | 'patient' | 'professional';

export interface MenuEntry {
  roles: readonly MenuRole[];
  /** Key of the label in common:nav.items. */
  label: string;
  icon: LucideIcon;
  /** Position in the menu, smallest first. */
  order: number;
  /** Also shown in the header row on wide screens (the role's main pages); the rest only in the menu. */
  inline?: boolean;
  /** The count shown beside the label. */
  count?: MenuCount;
  /** The role's home: always linked, as the spec's "Tableau de bord" button, even before it is built. */
  home?: boolean;
}

export interface PageRoute {
  /** The first path is the canonical one, the others are aliases showing the same page. */
  paths: readonly string[];
  page: PlaceholderPageKey;
  area: RouteArea;
  loading?: LoadingVariant;
  /** Listed in the signed-in menu of these roles (only once its page is built). */
  menu?: MenuEntry;
}

/**
 * A page is built when FEATURE_PAGES renders it; until then the route shows its placeholder, no
 * menu links to it and the landing page calls it "bientôt". Building a page is its line there.
 */
export function isBuilt(page: PlaceholderPageKey): boolean {
  return page in FEATURE_PAGES;
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
  { paths: ['/community', '/communaute', '/community-forum', '/community/c/:slug', '/community/t/:id'], page: 'community', area: 'public', menu: { roles: ['patient'], label: 'community', icon: MessagesSquare, order: 115 } }, // forum home, category, thread
  { paths: ['/user-guide', '/guide-utilisateur'], page: 'userGuide', area: 'public' },
  { paths: ['/subscription'], page: 'subscription', area: 'public' },

  { paths: ['/patient-dashboard'], page: 'patientDashboard', area: 'patient', loading: 'dashboard', menu: { roles: ['patient'], label: 'dashboard', icon: LayoutDashboard, order: 10, inline: true, home: true } },
  { paths: ['/profil', '/profile'], page: 'profile', area: 'patient', menu: { roles: ['patient'], label: 'profile', icon: UserRound, order: 50, inline: true } },
  { paths: ['/dashboard', '/health-dashboard'], page: 'healthDashboard', area: 'patient', loading: 'dashboard' },
  { paths: ['/abonnement'], page: 'patientSubscription', area: 'patient', menu: { roles: ['patient'], label: 'subscription', icon: CreditCard, order: 110 } },
  { paths: ['/notifications'], page: 'notifications', area: 'patient', menu: { roles: ['patient'], label: 'notifications', icon: Bell, order: 60, count: 'unreadNotifications' } },
  { paths: ['/support'], page: 'support', area: 'patient', menu: { roles: ['patient'], label: 'support', icon: LifeBuoy, order: 120 } },
  { paths: ['/settings'], page: 'settings', area: 'patient', menu: { roles: ['patient'], label: 'settings', icon: Settings, order: 130 } },
  { paths: ['/cgm-connection'], page: 'cgmConnection', area: 'patient', menu: { roles: ['patient'], label: 'cgmConnection', icon: Radio, order: 100 } },
  { paths: ['/messages'], page: 'messages', area: 'patient', menu: { roles: ['patient'], label: 'messages', icon: MessagesSquare, order: 70, count: 'unreadMessages' } },
  { paths: ['/appointments'], page: 'appointments', area: 'patient', menu: { roles: ['patient'], label: 'appointments', icon: CalendarDays, order: 80 } },
  { paths: ['/reports'], page: 'reports', area: 'patient', loading: 'report', menu: { roles: ['patient'], label: 'reports', icon: FileText, order: 30, inline: true } },
  { paths: ['/reminders'], page: 'reminders', area: 'patient', menu: { roles: ['patient'], label: 'reminders', icon: Timer, order: 90 } },
  { paths: ['/new-measurement'], page: 'newMeasurement', area: 'patient', menu: { roles: ['patient'], label: 'newMeasurement', icon: CirclePlus, order: 20, inline: true } },
  { paths: ['/weekly-report'], page: 'weeklyReport', area: 'patient', loading: 'report', menu: { roles: ['patient'], label: 'weeklyReport', icon: CalendarRange, order: 40 } },

  { paths: ['/doctor'], page: 'doctorDashboard', area: 'professional', loading: 'doctor', menu: { roles: ['professional'], label: 'dashboard', icon: LayoutDashboard, order: 10, inline: true, home: true } },
  { paths: ['/doctor-resources'], page: 'doctorResources', area: 'professional', menu: { roles: ['professional'], label: 'doctorResources', icon: BookOpen, order: 50 } },
  { paths: ['/doctor-profile'], page: 'doctorProfile', area: 'professional', menu: { roles: ['professional'], label: 'doctorProfile', icon: IdCard, order: 40, inline: true } },
  { paths: ['/doctor-settings'], page: 'doctorSettings', area: 'professional', menu: { roles: ['professional', 'admin'], label: 'settings', icon: Settings, order: 90 } },
  { paths: ['/doctor-appointments'], page: 'doctorAppointments', area: 'professional', menu: { roles: ['professional'], label: 'doctorAppointments', icon: CalendarDays, order: 30 } },
  { paths: ['/doctor-notifications'], page: 'doctorNotifications', area: 'professional', menu: { roles: ['professional'], label: 'notifications', icon: Bell, order: 20, count: 'unreadDelivered' } },
  { paths: ['/doctor-support'], page: 'doctorSupport', area: 'professional', menu: { roles: ['professional'], label: 'doctorSupport', icon: LifeBuoy, order: 80 } },
  { paths: ['/patient-invitations'], page: 'patientInvitations', area: 'professional', menu: { roles: ['professional'], label: 'invitations', icon: UserPlus, order: 20, inline: true } },
  { paths: ['/admin'], page: 'admin', area: 'professional', loading: 'admin', menu: { roles: ['admin'], label: 'dashboard', icon: LayoutDashboard, order: 10, inline: true, home: true } },
  { paths: ['/department-tracking'], page: 'departmentTracking', area: 'professional', menu: { roles: ['professional'], label: 'departmentTracking', icon: Building2, order: 60 } },
];

/** One role's menu, from the route table: its built pages (and its home), in order. */
export function menuFor(role: MenuRole): MenuItem[] {
  return PAGE_ROUTES.flatMap((route) =>
    route.menu && route.menu.roles.includes(role) && (route.menu.home || isBuilt(route.page)) ? [{ route, menu: route.menu }] : [],
  )
    .sort((a, b) => a.menu.order - b.menu.order)
    .map(({ route, menu }) => ({
      to: route.paths[0]!,
      paths: route.paths,
      label: menu.label,
      icon: menu.icon,
      inline: menu.inline ?? false,
      ...(menu.count ? { count: menu.count } : {}),
    }));
}

/**
 * Landing feature cards whose page is not built yet: they say "bientôt" instead of promising it.
 * Advice has no page of its own: its card is on the patient dashboard and the professional's patient page.
 */
const ADVICE_BUILT = true;
const FEATURE_CARD_PAGES = { messaging: 'messages', appointments: 'appointments', reminders: 'reminders', cgm: 'cgmConnection' } as const;
export const UPCOMING_FEATURES: readonly string[] = [
  ...(ADVICE_BUILT ? [] : ['advice']),
  ...Object.entries(FEATURE_CARD_PAGES)
    .filter(([, page]) => !isBuilt(page))
    .map(([card]) => card),
];

const ROLE_MENUS: RoleMenus = { patient: menuFor('patient'), professional: menuFor('professional'), admin: menuFor('admin') };

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
      handle: { preload: PAGE_CHUNKS[route.page] ?? (isBuilt(route.page) ? undefined : pageModules.placeholder) } satisfies PageHandle,
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
    element: <RootLayout menus={ROLE_MENUS} />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        element: (
          <SignedInToOwnSpace>
            {suspended(<LandingPage upcoming={UPCOMING_FEATURES} />)}
          </SignedInToOwnSpace>
        ),
      },
      { path: '/auth', element: suspended(<AuthPage preload={preloadForUser} />) },
      { path: '/auth/unlock', element: suspended(<SignInUnlockPage />) },
      { path: '/invitations/accept', element: suspended(<AcceptInvitationPage />) },
      { path: '/email/confirm', element: suspended(<EmailConfirmPage />) },
      { path: '/partage/:token', element: suspended(<SharePage />, 'dashboard') },
      ...pageRoutes('public'),
      {
        element: (
          <>
            <PreloadMatchedPage />
            <PatientArea>
              <Outlet />
            </PatientArea>
          </>
        ),
        children: pageRoutes('patient'),
      },
      {
        element: (
          <>
            <PreloadMatchedPage />
            <RequireAuth>
              <RequireProfessional>
                <TwoFactorBanner />
                <Outlet />
              </RequireProfessional>
            </RequireAuth>
          </>
        ),
        children: [...pageRoutes('professional'), {
            path: '/doctor/patients/:patientId',
            handle: { preload: pageModules.doctorPatient } satisfies PageHandle,
            element: <AdminToOwnSpace>{suspended(<DoctorPatientPage />, 'doctor')}</AdminToOwnSpace>,
          }],
      },
      { path: '*', element: suspended(<NotFoundPage />) },
    ],
  },
];
