import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/document-title';

/** Pages that exist in the route table but whose feature is not built yet. */
export type PlaceholderPageKey =
  | 'privacyPolicy'
  | 'howItWorks'
  | 'features'
  | 'pricing'
  | 'security'
  | 'training'
  | 'terms'
  | 'apiDocs'
  | 'cookies'
  | 'legal'
  | 'helpCenter'
  | 'contact'
  | 'community'
  | 'userGuide'
  | 'subscription'
  | 'patientDashboard'
  | 'profile'
  | 'healthDashboard'
  | 'patientSubscription'
  | 'notifications'
  | 'support'
  | 'settings'
  | 'cgmConnection'
  | 'messages'
  | 'appointments'
  | 'reports'
  | 'reminders'
  | 'newMeasurement'
  | 'weeklyReport'
  | 'doctorDashboard'
  | 'doctorResources'
  | 'doctorProfile'
  | 'doctorSettings'
  | 'doctorAppointments'
  | 'doctorSupport'
  | 'doctorNotifications'
  | 'patientInvitations'
  | 'admin'
  | 'departmentTracking';

export function PlaceholderPage({ pageKey }: { pageKey: PlaceholderPageKey }) {
  const { t } = useTranslation('pages');
  const title = t(`${pageKey}.title`);
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{title}</h1>
      <p className="text-lg text-muted">{t(`${pageKey}.description`)}</p>
    </section>
  );
}
