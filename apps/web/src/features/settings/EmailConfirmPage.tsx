import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { confirmEmailChange } from '@glucosuivi/domain/accounts/accounts.contract';
import { confirmEmailChangeSchema } from '@glucosuivi/domain/accounts/accounts.schemas';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { ApiError } from '@/lib/errors';
import { homeFor, sessionQueryKey, useSession, type SessionUser } from '@/lib/session';
import { useSettingsT } from './settings-i18n';

type Outcome = 'success' | 'expired' | 'invalid' | 'failed';

/**
 * /email/confirm?token=… — the page the link sent to a new e-mail address opens. The change is
 * applied only for the signed-in owner of the request: signed out, the page asks to sign in and
 * comes back here; the link itself never signs anyone in.
 */
export function EmailConfirmPage() {
  const { t } = useSettingsT();
  useDocumentTitle(t('emailConfirm.title'));
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { user, isPending } = useSession();
  if (isPending) return <LoadingScreen />;
  if (!confirmEmailChangeSchema.safeParse({ token }).success) return <Result outcome="invalid" user={user} />;
  if (!user) return <SignedOut />;
  return <Confirm token={token} user={user} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8">
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-canvas p-5 shadow-sm sm:p-6">{children}</div>
    </div>
  );
}

function SignedOut() {
  const { t } = useSettingsT();
  const location = useLocation();
  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <Frame>
      <h1 className="text-2xl font-bold">{t('emailConfirm.title')}</h1>
      <p>{t('emailConfirm.signIn')}</p>
      <Link to={`/auth?next=${next}`} className={buttonClasses('primary', 'self-start')} data-button>
        {t('emailConfirm.signInAction')}
      </Link>
    </Frame>
  );
}

function Confirm({ token, user }: { token: string; user: SessionUser }) {
  const queryClient = useQueryClient();
  const started = useRef(false);
  const confirm = useMutation({
    mutationFn: () => apiCall(confirmEmailChange, { body: { token } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
  useEffect(() => {
    // The link works once: a second render must not send it again.
    if (started.current) return;
    started.current = true;
    confirm.mutate();
  }, [confirm]);
  if (confirm.isSuccess) return <Result outcome="success" user={user} email={confirm.data.email} />;
  if (confirm.isError) return <Result outcome={outcomeOf(confirm.error)} user={user} />;
  return <LoadingScreen />;
}

function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === 'email_change_expired') return 'expired';
  if (error.code === 'email_change_invalid' || error.code === 'validation_failed') return 'invalid';
  return 'failed';
}

function Result({ outcome, user, email }: { outcome: Outcome; user: SessionUser | null; email?: string }) {
  const { t } = useSettingsT();
  const settings = user?.userType === 'doctor' ? '/doctor-settings' : '/settings';
  return (
    <Frame>
      <h1 className="text-2xl font-bold">{t('emailConfirm.title')}</h1>
      <p role={outcome === 'success' ? 'status' : 'alert'}>{t(`emailConfirm.${outcome}`, { email })}</p>
      {user ? (
        <div className="flex flex-wrap gap-2">
          {outcome === 'success' ? null : (
            <Link to={settings} className={buttonClasses('primary')} data-button>
              {t('emailConfirm.toSettings')}
            </Link>
          )}
          <Link to={homeFor(user)} className={buttonClasses(outcome === 'success' ? 'primary' : 'secondary')} data-button>
            {t('emailConfirm.toHome')}
          </Link>
        </div>
      ) : (
        <Link to="/auth" className={buttonClasses('primary', 'self-start')} data-button>
          {t('emailConfirm.signInAction')}
        </Link>
      )}
    </Frame>
  );
}
