import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TARGET_PRESETS, type TargetPreset } from '@glucosuivi/domain/glucose/bands';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { presetHintValues } from '@/components/targets/preset-hint';
import { getProfile, putProfile } from '@glucosuivi/domain/profile/profile.contract';
import { DIABETES_TYPES, GLUCOSE_DEVICE_KINDS, TREATMENTS, type Profile, type ProfileInput } from '@glucosuivi/domain/profile/profile.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { patientDataKeys, useGlucoseSettings } from '@/lib/queries/patient-data';
import { Button } from '@/components/ui/Button';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { SHARES, THRESHOLDS, withPreset } from '@/components/targets/target-fields';
import { buildProfile, NONE, valuesFromProfile, type ProfileErrors, type ProfileField, type ProfileValues } from './profile-form';

const inputClasses =
  'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

/**
 * /profil and /profile: identity (read-only), the diabetes, the treatment and the glucose targets.
 * `sharing` is the care-team feature's sections (features never import each other: app/ passes it).
 */
export function ProfilePage({ sharing }: { sharing?: ReactNode }) {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('title'));
  const settings = useGlucoseSettings();
  const profile = useQuery({ queryKey: patientDataKeys.profile, queryFn: ({ signal }) => apiCall(getProfile, { signal }) });
  if (profile.isPending || settings.isPending || profile.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{t('title')}</h1>
        {profile.isError ? <p role="alert">{errorMessage(profile.error, t)}</p> : <LoadingScreen variant="patient" />}
      </div>
    );
  }
  return <ProfileForm profile={profile.data} unit={settings.unit} timeZone={settings.timeZone} sharing={sharing} />;
}

function ProfileForm({ profile, unit, timeZone, sharing }: { profile: Profile; unit: GlucoseUnit; timeZone: string; sharing?: ReactNode }) {
  const { t, i18n } = useTranslation('profile');
  const language = i18n.resolvedLanguage ?? 'fr';
  const { id, values, errors, set, onPreset, onSubmit, save } = useProfileForm(profile, unit, language);

  const field = (name: ProfileField, label: string, opts: { suffix?: string; inputMode?: 'numeric' | 'decimal' | 'text'; disabled?: boolean } = {}) => {
    const error = errors[name];
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-${name}`} className="font-medium">
          {label}
          {opts.suffix ? <span className="sr-only"> ({opts.suffix})</span> : null}
        </label>
        <div className="flex items-center gap-2">
          <input
            id={`${id}-${name}`}
            value={values[name]}
            onChange={(e) => set(name)(e.target.value)}
            inputMode={opts.inputMode ?? 'decimal'}
            autoComplete="off"
            disabled={opts.disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-${name}-error` : undefined}
            className={inputClasses}
          />
          {opts.suffix ? (
            <span aria-hidden="true" className="shrink-0 text-sm text-muted">
              {opts.suffix}
            </span>
          ) : null}
        </div>
        {error ? (
          <p id={`${id}-${name}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
            {t(`errors.${error}`)}
          </p>
        ) : null}
      </div>
    );
  };
  const select = (name: ProfileField, label: string, options: readonly string[], prefix: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="font-medium">
        {label}
      </label>
      <select id={`${id}-${name}`} value={values[name]} onChange={(e) => set(name)(e.target.value)} className={inputClasses}>
        <option value={NONE}>{t('notSpecified')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`${prefix}.${o}`)}
          </option>
        ))}
      </select>
    </div>
  );
  const custom = values.preset === 'custom';

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-6 sm:px-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <IdentitySection />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <section aria-labelledby="diabetes-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
          <h2 id="diabetes-title" className="text-xl font-semibold">
            {t('diabetes.title')}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('birthYear', t('diabetes.birthYear'), { inputMode: 'numeric' })}
            {select('diabetesType', t('diabetes.type'), DIABETES_TYPES, 'diabetesTypes')}
            {field('diagnosisYear', t('diabetes.diagnosisYear'), { inputMode: 'numeric' })}
            {select('treatment', t('diabetes.treatment'), TREATMENTS, 'treatments')}
            {field('heightCm', t('diabetes.height'), { suffix: 'cm' })}
            {select('deviceKind', t('diabetes.device'), GLUCOSE_DEVICE_KINDS, 'devices')}
            {values.deviceKind !== NONE ? field('deviceModel', t('diabetes.deviceModel'), { inputMode: 'text' }) : null}
          </div>
        </section>
        <section aria-labelledby="targets-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
          <h2 id="targets-title" className="text-xl font-semibold">
            {t('targets.title')}
          </h2>
          <p className="text-sm" data-testid="targets-author">
            {profile.targetsSetBy
              ? t('targets.setBy', {
                  name: profile.targetsSetBy.name,
                  date: profile.updatedAt ? formatDateTime(profile.updatedAt, language, timeZone) : '—',
                })
              : t('targets.setByPatient')}
          </p>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-preset`} className="font-medium">
              {t('targets.preset')}
            </label>
            <select id={`${id}-preset`} value={values.preset} onChange={(e) => onPreset(e.target.value as TargetPreset)} className={inputClasses}>
              {TARGET_PRESETS.map((p) => (
                <option key={p} value={p}>
                  {t(`presets.${p}`)}
                </option>
              ))}
            </select>
            <p className="text-sm text-muted">{t(`presetHints.${values.preset}`, presetHintValues(values.preset, unit, language))}</p>
          </div>
          <fieldset className="grid gap-4 sm:grid-cols-2" disabled={!custom}>
            <legend className="mb-2 font-medium">{t('targets.thresholds', { unit })}</legend>
            {THRESHOLDS.map((f) => field(f, t(`targets.fields.${f}`), { suffix: unit, disabled: !custom }))}
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2" disabled={!custom}>
            <legend className="mb-2 font-medium">{t('targets.shares')}</legend>
            {SHARES.map((f) => field(f, t(`targets.fields.${f}`), { suffix: '%', disabled: !custom }))}
          </fieldset>
        </section>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </div>
      </form>
      {sharing}
    </div>
  );
}

/** The form's values, per-field errors and save: a refused field gets the focus, a saved profile refreshes the readings' bands. */
function useProfileForm(profile: Profile, unit: GlucoseUnit, language: string) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const id = useId();
  const [values, setValues] = useState<ProfileValues>(() => valuesFromProfile(profile, unit, language));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const save = useMutation({
    mutationFn: (body: ProfileInput) => apiCall(putProfile, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(patientDataKeys.profile, saved);
      void queryClient.invalidateQueries({ queryKey: patientDataKeys.measurements });
      toast.success(t('saved'));
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const set = (field: ProfileField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const onPreset = (preset: TargetPreset) => {
    setValues((v) => withPreset(v, preset, unit, language));
    setErrors({});
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = buildProfile(values, unit);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(result.body);
  };

  return { id, values, errors, set, onPreset, onSubmit, save };
}

/** Name and e-mail come from the account and are only shown here. */
function IdentitySection() {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  return (
    <section aria-labelledby="identity-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="identity-title" className="mb-3 text-xl font-semibold">
        {t('identity.title')}
      </h2>
      <dl className="grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">{t('identity.name')}</dt>
          <dd className="font-medium">{[user?.firstName, user?.lastName].filter(Boolean).join(' ') || '—'}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('identity.email')}</dt>
          <dd className="font-medium break-all">{user?.email ?? '—'}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-muted">{t('identity.hint')}</p>
    </section>
  );
}
