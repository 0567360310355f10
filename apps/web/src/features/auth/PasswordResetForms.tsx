import { forgotPassword, resetPassword } from '@glucosuivi/domain/accounts/accounts.contract';
import { forgotPasswordSchema, resetPasswordSchema } from '@glucosuivi/domain/accounts/accounts.schemas';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { ErrorAlert } from './ErrorAlert';
import { TextField } from '@/components/ui/TextField';

function firstIssues(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

/** "Mot de passe oublié" : asks for the e-mail; the answer never says whether it is known. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const body = { email: email.trim() };
    if (!body.email) return fail('emailRequired');
    const parsed = forgotPasswordSchema.safeParse(body);
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'emailInvalid');
    setError(null);
    setPending(true);
    try {
      await apiCall(forgotPassword, { body });
      setSent(true);
    } catch (caught) {
      setServerError(errorMessage(caught, t));
    }
    setPending(false);
  };
  const fail = (key: string) => {
    setError(key);
    document.getElementById(`${id}-email`)?.focus();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{t('forgot.title')}</h2>
      <p className="text-muted">{t('forgot.intro')}</p>
      {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
      {sent ? (
        <p role="status" className="rounded-lg border border-line bg-surface p-3">
          {t('forgot.sent')}
        </p>
      ) : null}
      <TextField
        id={`${id}-email`}
        label={t('form.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error ? t(`errors.${error}`) : undefined}
        aria-required="true"
      />
      <Button type="submit" disabled={pending}>
        {pending ? t('forgot.pending') : t('forgot.submit')}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        {t('forgot.back')}
      </Button>
    </form>
  );
}

/** The e-mailed link `/auth?mode=reset&token=…`: choose a new password. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const next: Record<string, string> = {};
    if (!password) next.password = 'passwordRequired';
    if (!confirmPassword) next.confirmPassword = 'confirmPasswordRequired';
    const parsed = resetPasswordSchema.safeParse({ token, password, confirmPassword });
    const found = { ...(parsed.success ? {} : firstIssues(parsed.error.issues)), ...next };
    if (found.confirmPassword === 'passwordMismatch' && next.confirmPassword) found.confirmPassword = next.confirmPassword;
    if (Object.keys(found).length) {
      setErrors(found);
      if (found.token) setServerError(t('errors.tokenInvalid'));
      const first = ['password', 'confirmPassword'].find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await apiCall(resetPassword, { body: { token, password, confirmPassword } });
      setDone(true);
    } catch (caught) {
      setServerError(errorMessage(caught, t));
    }
    setPending(false);
  };

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-lg border border-line bg-surface p-3">
          {t('reset.done')}
        </p>
        <Button onClick={onDone}>{t('reset.toLogin')}</Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{t('reset.title')}</h2>
      {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
      <TextField
        id={`${id}-password`}
        label={t('reset.password')}
        type="password"
        autoComplete="new-password"
        hint={t('form.passwordHint')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password ? t(`errors.${errors.password}`) : undefined}
        aria-required="true"
      />
      <TextField
        id={`${id}-confirmPassword`}
        label={t('form.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        error={errors.confirmPassword ? t(`errors.${errors.confirmPassword}`) : undefined}
        aria-required="true"
      />
      <Button type="submit" disabled={pending}>
        {pending ? t('reset.pending') : t('reset.submit')}
      </Button>
    </form>
  );
}
