import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn, signUp } from '@glucosuivi/domain/accounts/accounts.contract';
import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import { isTooGuessable, type PasswordScore } from '@glucosuivi/domain/accounts/password-strength';
import { apiCall } from '@/lib/api-client';
import { ApiError, errorMessage } from '@/lib/errors';
import { issuesToErrors, validateAuth, type AuthMode, type AuthValues, type FieldErrors, type RegisterRole } from './auth-form';
import type { SignedIn } from './use-signed-in';

interface Submission {
  mode: AuthMode;
  role: RegisterRole;
  values: AuthValues;
  language: Language;
  /** The password's strength score at registration (null while unknown). */
  score: PasswordScore | null;
  /** Marks fields as refused and moves the focus to the first one. */
  showErrors: (errors: FieldErrors) => void;
  clearErrors: () => void;
  onSignedIn: (signedIn: SignedIn) => void;
  onTwoFactor: () => void;
}

/**
 * Sending the auth form: checks it with the shared rules first, then signs up or signs in; a
 * refusal becomes field errors it names, else one translated message. A sign-in refused for too
 * many attempts also sets `throttled` (the form then offers the e-mailed unlock link).
 */
export function useAuthSubmission(input: Submission) {
  const { t, i18n } = useTranslation('auth');
  const [serverError, setServerError] = useState<string | null>(null);
  const [throttled, setThrottled] = useState(false);
  const [pending, setPending] = useState(false);
  const register = input.mode === 'register';

  const reset = () => {
    setServerError(null);
    setThrottled(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    reset();
    const result = validateAuth(input.mode, input.role, input.values, input.language);
    if (!result.ok) {
      input.showErrors(result.errors);
      return;
    }
    if (result.kind === 'signUp' && input.score !== null && isTooGuessable(input.score)) {
      input.showErrors({ password: 'passwordTooWeak' });
      return;
    }
    input.clearErrors();
    setPending(true);
    try {
      if (result.kind === 'signUp') {
        const created = await apiCall(signUp, { body: result.body });
        input.onSignedIn({ kind: 'signUp', user: created.user, redirectTo: created.redirectTo });
      } else {
        const outcome = await apiCall(signIn, { body: result.body });
        if (outcome.status === 'two_factor_required') input.onTwoFactor();
        else
          input.onSignedIn({
            kind: 'signIn',
            user: outcome.user,
            redirectTo: outcome.redirectTo,
            deletionCancelled: outcome.deletionCancelled,
          });
      }
    } catch (error) {
      setPending(false);
      const fieldErrors = error instanceof ApiError && error.issues ? issuesToErrors(error.issues) : {};
      const known = Object.fromEntries(
        Object.entries(fieldErrors).filter(([, key]) => i18n.exists(`auth:errors.${key}`)),
      ) as FieldErrors;
      if (Object.keys(known).length) input.showErrors(known);
      setServerError(errorMessage(error, t));
      setThrottled(!register && error instanceof ApiError && error.code === 'rate_limited');
      return;
    }
    setPending(false);
  };

  return { submit, pending, serverError, throttled, reset };
}
