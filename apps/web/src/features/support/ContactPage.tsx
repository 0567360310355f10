import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGES } from '@/lib/i18n';
import { SupportForm } from './SupportForm';
import { usePageMeta } from '@/lib/document-title';

/** /contact: the public form, for visitors without an account. */
export function ContactPage() {
  const { t } = useTranslation('support');
  usePageMeta(t('contact.title'), t('contact.description'));
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      {LANGUAGES.map((lng) => (
        <link key={lng} rel="alternate" hrefLang={lng} href={`${origin}/contact?lng=${lng}`} />
      ))}
      <h1 className="mb-4 text-3xl font-bold">{t('contact.title')}</h1>
      <p className="mb-3 text-lg text-muted">{t('contact.intro')}</p>
      <ul className="mb-6 list-disc space-y-1 pl-6">
        <li>
          {t('contact.signedIn')}{' '}
          <Link to="/support" className="font-semibold text-primary underline">
            {t('contact.supportLink')}
          </Link>
        </li>
        <li>
          {t('contact.helpFirst')}{' '}
          <Link to="/help-center" className="font-semibold text-primary underline">
            {t('contact.helpLink')}
          </Link>
        </li>
        <li>{t('contact.privacy')}</li>
      </ul>
      <p className="mb-8 rounded-lg border border-line bg-surface p-3 font-medium">
        {t('emergency')}
      </p>
      <SupportForm withEmail />
    </section>
  );
}
