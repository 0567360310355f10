import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MyRequests } from './MyRequests';
import { SupportForm } from './SupportForm';
import { usePageMeta } from '@/lib/document-title';

/** /support: signed-in requests, answered by the administrators (PRODUCT §5). */
export function SupportPage() {
  const { t } = useTranslation('support');
  usePageMeta(t('support.title'), t('support.description'));
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t('support.title')}</h1>
      <p className="mb-3 text-lg text-muted">{t('support.intro')}</p>
      <p className="mb-6">
        {t('support.helpFirst')}{' '}
        <Link to="/help-center" className="font-semibold text-primary underline">
          {t('support.helpLink')}
        </Link>
      </p>
      <p className="mb-8 rounded-lg border border-line bg-surface p-3 font-medium">
        {t('emergency')}
      </p>
      <SupportForm withEmail={false} />
      <MyRequests />
    </section>
  );
}
