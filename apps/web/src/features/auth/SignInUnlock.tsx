import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { requestSignInUnlock, unlockSignIn } from '@glucosuivi/domain/accounts/accounts.contract';
import { forgotPasswordSchema, signInUnlockSchema } from '@glucosuivi/domain/accounts/accounts.schemas';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { ErrorAlert } from './ErrorAlert';

/**
 * Shown under a sign-in refused for too many attempts: the owner can have a link e-mailed that
 * lets this browser sign in without waiting. The answer never says whether the address has an
 * account.
 */
export function SignInUnlockOffer({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const request = useMutation({ mutationFn: (address: string) => apiCall(requestSignInUnlock, { body: { email: address } }) });
  const [missingEmail, setMissingEmail] = useState(false);
  const send = () => {
    const parsed = forgotPasswordSchema.safeParse({ email: email.trim() });
    setMissingEmail(!parsed.success);
    if (parsed.success) request.mutate(parsed.data.email);
  };
  if (request.isSuccess) {
    return (
      <p role="status" className="rounded-lg border border-line bg-surface p-3">
        {t('unlock.sent', { email: email.trim() })}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3">
      <p>{t('unlock.offer')}</p>
      {missingEmail ? <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">{t('unlock.emailNeeded')}</p> : null}
      {request.isError ? <ErrorAlert>{errorMessage(request.error, t)}</ErrorAlert> : null}
      <Button variant="secondary" className="self-start" onClick={send} disabled={request.isPending} aria-disabled={request.isPending}>
        {request.isPending ? t('unlock.sending') : t('unlock.send')}
      </Button>
    </div>
  );
}

/**
 * /auth/unlock?token=… — the page the unlock e-mail opens. It waits for a click: mail scanners
 * that fetch links must not use up the single-use link. The link signs nobody in; it only lets
 * this browser try its password again at once.
 */
export function SignInUnlockPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('unlock.title'));
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const wellFormed = signInUnlockSchema.safeParse({ token }).success;
  const unlock = useMutation({ mutationFn: () => apiCall(unlockSignIn, { body: { token } }) });
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8">
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-canvas p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold">{t('unlock.title')}</h1>
        {unlock.isSuccess ? (
          <p role="status">{t('unlock.done')}</p>
        ) : !wellFormed ? (
          <ErrorAlert>{t('errors:unlock_link_invalid')}</ErrorAlert>
        ) : (
          <>
            <p>{t('unlock.intro')}</p>
            {unlock.isError ? <ErrorAlert>{errorMessage(unlock.error, t)}</ErrorAlert> : null}
            <Button className="self-start" onClick={() => unlock.mutate()} disabled={unlock.isPending} aria-disabled={unlock.isPending}>
              {unlock.isPending ? t('unlock.pending') : t('unlock.action')}
            </Button>
          </>
        )}
        <Link to="/auth" className={buttonClasses(unlock.isSuccess ? 'primary' : 'secondary', 'self-start')} data-button>
          {t('unlock.toSignIn')}
        </Link>
      </div>
    </div>
  );
}
