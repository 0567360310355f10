import { CalendarPlus, MapPin, MessageSquarePlus, Video } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bookAppointment } from '@glucosuivi/domain/appointments/appointments.contract';
import { APPOINTMENT_MESSAGE_MAX_LENGTH, SLOT_WEEKS_DEFAULT, SLOT_WEEKS_MAX, type Slot } from '@glucosuivi/domain/appointments/appointments.schemas';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Dialog } from '@/components/ui/Dialog';
import { Select } from '@/components/ui/Select';
import { Skeleton } from '@/components/ui/Skeleton';
import { apiCall } from '@/lib/api-client';
import { appointmentError, useAppointmentMutation, useBookableProfessionals, useSlots } from './appointments-api';
import { personName } from './AppointmentCard';
import { dateTimeLabel, dayLabel, groupByDay, timeLabel, zoneLabel } from './appointment-time';

/** Days of slots shown at first, then this many more on each "next days". */
const DAYS_STEP = 7;

/** "Prendre rendez-vous": a professional of my care team, their free slots by day, book or ask for another time. */
export function BookingSection({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('appointments');
  const professionals = useBookableProfessionals();
  const [chosen, setChosen] = useState<string | null>(null);

  let body;
  if (professionals.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (professionals.isError) body = <p role="alert">{appointmentError(professionals.error, t)}</p>;
  else if (professionals.data.professionals.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-2">
        <p>{t('book.noTeam')}</p>
        <Link to="/profil" className={buttonClasses('secondary')} data-button>
          {t('book.toTeam')}
        </Link>
      </div>
    );
  } else {
    const list = professionals.data.professionals;
    const current = list.find((p) => p.professionalId === chosen) ?? list[0]!;
    body = (
      <>
        {list.length > 1 ? (
          <Select
            className="flex-wrap"
            label={t('book.professional')}
            value={current.professionalId}
            options={list.map((p) => ({ value: p.professionalId, label: personName(p) }))}
            onChange={setChosen}
          />
        ) : (
          <p>
            <span className="font-medium">{t('book.professional')} : </span>
            {personName(current)}
          </p>
        )}
        <p className="text-sm text-muted">{t('book.zone', { zone: zoneLabel(timeZone) })}</p>
        {current.hasAvailability ? <FreeSlots key={current.professionalId} professionalId={current.professionalId} name={personName(current)} timeZone={timeZone} /> : <p>{t('book.noAvailability')}</p>}
        <AskOtherTime professionalId={current.professionalId} name={personName(current)} />
      </>
    );
  }

  return (
    <section aria-labelledby="book-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="book-title" className="flex items-center gap-2 text-xl font-bold">
        <CalendarPlus aria-hidden="true" className="size-5" />
        {t('book.title')}
      </h2>
      {body}
    </section>
  );
}

function FreeSlots({ professionalId, name, timeZone }: { professionalId: string; name: string; timeZone: string }) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.resolvedLanguage ?? 'fr';
  const [weeks, setWeeks] = useState(SLOT_WEEKS_DEFAULT);
  const [days, setDays] = useState(DAYS_STEP);
  const [picked, setPicked] = useState<Slot | null>(null);
  const slots = useSlots(professionalId, weeks);

  if (slots.isPending) return <Skeleton className="h-40 w-full" />;
  if (slots.isError) return <p role="alert">{appointmentError(slots.error, t)}</p>;
  const groups = groupByDay(slots.data.slots, (s) => s.startsAt, timeZone);
  const shown = groups.slice(0, days);
  const more = groups.length > days || weeks < SLOT_WEEKS_MAX;

  return (
    <div className="flex flex-col gap-3" data-testid="free-slots">
      {groups.length === 0 ? <p>{t('book.noSlots', { count: weeks })}</p> : null}
      {shown.map((group) => {
        const headingId = `slots-${group.day}`;
        return (
          <section key={group.day} aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="slot-day">
            <h3 id={headingId} className="font-semibold">
              {dayLabel(group.day, language, t)}
            </h3>
            <ul className="flex flex-wrap gap-2">
              {group.items.map((slot) => (
                <li key={slot.startsAt}>
                  <Button variant="secondary" onClick={() => setPicked(slot)} aria-label={t('book.slotLabel', { when: dateTimeLabel(slot.startsAt, language, timeZone), mode: t(`modes.${slot.mode}`) })}>
                    {slot.mode === 'video' ? <Video aria-hidden="true" className="size-4" /> : <MapPin aria-hidden="true" className="size-4" />}
                    {timeLabel(slot.startsAt, language, timeZone)}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {more ? (
        <Button
          variant="ghost"
          className="self-start"
          onClick={() => {
            if (groups.length > days) setDays(days + DAYS_STEP);
            else setWeeks(Math.min(SLOT_WEEKS_MAX, weeks + SLOT_WEEKS_DEFAULT));
          }}
        >
          {t('book.moreDays')}
        </Button>
      ) : null}
      <BookDialog professionalId={professionalId} name={name} slot={picked} timeZone={timeZone} onClose={() => setPicked(null)} />
    </div>
  );
}

function BookDialog({ professionalId, name, slot, timeZone, onClose }: { professionalId: string; name: string; slot: Slot | null; timeZone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.resolvedLanguage ?? 'fr';
  const [message, setMessage] = useState('');
  const messageId = useId();
  const book = useAppointmentMutation(
    t,
    (startsAt: string) => {
      const text = message.trim();
      return apiCall(bookAppointment, { body: { professionalId, startsAt, ...(text ? { message: text } : {}) } });
    },
    t('toasts.booked'),
    () => {
      setMessage('');
      onClose();
    },
  );
  return (
    <Dialog open={slot !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={t('book.confirmTitle')} closeLabel={t('close')}>
      {slot ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            book.mutate(slot.startsAt);
          }}
        >
          <p data-testid="book-summary">
            {t('book.summary', { name, when: dateTimeLabel(slot.startsAt, language, timeZone), mode: t(`modes.${slot.mode}`) })}
            {slot.mode === 'in_person' && slot.address ? ` — ${slot.address}` : ''}
          </p>
          <div className="flex flex-col gap-1">
            <label htmlFor={messageId} className="font-medium">
              {t('book.message')}
            </label>
            <textarea id={messageId} value={message} maxLength={APPOINTMENT_MESSAGE_MAX_LENGTH} rows={3} onChange={(e) => setMessage(e.target.value)} className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-fg" />
          </div>
          <p className="text-sm text-muted">{t('book.requestNote')}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('cancelButton')}
            </Button>
            <Button type="submit" disabled={book.isPending}>
              {t('book.send')}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}

/** No slot suits: a message asking the professional for another time (the message is required). */
function AskOtherTime({ professionalId, name }: { professionalId: string; name: string }) {
  const { t } = useTranslation('appointments');
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const ids = { message: useId(), error: useId() };
  const ask = useAppointmentMutation(t, (text: string) => apiCall(bookAppointment, { body: { professionalId, message: text } }), t('toasts.asked'), () => {
    setOpen(false);
    setMessage('');
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('ask.title', { name })}
      description={t('ask.text')}
      closeLabel={t('close')}
      trigger={
        <Button variant="secondary" className="self-start">
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          {t('ask.open')}
        </Button>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const text = message.trim();
          if (!text) setMissing(true);
          else ask.mutate(text);
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.message} className="font-medium">
            {t('ask.message')}
          </label>
          <textarea
            id={ids.message}
            value={message}
            maxLength={APPOINTMENT_MESSAGE_MAX_LENGTH}
            rows={4}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? ids.error : undefined}
            onChange={(e) => {
              setMessage(e.target.value);
              setMissing(false);
            }}
            className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-fg"
          />
          {missing ? (
            <p id={ids.error} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {t('errors:issues.appointmentRequestEmpty')}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('cancelButton')}
          </Button>
          <Button type="submit" disabled={ask.isPending}>
            {t('ask.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
