import { verifyBackupCode, verifyTotp } from '@glucosuivi/domain/accounts/accounts.contract';
import { backupCodeSchema, totpCodeSchema } from '@glucosuivi/domain/accounts/accounts.schemas';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { ErrorAlert } from './ErrorAlert';
import { TextField } from '@/components/ui/TextField';
import type { SignedIn } from './use-signed-in';

interface TwoFactorStepProps {
  onSignedIn: (signedIn: SignedIn) => void;
  onCancel: () => void;
}

/** Second sign-in step: the 6-digit code of the authenticator app, or a single-use backup code. */
export function TwoFactorStep({ onSignedIn, onCancel }: TwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), [backup]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setServerError(null);
    const value = backup ? code.trim() : code.replace(/\s+/g, '');
    const parsed = (backup ? backupCodeSchema : totpCodeSchema).safeParse({ code: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'codeInvalid');
      input.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    try {
      const outcome = await apiCall(backup ? verifyBackupCode : verifyTotp, { body: { code: value } });
      if (outcome.status === 'signed_in') {
        onSignedIn({ kind: 'signIn', user: outcome.user, redirectTo: outcome.redirectTo, deletionCancelled: outcome.deletionCancelled });
        return;
      }
      setServerError(t('errors.codeInvalid'));
    } catch (caught) {
      setServerError(errorMessage(caught, t));
      input.current?.focus();
    }
    setPending(false);
  };

  const toggle = () => {
    setBackup((b) => !b);
    setCode('');
    setError(null);
    setServerError(null);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{t('twoFactor.title')}</h2>
      <p className="text-muted">{t(backup ? 'twoFactor.backupIntro' : 'twoFactor.intro')}</p>
      {serverError ? <ErrorAlert title={t('form.loginFailed')}>{serverError}</ErrorAlert> : null}
      <TextField
        ref={input}
        id={`${id}-code`}
        label={t(backup ? 'twoFactor.backupLabel' : 'twoFactor.codeLabel')}
        hint={backup ? undefined : t('twoFactor.codeHint')}
        inputMode={backup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={backup ? 32 : 6}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        error={error ? t(`errors.${error}`) : undefined}
        aria-required="true"
      />
      <Button type="submit" disabled={pending}>
        {pending ? t('twoFactor.pending') : t('twoFactor.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" className="underline" onClick={toggle}>
          {t(backup ? 'twoFactor.useCode' : 'twoFactor.useBackup')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}
