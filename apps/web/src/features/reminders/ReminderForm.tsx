import { useTranslation } from 'react-i18next';
import { REMINDER_LABEL_MAX, type Reminder } from '@glucosuivi/domain/reminders/reminders.schemas';
import { Segmented } from '@/components/charts/Segmented';
import { Button } from '@/components/ui/Button';
import { RequiredMark, TextField } from '@/components/ui/TextField';
import type { FormKind, ReminderFormValues, ScheduleMode } from './reminder-form';
import { ChannelFields, MedicationFields, PeriodFields, RuleField, WeeklyFields } from './ReminderFields';
import { useReminderForm } from './use-reminder-form';

interface ReminderFormProps {
  /** The reminder edited, or null to create one. */
  reminder: Reminder | null;
  initial: ReminderFormValues;
  /** Zones offered (the settings page's list); the values' own zone is added when missing. */
  timeZones: readonly string[];
  /** The patient's settings: a hint says when push or e-mail is switched off there. */
  pushEnabled: boolean;
  emailEnabled: boolean;
  onDone: () => void;
  onCancel: () => void;
}

/** Creates or edits a reminder: checked with the server's schema before sending, refusals shown on their field. */
export function ReminderForm({ reminder, initial, timeZones, pushEnabled, emailEnabled, onDone, onCancel }: ReminderFormProps) {
  const { t } = useTranslation('reminders');
  const { kit, formRef, summary, save, onSubmit, times } = useReminderForm(reminder, initial, onDone);
  const { id, values, errors, set, err } = kit;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="reminder-form">
      {summary ? (
        <p
          role="alert"
          tabIndex={-1}
          data-field="summary"
          className="rounded-lg border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100"
        >
          {summary}
          {errors.fields.form ? ` ${t(errors.fields.form)}` : ''}
        </p>
      ) : null}

      {reminder?.kind === 'appointment' ? null : (
        <Segmented<FormKind>
          name={`${id}-kind`}
          legend={t('form.kind')}
          value={values.kind}
          options={(['measurement', 'medication'] as const).map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          onChange={(kind) => set('kind', kind, ['medicationName', 'instructions'])}
        />
      )}

      <TextField
        id={`${id}-label`}
        data-field="label"
        label={t('form.label')}
        labelSuffix={<RequiredMark label={t('form.required')} />}
        hint={t(values.kind === 'medication' ? 'form.labelHintMedication' : 'form.labelHint')}
        value={values.label}
        maxLength={REMINDER_LABEL_MAX}
        autoComplete="off"
        onValueChange={(label) => set('label', label, ['label'])}
        error={err('label')}
      />

      {values.kind === 'medication' ? <MedicationFields kit={kit} /> : null}

      <Segmented<ScheduleMode>
        name={`${id}-mode`}
        legend={t('form.mode')}
        value={values.mode}
        options={[
          { value: 'weekly', label: t('form.modeWeekly') },
          { value: 'rrule', label: t('form.modeRule') },
        ]}
        onChange={(mode) => set('mode', mode, ['times', 'days', 'rule'])}
      />
      {values.mode === 'weekly' ? <WeeklyFields kit={kit} times={times} /> : <RuleField kit={kit} />}

      <PeriodFields kit={kit} timeZones={timeZones} />
      <ChannelFields kit={kit} pushEnabled={pushEnabled} emailEnabled={emailEnabled} />

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('form.saving') : t(reminder ? 'form.saveChanges' : 'form.create')}
        </Button>
      </div>
    </form>
  );
}
