import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { useDocumentTitle } from '@/lib/document-title';

export function NotFoundPage() {
  const { t } = useTranslation('notFound');
  const { pathname } = useLocation();
  useDocumentTitle(t('documentTitle'));

  useEffect(() => {
    console.warn('404: unknown path', pathname);
  }, [pathname]);

  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-20 text-center">
      <p aria-hidden="true" className="text-6xl font-extrabold text-primary">
        404
      </p>
      <h1 className="text-3xl font-bold">{t('heading')}</h1>
      <Link to="/" className={buttonClasses('primary')} data-button>
        {t('backHome')}
      </Link>
    </section>
  );
}
