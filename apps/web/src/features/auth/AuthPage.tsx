import { ArrowLeft, HeartPulse } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusMessage } from '@/components/ui/StatusMessage';
import { useDocumentTitle } from '@/lib/document-title';
import { homeFor, useSession } from '@/lib/session';
import { AuthForm } from './AuthForm';
import type { AuthMode, RegisterRole } from './auth-form';
import { ForgotPasswordForm, ResetPasswordForm } from './PasswordResetForms';
import { safeNext } from './safe-next';
import { TwoFactorStep } from './TwoFactorStep';
import { useSignedIn, type PreloadForUser } from './use-signed-in';

type View = AuthMode | 'forgot' | 'reset';

function viewFrom(search: URLSearchParams): View {
  const mode = search.get('mode');
  if (mode === 'reset' && search.get('token')) return 'reset';
  if (mode === 'forgot') return 'forgot';
  if (mode === 'register' || search.get('role') === 'doctor') return 'register';
  return 'login';
}

const TITLE_KEY: Record<View, string> = {
  login: 'loginTitle',
  register: 'registerTitle',
  forgot: 'forgot.title',
  reset: 'reset.title',
};

/**
 * /auth (spec §2): back-to-home, sign-in or registration (patient or professional), second
 * factor, forgotten password and the reset link. A signed-in visitor is sent to `next` (a safe
 * same-site path) or else to their home.
 */
export function AuthPage({ preload }: { preload?: PreloadForUser }) {
  const { t } = useTranslation('auth');
  const [search, setSearch] = useSearchParams();
  const { user } = useSession();
  const [twoFactor, setTwoFactor] = useState(false);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const view = viewFrom(search);
  // `?next=` (an invitation link, a guard): followed after sign-in or sign-up when it is a path of this site.
  const next = safeNext(search.get('next'));
  const initialRole: RegisterRole = search.get('role') === 'doctor' ? 'doctor' : 'patient';
  const title = t(twoFactor && view === 'login' ? 'twoFactor.title' : TITLE_KEY[view]);
  useDocumentTitle(title);

  const onSignedIn = useSignedIn(preload, setRedirectTo);

  const go = (nextView: View) => {
    setTwoFactor(false);
    const params: Record<string, string> = nextView === 'login' ? {} : { mode: nextView };
    if (next) params.next = next;
    setSearch(params, { replace: false });
  };

  if (user) {
    return (
      <>
        <StatusMessage>{t('redirecting')}</StatusMessage>
        <Navigate to={next ?? redirectTo ?? homeFor(user)} replace />
      </>
    );
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col px-4 py-8">
      <Link to="/" className={buttonClasses('ghost', 'mb-4 self-start -ml-2')} data-button>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('backHome')}
      </Link>
      <div className="rounded-2xl border border-line bg-canvas p-6 shadow-sm">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <HeartPulse aria-hidden="true" className="size-10 text-primary" />
          <h1 className="text-3xl font-bold">{title}</h1>
          <p className="text-muted">{t(view === 'register' ? 'registerIntro' : 'loginIntro')}</p>
        </div>
        {view === 'reset' ? (
          <ResetPasswordForm token={search.get('token') ?? ''} onDone={() => go('login')} />
        ) : view === 'forgot' ? (
          <ForgotPasswordForm onBack={() => go('login')} />
        ) : twoFactor && view === 'login' ? (
          <TwoFactorStep onSignedIn={onSignedIn} onCancel={() => setTwoFactor(false)} />
        ) : (
          <AuthForm
            // A new mode or role in the URL is a fresh form (spec §4: toggling clears fields).
            key={`${view}-${initialRole}`}
            mode={view}
            initialRole={initialRole}
            onModeChange={(mode) => go(mode)}
            onForgotPassword={() => go('forgot')}
            onSignedIn={onSignedIn}
            onTwoFactor={() => setTwoFactor(true)}
          />
        )}
      </div>
    </section>
  );
}
