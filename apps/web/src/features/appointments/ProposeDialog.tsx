import { CalendarClock } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { proposeAppointment } from '@glucosuivi/domain/appointments/appointments.contract';
import { APPOINTMENT_MESSAGE_MAX_LENGTH, type Appointment } from '@glucosuivi/domain/appointments/appointments.schemas';
import { fromLocalInputValue } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { inputClasses } from '@/components/ui/TextField';
import { apiCall } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAppointmentMutation, useSlots } from './appointments-api';
import { dateTimeLabel, zoneLabel } from './appointment-time';

const OTHER = 'other';
const PROPOSE_WEEKS = 4;

/** The professional proposes another time: one of their free slots, or any time they choose. */
export function ProposeDialog({ appointment, timeZone, which }: { appointment: Appointment; timeZone: string; which: ReactNode }) {
  const { t } = useTranslation('appointments');
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('propose.title')}
      description={t('propose.text', { zone: zoneLabel(timeZone) })}
      closeLabel={t('close')}
      trigger={
        <Button variant="secondary">
          <CalendarClock aria-hidden="true" className="size-4" />
          {t('actions.propose')}
          {which}
        </Button>
      }
    >
      {open ? <ProposeForm appointment={appointment} timeZone={timeZone} onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

function ProposeForm({ appointment, timeZone, onDone }: { appointment: Appointment; timeZone: string; onDone: () => void }) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.resolvedLanguage ?? 'fr';
  const { user } = useSession();
  const slots = useSlots(user?.id ?? null, PROPOSE_WEEKS);
  const free = slots.data?.slots ?? [];
  const [choice, setChoice] = useState<string>(OTHER);
  const [local, setLocal] = useState('');
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState(false);
  const ids = { choice: useId(), local: useId(), message: useId(), error: useId() };
  const propose = useAppointmentMutation(
    t,
    (startsAt: string) => {
      const text = message.trim();
      return apiCall(proposeAppointment, { params: { id: appointment.id }, body: { startsAt, ...(text ? { message: text } : {}) } });
    },
    t('toasts.proposed'),
    onDone,
  );

  const submit = () => {
    const at = choice === OTHER ? fromLocalInputValue(local, timeZone) : Date.parse(choice);
    if (at === null || Number.isNaN(at)) {
      setInvalid(true);
      return;
    }
    propose.mutate(new Date(at).toISOString());
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.choice} className="font-medium">
          {t('propose.slot')}
        </label>
        <select id={ids.choice} value={choice} onChange={(e) => setChoice(e.target.value)} className={inputClasses}>
          <option value={OTHER}>{t('propose.other')}</option>
          {free.map((slot) => (
            <option key={slot.startsAt} value={slot.startsAt}>
              {dateTimeLabel(slot.startsAt, language, timeZone)} · {t(`modes.${slot.mode}`)}
            </option>
          ))}
        </select>
      </div>
      {choice === OTHER ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.local} className="font-medium">
            {t('propose.at')}
          </label>
          <input
            id={ids.local}
            type="datetime-local"
            value={local}
            onChange={(e) => {
              setLocal(e.target.value);
              setInvalid(false);
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? ids.error : undefined}
            className={inputClasses}
          />
          {invalid ? (
            <p id={ids.error} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {t('propose.required')}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.message} className="font-medium">
          {t('propose.message')}
        </label>
        <textarea
          id={ids.message}
          value={message}
          maxLength={APPOINTMENT_MESSAGE_MAX_LENGTH}
          rows={3}
          onChange={(e) => setMessage(e.target.value)}
          className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-fg"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('cancelButton')}
        </Button>
        <Button type="submit" disabled={propose.isPending}>
          {t('propose.send')}
        </Button>
      </div>
    </form>
  );
}
