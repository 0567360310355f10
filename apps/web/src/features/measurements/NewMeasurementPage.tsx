import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { glucoseLimitsIn, hba1cLimitsIn } from '@glucosuivi/domain/measurements/measurement-limits';
import { createMeasurement, getMeasurement, updateMeasurement } from '@glucosuivi/domain/measurements/measurements.contract';
import {
  BP_ARMS,
  BP_POSITIONS,
  EVENT_TYPES,
  GLUCOSE_CONTEXTS,
  HBA1C_METHODS,
  INSULIN_TYPES,
  MEASUREMENT_KINDS,
  NOTE_MAX_LENGTH,
  type MeasurementInput,
  type MeasurementKind,
  type MeasurementRecord,
  type MeasurementWriteResult,
} from '@glucosuivi/domain/measurements/measurements.schemas';
import { formatPlain, toLocalInputValue } from '@/components/charts/glucose-display';
import { healthKeys, invalidateHealthData, useGlucoseSettings } from '@/components/charts/health-queries';
import { Segmented } from '@/components/charts/Segmented';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusMessage } from '@/components/ui/StatusMessage';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { ApiError, errorMessage } from '@/lib/errors';
import { SelectField, TextField } from './fields';
import {
  buildInput,
  emptyValues,
  issuesToErrors,
  KIND_FIELDS,
  NONE,
  valuesFromRecord,
  type FieldErrors,
  type FormField,
  type FormValues,
} from './measurement-form';

const DASHBOARD = '/patient-dashboard';

/** /new-measurement (and ?edit=<id>): one entry of any kind, keyboard first. */
export function NewMeasurementPage() {
  const { t } = useTranslation('measurements');
  const [search] = useSearchParams();
  const editId = search.get('edit');
  const settings = useGlucoseSettings();
  const existing = useQuery({
    queryKey: [...healthKeys.measurements, 'one', editId],
    queryFn: ({ signal }) => apiCall(getMeasurement, { params: { id: editId as string }, signal }),
    enabled: Boolean(editId),
  });
  useDocumentTitle(editId ? t('editTitle') : t('title'));
  if (settings.isPending || (editId && existing.isPending)) return <StatusMessage>{t('loading')}</StatusMessage>;
  if (editId && existing.isError) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{t('editTitle')}</h1>
        <p role="alert">{errorMessage(existing.error, t)}</p>
      </div>
    );
  }
  return <EntryForm key={editId ?? 'new'} editRecord={existing.data ?? null} unit={settings.unit} timeZone={settings.timeZone} />;
}

interface EntryFormProps {
  editRecord: MeasurementRecord | null;
  unit: FormValues['glucoseUnit'];
  timeZone: string;
}

function EntryForm({ editRecord, unit, timeZone }: EntryFormProps) {
  const { t, i18n } = useTranslation('measurements');
  const language = i18n.resolvedLanguage ?? 'fr';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<MeasurementKind>(editRecord?.kind ?? 'glucose');
  const [values, setValues] = useState<FormValues>(() => {
    const base = emptyValues(unit, toLocalInputValue(Date.now(), timeZone));
    return editRecord ? valuesFromRecord(editRecord, base, timeZone, language) : base;
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const stayRef = useRef(false);

  useEffect(() => {
    firstRef.current?.focus();
  }, [kind, values.eventType]);

  const set = <K extends keyof FormValues>(field: K) => (value: FormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const focusFirstError = (errs: FieldErrors) => {
    const first = KIND_FIELDS[kind].find((f) => errs[f]);
    const el = first ? formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`) : null;
    el?.focus();
  };

  const save = useMutation({
    mutationFn: (body: MeasurementInput): Promise<MeasurementWriteResult> =>
      editRecord ? apiCall(updateMeasurement, { params: { id: editRecord.id }, body }) : apiCall(createMeasurement, { body }),
    onSuccess: (result) => {
      void invalidateHealthData(queryClient);
      toast.success(editRecord ? t('toasts.updated') : t('toasts.saved'));
      for (const alert of result.alerts) {
        const text = t(`alerts:kinds.${alert.kind}.title`);
        // A plain toast: sonner's rich warning colours are below the WCAG contrast ratio.
        if (alert.kind === 'urgent_hypo') toast(`${text} — ${t('alerts:emergency')}`, { duration: 10_000, icon: <TriangleAlert aria-hidden="true" className="size-4 text-red-700" /> });
        else toast(text, { icon: <TriangleAlert aria-hidden="true" className="size-4 text-amber-700" /> });
      }
      if (stayRef.current && !editRecord) {
        setValues((v) => ({ ...emptyValues(v.glucoseUnit, toLocalInputValue(Date.now(), timeZone)), hba1cUnit: v.hba1cUnit, lipidUnit: v.lipidUnit, eventType: v.eventType }));
        setErrors({});
        firstRef.current?.focus();
      } else void navigate(DASHBOARD);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.issues?.length) {
        const errs = issuesToErrors(kind, error.issues);
        setErrors(errs);
        setFormError(t('errors.summary'));
        focusFirstError(errs);
      } else setFormError(errorMessage(error, t));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    stayRef.current = submitter?.value === 'stay';
    setFormError(null);
    const result = buildInput(kind, values, timeZone, Date.now());
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(t('errors.summary'));
      focusFirstError(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.body);
  };

  const err = (field: FormField): string | null => {
    const e = errors[field];
    if (!e) return null;
    const params = Object.fromEntries(
      Object.entries(e.params ?? {}).map(([k, x]) => [k, typeof x === 'number' ? formatPlain(x, language) : x]),
    );
    return t(`errors.${e.key}`, params);
  };
  const numberProps = (field: keyof FormValues, first = false) => ({
    id: `${id}-${field}`,
    'data-field': field,
    value: String(values[field]),
    onChange: set(field) as (value: string) => void,
    error: err(field as FormField),
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    inputRef: first ? firstRef : undefined,
  });
  const rangeHint = (min: number, max: number, u: string) => t('hints.range', { min: formatPlain(min, language), max: formatPlain(max, language), unit: u });
  const opt = <V extends string>(list: readonly V[], prefix: string, withNone = false) => [
    ...(withNone ? [{ value: NONE as V, label: t('notSpecified') }] : []),
    ...list.map((value) => ({ value, label: t(`${prefix}.${value}`) })),
  ];

  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-6 sm:px-4">
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{editRecord ? t('editTitle') : t('title')}</h1>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
        <Segmented
          name="kind"
          legend={t('kindLegend')}
          value={kind}
          options={MEASUREMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          onChange={(k) => {
            setKind(k);
            setErrors({});
            setFormError(null);
          }}
          disabled={Boolean(editRecord)}
        />
        {formError ? (
          <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100">
            {formError}
          </p>
        ) : null}

        {kind === 'glucose' ? (
          <>
            <Segmented
              name="glucoseUnit"
              legend={t('unit')}
              value={values.glucoseUnit}
              options={[
                { value: 'mg/dL', label: 'mg/dL' },
                { value: 'mmol/L', label: 'mmol/L' },
              ]}
              onChange={set('glucoseUnit')}
            />
            <TextField
              {...numberProps('value', true)}
              label={t('fields.glucose')}
              suffix={values.glucoseUnit}
              hint={rangeHint(glucoseLimitsIn(values.glucoseUnit).min, glucoseLimitsIn(values.glucoseUnit).max, values.glucoseUnit)}
            />
            <SelectField id={`${id}-context`} label={t('fields.context')} value={values.context} options={opt(GLUCOSE_CONTEXTS, 'contexts', true)} onChange={set('context')} />
          </>
        ) : null}

        {kind === 'hba1c' ? (
          <>
            <Segmented
              name="hba1cUnit"
              legend={t('unit')}
              value={values.hba1cUnit}
              options={[
                { value: '%', label: '%' },
                { value: 'mmol/mol', label: 'mmol/mol' },
              ]}
              onChange={set('hba1cUnit')}
            />
            <TextField
              {...numberProps('value', true)}
              label={t('fields.hba1c')}
              suffix={values.hba1cUnit}
              hint={rangeHint(hba1cLimitsIn(values.hba1cUnit).min, hba1cLimitsIn(values.hba1cUnit).max, values.hba1cUnit)}
            />
            <SelectField id={`${id}-method`} label={t('fields.method')} value={values.method} options={opt(HBA1C_METHODS, 'methods', true)} onChange={set('method')} />
          </>
        ) : null}

        {kind === 'lipids' ? (
          <>
            <Segmented
              name="lipidUnit"
              legend={t('unit')}
              value={values.lipidUnit}
              options={[
                { value: 'g/L', label: 'g/L' },
                { value: 'mmol/L', label: 'mmol/L' },
                { value: 'mg/dL', label: 'mg/dL' },
              ]}
              onChange={set('lipidUnit')}
            />
            <p className="text-sm text-muted" data-field="lipids" tabIndex={-1}>
              {t('hints.lipids')}
            </p>
            {err('lipids') ? <p className="text-sm font-medium text-red-700 dark:text-red-300">{err('lipids')}</p> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...numberProps('total', true)} label={t('lipids.total')} suffix={values.lipidUnit} />
              <TextField {...numberProps('hdl')} label={t('lipids.hdl')} suffix={values.lipidUnit} />
              <TextField {...numberProps('ldl')} label={t('lipids.ldl')} suffix={values.lipidUnit} />
              <TextField {...numberProps('triglycerides')} label={t('lipids.triglycerides')} suffix={values.lipidUnit} />
            </div>
          </>
        ) : null}

        {kind === 'blood_pressure' ? (
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField {...numberProps('systolic', true)} inputMode="numeric" label={t('fields.systolic')} suffix="mmHg" />
              <TextField {...numberProps('diastolic')} inputMode="numeric" label={t('fields.diastolic')} suffix="mmHg" />
              <TextField {...numberProps('pulse')} inputMode="numeric" label={t('fields.pulse')} suffix="bpm" />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField id={`${id}-arm`} label={t('fields.arm')} value={values.arm} options={opt(BP_ARMS, 'arms', true)} onChange={set('arm')} />
              <SelectField id={`${id}-position`} label={t('fields.position')} value={values.position} options={opt(BP_POSITIONS, 'positions', true)} onChange={set('position')} />
            </div>
          </>
        ) : null}

        {kind === 'weight' ? <TextField {...numberProps('kg', true)} label={t('fields.weight')} suffix="kg" /> : null}

        {kind === 'event' ? (
          <>
            <SelectField id={`${id}-eventType`} label={t('fields.eventType')} value={values.eventType} options={opt(EVENT_TYPES, 'eventTypes')} onChange={set('eventType')} />
            {values.eventType === 'insulin' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField {...numberProps('units', true)} label={t('fields.insulinUnits')} suffix="U" />
                <SelectField id={`${id}-insulinType`} label={t('fields.insulinType')} value={values.insulinType} options={opt(INSULIN_TYPES, 'insulinTypes')} onChange={set('insulinType')} />
              </div>
            ) : null}
            {values.eventType === 'carbs' ? <TextField {...numberProps('grams', true)} label={t('fields.carbs')} suffix="g" /> : null}
            {values.eventType === 'activity' ? <TextField {...numberProps('minutes', true)} inputMode="numeric" label={t('fields.activity')} suffix="min" /> : null}
            {values.eventType === 'medication' ? (
              <TextField {...numberProps('name', true)} inputMode="text" label={t('fields.medication')} maxLength={200} />
            ) : null}
          </>
        ) : null}

        <TextField
          id={`${id}-measuredAt`}
          data-field="measuredAt"
          type="datetime-local"
          label={t('fields.measuredAt')}
          hint={t('hints.timeZone', { zone: timeZone })}
          value={values.measuredAt}
          onChange={set('measuredAt')}
          error={err('measuredAt')}
          inputRef={kind === 'event' && values.eventType === 'note' ? firstRef : undefined}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`} className="font-medium">
            {kind === 'event' && values.eventType === 'note' ? t('fields.noteRequired') : t('fields.note')}
          </label>
          <textarea
            id={`${id}-note`}
            data-field="note"
            value={values.note}
            maxLength={NOTE_MAX_LENGTH}
            onChange={(event) => set('note')(event.target.value)}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${id}-note-error` : undefined}
            rows={2}
            className="min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-fg"
          />
          {errors.note ? (
            <p id={`${id}-note-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
              {err('note')}
            </p>
          ) : null}
        </div>

        <div className="flex flex-wrap gap-2">
          <Button type="submit" value="back" disabled={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
          {editRecord ? null : (
            <Button type="submit" value="stay" variant="secondary" disabled={save.isPending}>
              {t('saveAndAdd')}
            </Button>
          )}
          <Link to={DASHBOARD} className={buttonClasses('ghost')} data-button>
            {t('cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
