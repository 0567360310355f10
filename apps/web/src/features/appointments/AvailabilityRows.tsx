import { Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX_LENGTH, SLOT_MINUTES_MAX, SLOT_MINUTES_MIN, type AppointmentMode } from '@glucosuivi/domain/appointments/appointments.schemas';
import { Button } from '@/components/ui/Button';
import { inputClasses } from '@/components/ui/TextField';
import { zoneLabel } from './appointment-time';
import type { ExceptionValues, FieldErrors, OpeningValues, RuleValues } from './availability-form';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** One labelled input or select with its error, tied together for screen readers. */
function Field({ label, error, className = '', children }: { label: string; error: string | undefined; className?: string; children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const { t } = useTranslation('appointments');
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}) })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300" data-testid="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export function TimeZoneField({ value, timeZones, onChange, error }: { value: string; timeZones: readonly string[]; onChange: (zone: string) => void; error: string | undefined }) {
  const { t } = useTranslation('appointments');
  const zones = timeZones.includes(value) ? timeZones : [value, ...timeZones];
  return (
    <Field label={t('availability.timezone')} error={error} className="max-w-sm">
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabel(zone)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Start, end, slot length, mode and (in person) address of a range; video only when the server offers it. */
function OpeningFields({ prefix, values, video, errors, onChange }: { prefix: string; values: OpeningValues; video: boolean; errors: FieldErrors; onChange: (values: OpeningValues) => void }) {
  const { t } = useTranslation('appointments');
  const modes: AppointmentMode[] = video || values.mode === 'video' ? ['in_person', 'video'] : ['in_person'];
  const set = (patch: Partial<OpeningValues>) => onChange({ ...values, ...patch });
  return (
    <>
      <Field label={t('availability.start')} error={errors[`${prefix}.start`]}>
        {(props) => <input {...props} type="time" value={values.start} onChange={(e) => set({ start: e.target.value })} className={inputClasses} />}
      </Field>
      <Field label={t('availability.end')} error={errors[`${prefix}.end`]}>
        {(props) => <input {...props} type="time" value={values.end} onChange={(e) => set({ end: e.target.value })} className={inputClasses} />}
      </Field>
      <Field label={t('availability.slotMinutes')} error={errors[`${prefix}.slotMinutes`]}>
        {(props) => (
          <input {...props} type="number" inputMode="numeric" min={SLOT_MINUTES_MIN} max={SLOT_MINUTES_MAX} step={5} value={values.slotMinutes} onChange={(e) => set({ slotMinutes: e.target.value })} className={inputClasses} />
        )}
      </Field>
      <Field label={t('availability.mode')} error={errors[`${prefix}.mode`]}>
        {(props) => (
          <select {...props} value={values.mode} onChange={(e) => set({ mode: e.target.value as AppointmentMode })} className={inputClasses}>
            {modes.map((mode) => (
              <option key={mode} value={mode}>
                {t(`modes.${mode}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {values.mode === 'in_person' ? (
        <Field label={t('availability.address')} error={errors[`${prefix}.address`]} className="sm:col-span-2">
          {(props) => <input {...props} type="text" autoComplete="street-address" maxLength={ADDRESS_MAX_LENGTH} value={values.address} onChange={(e) => set({ address: e.target.value })} className={inputClasses} />}
        </Field>
      ) : null}
    </>
  );
}

function RowFrame({ legend, removeLabel, onRemove, children }: { legend: string; removeLabel: string; onRemove: () => void; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-line bg-surface p-3" data-testid="availability-row">
      <legend className="px-1 font-semibold">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      <Button variant="ghost" className="mt-2" onClick={onRemove}>
        <Trash2 aria-hidden="true" className="size-4" />
        {removeLabel}
      </Button>
    </fieldset>
  );
}

export function RuleRow({ index, rule, video, errors, onChange, onRemove }: { index: number; rule: RuleValues; video: boolean; errors: FieldErrors; onChange: (rule: RuleValues) => void; onRemove: () => void }) {
  const { t } = useTranslation('appointments');
  const prefix = `rules.${index}`;
  const legend = t('availability.ruleLegend', { n: index + 1 });
  return (
    <RowFrame legend={legend} removeLabel={t('availability.remove', { what: legend })} onRemove={onRemove}>
      <Field label={t('availability.weekday')} error={errors[`${prefix}.weekday`]}>
        {(props) => (
          <select {...props} value={rule.weekday} onChange={(e) => onChange({ ...rule, weekday: Number(e.target.value) })} className={inputClasses}>
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {t(`weekdays.${day}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <OpeningFields prefix={prefix} values={rule} video={video} errors={errors} onChange={(opening) => onChange({ ...rule, ...opening })} />
    </RowFrame>
  );
}

export function ExceptionRow({ index, exception, video, errors, onChange, onRemove }: { index: number; exception: ExceptionValues; video: boolean; errors: FieldErrors; onChange: (exception: ExceptionValues) => void; onRemove: () => void }) {
  const { t } = useTranslation('appointments');
  const prefix = `exceptions.${index}`;
  const legend = t(exception.kind === 'closed' ? 'availability.closedLegend' : 'availability.openingLegend', { n: index + 1 });
  return (
    <RowFrame legend={legend} removeLabel={t('availability.remove', { what: legend })} onRemove={onRemove}>
      {exception.kind === 'closed' ? (
        <>
          <Field label={t('availability.from')} error={errors[`${prefix}.from`]}>
            {(props) => <input {...props} type="date" value={exception.from} onChange={(e) => onChange({ ...exception, from: e.target.value })} className={inputClasses} />}
          </Field>
          <Field label={t('availability.to')} error={errors[`${prefix}.to`]}>
            {(props) => <input {...props} type="date" value={exception.to} onChange={(e) => onChange({ ...exception, to: e.target.value })} className={inputClasses} />}
          </Field>
        </>
      ) : (
        <>
          <Field label={t('availability.date')} error={errors[`${prefix}.date`]}>
            {(props) => <input {...props} type="date" value={exception.date} onChange={(e) => onChange({ ...exception, date: e.target.value })} className={inputClasses} />}
          </Field>
          <OpeningFields prefix={prefix} values={exception} video={video} errors={errors} onChange={(opening) => onChange({ ...exception, ...opening })} />
        </>
      )}
    </RowFrame>
  );
}
