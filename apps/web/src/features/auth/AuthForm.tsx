import { useQuery } from '@tanstack/react-query';
import { signIn, signUp, listSpecialties } from '@glucosuivi/domain/accounts/accounts.contract';
import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import { Stethoscope, User } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { apiCall } from '@/lib/api-client';
import { ApiError, errorMessage } from '@/lib/errors';
import { isLanguage } from '@/lib/i18n';
import {
  EMPTY_VALUES,
  MIN_PASSWORD_SCORE,
  NO_SPECIALITY,
  firstErrorField,
  issuesToErrors,
  personalWords,
  requiredFields,
  validateAuth,
  type AuthField,
  type AuthMode,
  type AuthValues,
  type FieldErrors,
  type RegisterRole,
} from './auth-form';
import { ErrorAlert } from './ErrorAlert';
import { PasswordStrength } from './PasswordStrength';
import { TextField, inputClasses } from './TextField';
import { usePasswordScore } from './password-strength';
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
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const register = mode === 'register';
  const doctor = register && role === 'doctor';
  const required = new Set(requiredFields(mode, role));
  const fieldId = (field: AuthField) => `${id}-${field}`;
  const score = usePasswordScore(register ? values.password : '', personalWords(values));

  const specialties = useQuery({
    queryKey: ['specialties'],
    queryFn: ({ signal }) => apiCall(listSpecialties, { signal }),
    enabled: doctor,
    staleTime: Infinity,
  });

  const set = (field: AuthField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  /** Login/register toggle: a fresh form, no error (spec §4). */
  const switchMode = () => {
    setValues(EMPTY_VALUES);
    setErrors({});
    setServerError(null);
    onModeChange(register ? 'login' : 'register');
  };

  const switchRole = (next: RegisterRole) => {
    setRole(next);
    setErrors({});
    setServerError(null);
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = firstErrorField(next);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setServerError(null);
    const result = validateAuth(mode, role, values, language);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    if (result.kind === 'signUp' && score !== null && score < MIN_PASSWORD_SCORE) {
      showErrors({ password: 'passwordTooWeak' });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      if (result.kind === 'signUp') {
        const created = await apiCall(signUp, { body: result.body });
        onSignedIn({ kind: 'signUp', user: created.user, redirectTo: created.redirectTo });
      } else {
        const outcome = await apiCall(signIn, { body: result.body });
        if (outcome.status === 'two_factor_required') onTwoFactor();
        else
          onSignedIn({
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
      if (Object.keys(known).length) showErrors(known);
      setServerError(errorMessage(error, t));
      return;
    }
    setPending(false);
  };

  const fieldError = (field: AuthField) => (errors[field] ? t(`errors.${errors[field]}`) : undefined);
  const requiredMark = (field: AuthField) =>
    required.has(field) ? (
      <span className="text-muted">
        {' '}
        <span aria-hidden="true">*</span>
        <span className="sr-only">{t('form.required')}</span>
      </span>
    ) : (
      <span className="text-sm font-normal text-muted"> {t('form.optional')}</span>
    );

  const specialityOptions = (specialties.data ?? []).map((s) => ({
    value: s.id,
    label: i18n.exists(`auth:specialities.${s.id}`) ? t(`specialities.${s.id}`) : s.name,
  }));

  return (
    <div className="flex flex-col gap-6">
      <div role="group" aria-label={t('form.modeLabel')} className="grid grid-cols-2 gap-2 rounded-xl bg-surface p-1">
        <Button variant={register ? 'ghost' : 'primary'} aria-pressed={!register} onClick={register ? switchMode : undefined}>
          {t('form.loginTab')}
        </Button>
        <Button variant={register ? 'primary' : 'ghost'} aria-pressed={register} onClick={register ? undefined : switchMode}>
          {t('form.registerTab')}
        </Button>
      </div>

      {register ? (
        <div role="group" aria-label={t('form.roleLabel')} className="grid grid-cols-2 gap-2">
          <Button variant={role === 'patient' ? 'primary' : 'secondary'} aria-pressed={role === 'patient'} onClick={() => switchRole('patient')}>
            <User aria-hidden="true" className="size-4" />
            {t('form.rolePatient')}
          </Button>
          <Button variant={role === 'doctor' ? 'primary' : 'secondary'} aria-pressed={role === 'doctor'} onClick={() => switchRole('doctor')}>
            <Stethoscope aria-hidden="true" className="size-4" />
            {t('form.roleDoctor')}
          </Button>
        </div>
      ) : null}

      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-describedby={`${id}-legend`}>
        <p id={`${id}-legend`} className="text-sm text-muted">
          {t('form.requiredLegend')}
        </p>
        {serverError ? <ErrorAlert title={t(register ? 'form.registerFailed' : 'form.loginFailed')}>{serverError}</ErrorAlert> : null}

        {register ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={fieldId('firstName')}
              label={t('form.firstName')}
              labelSuffix={requiredMark('firstName')}
              autoComplete="given-name"
              value={values.firstName}
              onChange={set('firstName')}
              error={fieldError('firstName')}
              aria-required="true"
            />
            <TextField
              id={fieldId('lastName')}
              label={t('form.lastName')}
              labelSuffix={requiredMark('lastName')}
              autoComplete="family-name"
              value={values.lastName}
              onChange={set('lastName')}
              error={fieldError('lastName')}
              aria-required={doctor ? 'true' : undefined}
            />
          </div>
        ) : null}

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

        {doctor ? (
          <>
            <TextField
              id={fieldId('medicalLicense')}
              label={t('form.medicalLicense')}
              labelSuffix={requiredMark('medicalLicense')}
              hint={t('form.medicalLicenseHint')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={14}
              value={values.medicalLicense}
              onChange={set('medicalLicense')}
              error={fieldError('medicalLicense')}
              aria-required="true"
            />
            <div className="flex flex-col gap-1">
              <label htmlFor={fieldId('speciality')} className="font-medium">
                {t('form.speciality')}
                {requiredMark('speciality')}
              </label>
              <select
                id={fieldId('speciality')}
                value={values.speciality}
                onChange={set('speciality')}
                className={inputClasses}
                aria-invalid={errors.speciality ? true : undefined}
                aria-describedby={errors.speciality ? `${fieldId('speciality')}-error` : undefined}
              >
                <option value={NO_SPECIALITY}>{t('form.noSpeciality')}</option>
                {specialityOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {errors.speciality ? (
                <p id={`${fieldId('speciality')}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
                  {fieldError('speciality')}
                </p>
              ) : null}
            </div>
          </>
        ) : null}

        <TextField
          id={fieldId('password')}
          label={t('form.password')}
          labelSuffix={requiredMark('password')}
          type="password"
          autoComplete={register ? 'new-password' : 'current-password'}
          hint={register ? t('form.passwordHint') : undefined}
          value={values.password}
          onChange={set('password')}
          error={fieldError('password')}
          aria-required="true"
        >
          {register ? <PasswordStrength score={values.password ? score : null} /> : null}
        </TextField>

        {register ? (
          <TextField
            id={fieldId('confirmPassword')}
            label={t('form.confirmPassword')}
            labelSuffix={requiredMark('confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={fieldError('confirmPassword')}
            aria-required="true"
          />
        ) : (
          <div>
            <Button variant="ghost" className="-ml-2 underline" onClick={onForgotPassword}>
              {t('form.forgotPassword')}
            </Button>
          </div>
        )}

        <Button type="submit" disabled={pending} aria-disabled={pending}>
          {pending
            ? t(register ? 'form.registerPending' : 'form.loginPending')
            : t(register ? (doctor ? 'form.registerDoctorSubmit' : 'form.registerSubmit') : 'form.loginSubmit')}
        </Button>
      </form>

    </div>
  );
}
