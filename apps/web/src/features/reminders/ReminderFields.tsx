import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { REMINDER_INSTRUCTIONS_MAX, REMINDER_LABEL_MAX, REMINDER_RULE_MAX } from '@glucosuivi/domain/reminders/reminders.schemas';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { inputClasses, RequiredMark, TextField } from '@/components/ui/TextField';
import { MAX_TIMES, RULE_EXAMPLE } from './reminder-form';
import { WEEKDAYS } from './schedule-summary';
import type { FormKit, TimeControls } from './use-reminder-form';

/* The reminder form's groups of fields, each labelled and tied to its hint and error. */

const errorText = 'text-sm font-medium text-red-700 dark:text-red-300';
const hintText = 'text-sm text-muted';
const checkboxRow = 'flex items-start gap-3 rounded-lg px-1 hover:bg-surface';
const checkboxInput = 'mt-3 size-5 shrink-0 accent-primary';
const checkboxLabel = 'flex min-h-11 flex-1 cursor-pointer items-center py-1';

/** The medication's name (required) and the patient's own instructions, never a dose of ours. */
export function MedicationFields({ kit }: { kit: FormKit }) {
  const { t } = useTranslation('reminders');
  const { id, values, errors, set, err } = kit;
  const invalid = Boolean(errors.fields.instructions);
  return (
    <>
      <TextField
        id={`${id}-medication`}
        data-field="medicationName"
        label={t('form.medicationName')}
        labelSuffix={<RequiredMark label={t('form.required')} />}
        value={values.medicationName}
        maxLength={REMINDER_LABEL_MAX}
        autoComplete="off"
        onValueChange={(name) => set('medicationName', name, ['medicationName'])}
        error={err('medicationName')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-instructions`} className="font-medium">
          {t('form.instructions')}
        </label>
        <p id={`${id}-instructions-hint`} className={hintText}>
          {t('form.instructionsHint')}
        </p>
        <textarea
          id={`${id}-instructions`}
          data-field="instructions"
          rows={2}
          maxLength={REMINDER_INSTRUCTIONS_MAX}
          value={values.instructions}
          onChange={(event) => set('instructions', event.target.value, ['instructions'])}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-instructions-hint${invalid ? ` ${id}-instructions-error` : ''}`}
          className={`${inputClasses} py-2`}
        />
        {invalid ? (
          <p id={`${id}-instructions-error`} className={errorText}>
            {err('instructions')}
          </p>
        ) : null}
      </div>
    </>
  );
}

/** "Heures et jours": time inputs to add and remove, and the seven days (all ticked by default). */
export function WeeklyFields({ kit, times }: { kit: FormKit; times: TimeControls }) {
  const { t } = useTranslation('reminders');
  const { id, values, errors, set, err } = kit;
  const timesError = err('times');
  const daysError = err('days');
  const toggleDay = (day: number, checked: boolean) =>
    set('days', checked ? [...values.days, day].sort((a, b) => a - b) : values.days.filter((d) => d !== day), ['days']);
  return (
    <>
      <fieldset className="flex flex-col gap-2" aria-describedby={timesError ? `${id}-times-error` : undefined}>
        <legend className="mb-1 font-medium">{t('form.times')}</legend>
        {timesError ? (
          <p id={`${id}-times-error`} className={errorText} data-testid="times-error">
            {timesError}
          </p>
        ) : null}
        <ul className="flex flex-col gap-2">
          {values.times.map((time, index) => (
            <li key={index} className="flex items-center gap-2">
              <label htmlFor={`${id}-time-${index}`} className="sr-only">
                {t('form.timeN', { n: index + 1 })}
              </label>
              <input
                ref={(el) => {
                  times.refs.current[index] = el;
                }}
                id={`${id}-time-${index}`}
                data-field={index === 0 ? 'times' : undefined}
                type="time"
                step={60}
                value={time}
                onChange={(event) => times.change(index, event.target.value)}
                aria-invalid={errors.badTimes.includes(index) || (timesError && errors.badTimes.length === 0) ? true : undefined}
                className={`${inputClasses} max-w-40`}
              />
              <Button variant="ghost" className="px-2" disabled={values.times.length === 1} onClick={() => times.remove(index)}>
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('form.removeTime', { time: time || t('form.timeN', { n: index + 1 }) })}</span>
              </Button>
            </li>
          ))}
        </ul>
        <div>
          <button ref={times.addRef} type="button" className={buttonClasses('secondary')} disabled={values.times.length >= MAX_TIMES} onClick={times.add}>
            <Plus aria-hidden="true" className="size-4" />
            {t('form.addTime')}
          </button>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-1" aria-describedby={daysError ? `${id}-days-error` : undefined}>
        <legend className="mb-1 font-medium">{t('form.days')}</legend>
        {daysError ? (
          <p id={`${id}-days-error`} className={errorText}>
            {daysError}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-x-2 sm:grid-cols-4">
          {WEEKDAYS.map((day, index) => (
            <div key={day} className={checkboxRow}>
              <input
                id={`${id}-day-${day}`}
                data-field={index === 0 ? 'days' : undefined}
                type="checkbox"
                checked={values.days.includes(day)}
                onChange={(event) => toggleDay(day, event.target.checked)}
                aria-invalid={daysError ? true : undefined}
                className={checkboxInput}
              />
              <label htmlFor={`${id}-day-${day}`} className={checkboxLabel}>
                {t(`days.long.${day}`)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** "Règle de récurrence (RFC 5545)": the RRULE value as the patient types it, with an example. */
export function RuleField({ kit }: { kit: FormKit }) {
  const { t } = useTranslation('reminders');
  const { id, values, set, err } = kit;
  return (
    <TextField
      id={`${id}-rule`}
      data-field="rule"
      label={t('form.rule')}
      labelSuffix={<RequiredMark label={t('form.required')} />}
      hint={t('form.ruleHint', { example: RULE_EXAMPLE })}
      value={values.rule}
      maxLength={REMINDER_RULE_MAX}
      spellCheck={false}
      autoCapitalize="characters"
      autoComplete="off"
      placeholder={RULE_EXAMPLE}
      className="font-mono"
      onValueChange={(rule) => set('rule', rule, ['rule'])}
      error={err('rule')}
    />
  );
}

/** First day, optional last day and the time zone the times are read in. */
export function PeriodFields({ kit, timeZones }: { kit: FormKit; timeZones: readonly string[] }) {
  const { t } = useTranslation('reminders');
  const { id, values, errors, set, err } = kit;
  const zones = timeZones.includes(values.timeZone) ? timeZones : [values.timeZone, ...timeZones];
  const zoneInvalid = Boolean(errors.fields.timeZone);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-starts`}
          data-field="startsOn"
          type="date"
          label={t('form.startsOn')}
          value={values.startsOn}
          onValueChange={(day) => set('startsOn', day, ['startsOn', 'endsOn'])}
          error={err('startsOn')}
        />
        <TextField
          id={`${id}-ends`}
          data-field="endsOn"
          type="date"
          label={t('form.endsOn')}
          hint={t('form.endsOnHint')}
          value={values.endsOn}
          min={values.startsOn || undefined}
          onValueChange={(day) => set('endsOn', day, ['endsOn'])}
          error={err('endsOn')}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-zone`} className="font-medium">
          {t('form.timeZone')}
        </label>
        <p id={`${id}-zone-hint`} className={hintText}>
          {t('form.timeZoneHint')}
        </p>
        <select
          id={`${id}-zone`}
          data-field="timeZone"
          value={values.timeZone}
          onChange={(event) => set('timeZone', event.target.value, ['timeZone', 'times', 'rule'])}
          aria-invalid={zoneInvalid ? true : undefined}
          aria-describedby={`${id}-zone-hint${zoneInvalid ? ` ${id}-zone-error` : ''}`}
          className={inputClasses}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        {zoneInvalid ? (
          <p id={`${id}-zone-error`} className={errorText}>
            {err('timeZone')}
          </p>
        ) : null}
      </div>
    </>
  );
}

/** In-app always; push and e-mail when ticked, with a word when the settings switch them off. */
export function ChannelFields({ kit, pushEnabled, emailEnabled }: { kit: FormKit; pushEnabled: boolean; emailEnabled: boolean }) {
  const { t } = useTranslation('reminders');
  const { id, values, set } = kit;
  const channel = (key: 'sendPush' | 'sendEmail', name: 'push' | 'email', enabledInSettings: boolean) => (
    <div className={checkboxRow}>
      <input
        id={`${id}-${name}`}
        type="checkbox"
        checked={values[key]}
        onChange={(event) => set(key, event.target.checked)}
        aria-describedby={enabledInSettings ? undefined : `${id}-${name}-hint`}
        className={checkboxInput}
      />
      <div className="flex flex-1 flex-col pb-1">
        <label htmlFor={`${id}-${name}`} className={checkboxLabel}>
          {t(`channels.${name}`)}
        </label>
        {enabledInSettings ? null : (
          <p id={`${id}-${name}-hint`} className={hintText} data-testid={`${name}-off-hint`}>
            {t(`form.${name}Off`)}
          </p>
        )}
      </div>
    </div>
  );
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-medium">{t('form.channels')}</legend>
      <p className={hintText}>{t('form.inAppAlways')}</p>
      {channel('sendPush', 'push', pushEnabled)}
      {channel('sendEmail', 'email', emailEnabled)}
      <p className={hintText}>{t('form.quietHoursHint')}</p>
    </fieldset>
  );
}
