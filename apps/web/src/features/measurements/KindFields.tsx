import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { glucoseLimitsIn, hba1cLimitsIn } from '@glucosuivi/domain/measurements/measurement-limits';
import {
  BP_ARMS,
  BP_POSITIONS,
  EVENT_TYPES,
  GLUCOSE_CONTEXTS,
  HBA1C_METHODS,
  INSULIN_TYPES,
  type MeasurementKind,
} from '@glucosuivi/domain/measurements/measurements.schemas';
import { formatPlain } from '@/components/charts/glucose-display';
import { Segmented } from '@/components/charts/Segmented';
import { TextField } from '@/components/ui/TextField';
import { SelectField } from './SelectField';
import { NONE, type FieldErrors, type FormField, type FormValues } from './measurement-form';

export type SetField = <K extends keyof FormValues>(field: K) => (value: FormValues[K]) => void;

/**
 * What every field of the entry form needs: its translated error, the props of a number input
 * (the first field of a kind takes the focus ref), the range hint and translated options.
 */
export function useFieldKit({
  id,
  values,
  errors,
  set,
  firstRef,
  language,
}: {
  id: string;
  values: FormValues;
  errors: FieldErrors;
  set: SetField;
  firstRef: RefObject<HTMLInputElement | null>;
  language: string;
}) {
  const { t } = useTranslation('measurements');
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
    onValueChange: set(field) as (value: string) => void,
    error: err(field as FormField),
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    ref: first ? firstRef : undefined,
  });
  const rangeHint = (min: number, max: number, u: string) => t('hints.range', { min: formatPlain(min, language), max: formatPlain(max, language), unit: u });
  const opt = <V extends string>(list: readonly V[], prefix: string, withNone = false) => [
    ...(withNone ? [{ value: NONE as V, label: t('notSpecified') }] : []),
    ...list.map((value) => ({ value, label: t(`${prefix}.${value}`) })),
  ];

  return { id, values, set, err, numberProps, rangeHint, opt };
}

export type FieldKit = ReturnType<typeof useFieldKit>;

/** The fields of one kind of measurement (for an event, of its type); time and note are common to all. */
export function KindFields({ kind, kit }: { kind: MeasurementKind; kit: FieldKit }) {
  const { t } = useTranslation('measurements');
  const { id, values, set, err, numberProps, rangeHint, opt } = kit;
  return (
    <>
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
            unit={values.glucoseUnit}
            hint={rangeHint(glucoseLimitsIn(values.glucoseUnit).min, glucoseLimitsIn(values.glucoseUnit).max, values.glucoseUnit)}
          />
          <SelectField id={`${id}-context`} label={t('fields.context')} value={values.context} options={opt(GLUCOSE_CONTEXTS, 'contexts', true)} onChange={set('context')} />
          <SymptomsField id={`${id}-symptomatic`} checked={values.symptomatic} onChange={set('symptomatic')} />
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
            unit={values.hba1cUnit}
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
            <TextField {...numberProps('total', true)} label={t('lipids.total')} unit={values.lipidUnit} />
            <TextField {...numberProps('hdl')} label={t('lipids.hdl')} unit={values.lipidUnit} />
            <TextField {...numberProps('ldl')} label={t('lipids.ldl')} unit={values.lipidUnit} />
            <TextField {...numberProps('triglycerides')} label={t('lipids.triglycerides')} unit={values.lipidUnit} />
          </div>
        </>
      ) : null}

      {kind === 'blood_pressure' ? (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField {...numberProps('systolic', true)} inputMode="numeric" label={t('fields.systolic')} unit="mmHg" />
            <TextField {...numberProps('diastolic')} inputMode="numeric" label={t('fields.diastolic')} unit="mmHg" />
            <TextField {...numberProps('pulse')} inputMode="numeric" label={t('fields.pulse')} unit="bpm" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField id={`${id}-arm`} label={t('fields.arm')} value={values.arm} options={opt(BP_ARMS, 'arms', true)} onChange={set('arm')} />
            <SelectField id={`${id}-position`} label={t('fields.position')} value={values.position} options={opt(BP_POSITIONS, 'positions', true)} onChange={set('position')} />
          </div>
        </>
      ) : null}

      {kind === 'weight' ? <TextField {...numberProps('kg', true)} label={t('fields.weight')} unit="kg" /> : null}

      {kind === 'event' ? (
        <>
          <SelectField id={`${id}-eventType`} label={t('fields.eventType')} value={values.eventType} options={opt(EVENT_TYPES, 'eventTypes')} onChange={set('eventType')} />
          {values.eventType === 'insulin' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...numberProps('units', true)} label={t('fields.insulinUnits')} unit="U" />
              <SelectField id={`${id}-insulinType`} label={t('fields.insulinType')} value={values.insulinType} options={opt(INSULIN_TYPES, 'insulinTypes')} onChange={set('insulinType')} />
            </div>
          ) : null}
          {values.eventType === 'carbs' ? <TextField {...numberProps('grams', true)} label={t('fields.carbs')} unit="g" /> : null}
          {values.eventType === 'activity' ? <TextField {...numberProps('minutes', true)} inputMode="numeric" label={t('fields.activity')} unit="min" /> : null}
          {values.eventType === 'medication' ? (
            <TextField {...numberProps('name', true)} inputMode="text" label={t('fields.medication')} maxLength={200} />
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** "I feel symptoms of a low": with a low reading, advice then shows the 15/15 rule. */
function SymptomsField({ id, checked, onChange }: { id: string; checked: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation('measurements');
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-3 size-5 shrink-0 accent-primary"
      />
      <div className="flex-1">
        <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center font-medium">
          {t('fields.symptomatic')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t('hints.symptomatic')}
        </p>
      </div>
    </div>
  );
}
