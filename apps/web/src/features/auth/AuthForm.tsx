import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import { personalWords } from '@glucosuivi/domain/accounts/password-strength';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { RequiredMark, TextField } from '@/components/ui/TextField';
import { isLanguage } from '@/lib/i18n';
import {
  EMPTY_VALUES,
  firstErrorField,
  requiredFields,
  type AuthField,
  type AuthMode,
  type AuthValues,
  type FieldErrors,
  type RegisterRole,
} from './auth-form';
import { ModeAndRole, NameFields, PasswordFields, ProfessionalFields, type FieldKit } from './AuthFormFields';
import { ErrorAlert } from './ErrorAlert';
import { usePasswordScore } from './password-strength';
import { SignInUnlockOffer } from './SignInUnlock';
import { useAuthSubmission } from './use-auth-submission';
import type { SignedIn } from './use-signed-in';

interface AuthFormProps {
  mode: AuthMode;
  initialRole: RegisterRole;
  onModeChange: (mode: AuthMode) => void;
  onForgotPassword: () => void;
  onSignedIn: (signedIn: SignedIn) => void;
  onTwoFactor: () => void;
}

/** Sign-in and registration (spec §2, §4, §5): one form, the mode decides the fields. */
export function AuthForm({ mode, initialRole, onModeChange, onForgotPassword, onSignedIn, onTwoFactor }: AuthFormProps) {
  const { t, i18n } = useTranslation('auth');
  const id = useId();
  const [role, setRole] = useState<RegisterRole>(initialRole);
  const [values, setValues] = useState<AuthValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const register = mode === 'register';
  const doctor = register && role === 'doctor';
  const required = new Set(requiredFields(mode, role));
  const fieldId = (field: AuthField) => `${id}-${field}`;
  const score = usePasswordScore(register ? values.password : '', personalWords(values));

  const set = (field: AuthField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  /** Login/register toggle: a fresh form, no error (spec §4). */
  const switchMode = () => {
    setValues(EMPTY_VALUES);
    setErrors({});
    reset();
    onModeChange(register ? 'login' : 'register');
  };

  const switchRole = (next: RegisterRole) => {
    setRole(next);
    setErrors({});
    reset();
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = firstErrorField(next);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';
  const { submit, pending, serverError, throttled, reset } = useAuthSubmission({
    mode,
    role,
    values,
    language,
    score,
    showErrors,
    clearErrors: () => setErrors({}),
    onSignedIn,
    onTwoFactor,
  });

  const fieldError = (field: AuthField) => (errors[field] ? t(`errors.${errors[field]}`) : undefined);
  const requiredMark = (field: AuthField) =>
    required.has(field) ? (
      <RequiredMark label={t('form.required')} />
    ) : (
      <span className="text-sm font-normal text-muted"> {t('form.optional')}</span>
    );

  const kit: FieldKit = { fieldId, requiredMark, set, fieldError, values, errors };

  return (
    <div className="flex flex-col gap-6">
      <ModeAndRole register={register} role={role} onSwitchMode={switchMode} onRole={switchRole} />

      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-describedby={`${id}-legend`}>
        <p id={`${id}-legend`} className="text-sm text-muted">
          {t('form.requiredLegend')}
        </p>
        {serverError ? <ErrorAlert title={t(register ? 'form.registerFailed' : 'form.loginFailed')}>{serverError}</ErrorAlert> : null}
        {throttled ? <SignInUnlockOffer email={values.email} /> : null}

        {register ? <NameFields kit={kit} doctor={doctor} /> : null}

        <TextField
          id={fieldId('email')}
          label={t('form.email')}
          labelSuffix={requiredMark('email')}
          type="email"
          inputMode="email"
          autoComplete={register ? 'email' : 'username'}
          value={values.email}
          onChange={set('email')}
          error={fieldError('email')}
          aria-required="true"
        />

        {doctor ? <ProfessionalFields kit={kit} /> : null}

        <PasswordFields kit={kit} register={register} score={score} onForgotPassword={onForgotPassword} />

        <Button type="submit" disabled={pending} aria-disabled={pending}>
          {pending
            ? t(register ? 'form.registerPending' : 'form.loginPending')
            : t(register ? (doctor ? 'form.registerDoctorSubmit' : 'form.registerSubmit') : 'form.loginSubmit')}
        </Button>
      </form>

    </div>
  );
}
