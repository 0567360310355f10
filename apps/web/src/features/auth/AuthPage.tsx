import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusMessage } from '@/components/ui/StatusMessage';
import { useDocumentTitle } from '@/lib/document-title';
import { homeFor, useSession } from '@/lib/session';

/** Placeholder until accounts exist: says what the page will hold, redirects a signed-in user. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const { user } = useSession();
  const professional = search.get('role') === 'doctor';
  const register = professional || search.get('mode') === 'register';
  const title = t(register ? 'registerTitle' : 'loginTitle');
  useDocumentTitle(title);

  if (user) {
    return (
      <>
        <StatusMessage>{t('redirecting')}</StatusMessage>
        <Navigate to={homeFor(user)} replace />
      </>
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/" className={buttonClasses('ghost', 'mb-6 -ml-2')} data-button>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('backHome')}
      </Link>
      <h1 className="mb-4 text-3xl font-bold">{title}</h1>
      <p className="text-lg text-muted">{t(professional ? 'placeholderProfessional' : 'placeholder')}</p>
    </section>
  );
}
