import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { setPatientTargets } from '@glucosuivi/domain/doctor/doctor.contract';
import { TARGET_PRESETS, type GlucoseTargets, type TargetPreset } from '@glucosuivi/domain/glucose/bands';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { presetHintValues } from '@/components/targets/preset-hint';
import type { TargetsInput } from '@glucosuivi/domain/profile/profile.schemas';
import { Button } from '@/components/ui/Button';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { professionalKeys } from '@/lib/queries/query-keys';
import { buildTargets, SHARES, THRESHOLDS, valuesFromTargets, type TargetErrors, type TargetField, type TargetValues } from './targets-form';
import { withPreset } from '@/components/targets/target-fields';

const inputClasses =
  'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg disabled:opacity-70 aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

/** The patient's glycaemic targets, set by the professional (a preset, or every value by hand). */
export function PatientTargets({
  patientId,
  targets,
  setBy,
  unit,
}: {
  patientId: string;
  targets: GlucoseTargets;
  setBy: { userId: string; name: string } | null;
  unit: GlucoseUnit;
}) {
  const { t, i18n } = useTranslation('doctor');
  const language = i18n.resolvedLanguage ?? 'fr';
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TargetValues>(() => valuesFromTargets(targets, unit, language));
  const [errors, setErrors] = useState<TargetErrors>({});
  const save = useMutation({
    mutationFn: (body: TargetsInput) => apiCall(setPatientTargets, { params: { patientId }, body: { targets: body } }),
    onSuccess: (saved) => {
      setValues(valuesFromTargets(saved.targets, unit, language));
      void queryClient.invalidateQueries({ queryKey: professionalKeys.patient(patientId) });
      toast.success(t('targets.saved'));
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const custom = values.preset === 'custom';
  const onPreset = (preset: TargetPreset) => {
    setValues((v) => withPreset(v, preset, unit, language));
    setErrors({});
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = buildTargets(values, unit);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(result.body);
  };
  const field = (name: TargetField, suffix: string) => {
    const error = errors[name];
    return (
      <div key={name} className="flex flex-col gap-1">
        <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
          {t(`profile:targets.fields.${name}`)}
          <span className="sr-only"> ({suffix})</span>
        </label>
        <div className="flex items-center gap-2">
          <input
            id={`${id}-${name}`}
            value={values[name]}
            onChange={(e) => {
              setValues((v) => ({ ...v, [name]: e.target.value }));
              setErrors((x) => ({ ...x, [name]: undefined }));
            }}
            inputMode="decimal"
            autoComplete="off"
            disabled={!custom}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-${name}-error` : undefined}
            className={inputClasses}
          />
          <span aria-hidden="true" className="shrink-0 text-sm text-muted">
            {suffix}
          </span>
        </div>
        {error ? (
          <p id={`${id}-${name}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
            {t(`profile:errors.${error}`)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section aria-labelledby="patient-targets-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="patient-targets-title" className="mb-1 text-xl font-semibold">
        {t('targets.title')}
      </h2>
      <p className="mb-3 text-sm text-muted" data-testid="targets-set-by">
        {setBy ? t('targets.setBy', { name: setBy.name }) : t('targets.setByPatient')}
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-preset`} className="font-medium">
            {t('profile:targets.preset')}
          </label>
          <select id={`${id}-preset`} value={values.preset} onChange={(e) => onPreset(e.target.value as TargetPreset)} className={inputClasses}>
            {TARGET_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`profile:presets.${p}`)}
              </option>
            ))}
          </select>
          <p className="text-sm text-muted">{t(`profile:presetHints.${values.preset}`, presetHintValues(values.preset, unit, language))}</p>
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-2" disabled={!custom}>
          <legend className="mb-2 font-medium">{t('profile:targets.thresholds', { unit })}</legend>
          {THRESHOLDS.map((f) => field(f, unit))}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2" disabled={!custom}>
          <legend className="mb-2 font-medium">{t('profile:targets.shares')}</legend>
          {SHARES.map((f) => field(f, '%'))}
        </fieldset>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('saving') : t('targets.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
