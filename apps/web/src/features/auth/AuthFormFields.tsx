import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listSpecialties } from '@glucosuivi/domain/accounts/accounts.contract';
import { apiCall } from '@/lib/api-client';
import { isLanguage } from '@/lib/i18n';
import { specialtyKeys } from '@/lib/queries/query-keys';
import { TextField, inputClasses } from '@/components/ui/TextField';
import { Stethoscope, User } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { PasswordStrength } from './PasswordStrength';
import type { PasswordScore } from '@glucosuivi/domain/accounts/password-strength';
import { NO_SPECIALITY, type AuthField, type AuthValues, type FieldErrors, type RegisterRole } from './auth-form';

/** What every field of the auth form needs from the form: ids, marks, values, errors, setter. */
export interface FieldKit {
  fieldId: (field: AuthField) => string;
  requiredMark: (field: AuthField) => ReactNode;
  set: (field: AuthField) => (event: { target: { value: string } }) => void;
  fieldError: (field: AuthField) => string | undefined;
  values: AuthValues;
  errors: FieldErrors;
}

/** First and last name, at registration (the last name is required of a professional). */
export function NameFields({ kit, doctor }: { kit: FieldKit; doctor: boolean }) {
  const { t } = useTranslation('auth');
  const { fieldId, requiredMark, set, fieldError, values } = kit;
  return (
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
  );
}

/** The professional's RPPS number and speciality, at a professional's registration. */
export function ProfessionalFields({ kit }: { kit: FieldKit }) {
  const { t, i18n } = useTranslation('auth');
  const { fieldId, requiredMark, set, fieldError, values, errors } = kit;
  // Named by the server in the page's language (an administrator adds and translates them); the
  // catalog's name only stands in for a specialty the server has no translation of.
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';
  const specialties = useQuery({
    queryKey: specialtyKeys.inLanguage(language),
    queryFn: ({ signal }) => apiCall(listSpecialties, { query: { lang: language }, signal }),
  });
  const specialityOptions = (specialties.data ?? []).map((s) => ({
    value: s.id,
    label: s.translated === false && i18n.exists(`auth:specialities.${s.id}`) ? t(`specialities.${s.id}`) : s.name,
  }));
  return (
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
  );
}

/** Sign-in or registration, then (registering) patient or professional: two toggle groups. */
export function ModeAndRole({
  register,
  role,
  onSwitchMode,
  onRole,
}: {
  register: boolean;
  role: RegisterRole;
  onSwitchMode: () => void;
  onRole: (role: RegisterRole) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <div role="group" aria-label={t('form.modeLabel')} className="grid grid-cols-2 gap-2 rounded-xl bg-surface p-1">
        <Button variant={register ? 'ghost' : 'primary'} aria-pressed={!register} onClick={register ? onSwitchMode : undefined}>
          {t('form.loginTab')}
        </Button>
        <Button variant={register ? 'primary' : 'ghost'} aria-pressed={register} onClick={register ? undefined : onSwitchMode}>
          {t('form.registerTab')}
        </Button>
      </div>

      {register ? (
        <div role="group" aria-label={t('form.roleLabel')} className="grid grid-cols-2 gap-2">
          <Button variant={role === 'patient' ? 'primary' : 'secondary'} aria-pressed={role === 'patient'} onClick={() => onRole('patient')}>
            <User aria-hidden="true" className="size-4" />
            {t('form.rolePatient')}
          </Button>
          <Button variant={role === 'doctor' ? 'primary' : 'secondary'} aria-pressed={role === 'doctor'} onClick={() => onRole('doctor')}>
            <Stethoscope aria-hidden="true" className="size-4" />
            {t('form.roleDoctor')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The password (with its strength at registration), then its confirmation or the forgotten-password link. */
export function PasswordFields({
  kit,
  register,
  score,
  onForgotPassword,
}: {
  kit: FieldKit;
  register: boolean;
  score: PasswordScore | null;
  onForgotPassword: () => void;
}) {
  const { t } = useTranslation('auth');
  const { fieldId, requiredMark, set, fieldError, values } = kit;
  return (
    <>
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
    </>
  );
}
