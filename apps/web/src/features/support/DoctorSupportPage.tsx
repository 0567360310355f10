import { useTranslation } from 'react-i18next';
import { MyRequests } from './MyRequests';
import { SupportForm } from './SupportForm';
import { usePageMeta } from '@/lib/document-title';

/** /doctor-support: the professionals' support form (same tickets, types and subjects) and their history. */
export function DoctorSupportPage() {
  const { t } = useTranslation('support');
  usePageMeta(t('doctorSupport.title'), t('doctorSupport.description'));
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t('doctorSupport.title')}</h1>
      <p className="mb-3 text-lg text-muted">{t('doctorSupport.intro')}</p>
      <p className="mb-8 rounded-lg border border-line bg-surface p-3 font-medium">{t('doctorSupport.patientData')}</p>
      <SupportForm withEmail={false} />
      <MyRequests />
    </section>
  );
}
