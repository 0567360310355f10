import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@glucosuivi/domain/appointments/appointments.schemas';
import { Segmented } from '@/components/charts/Segmented';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { AppointmentCard, personName, statusLabel } from './AppointmentCard';
import { appointmentError, useAppointmentList } from './appointments-api';
import { addDays, dayLabel, dayStartMs, localDay, timeLabel, weekStart } from './appointment-time';

type View = 'day' | 'week';

/**
 * The professional's agenda, by day or by week, in their zone. A day shows every appointment in
 * full; a week shows each day's appointments as short entries (a list per day on a phone, seven
 * columns on a wide screen), each opening the full appointment.
 */
export function Agenda({ timeZone, now = Date.now() }: { timeZone: string; now?: number }) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.resolvedLanguage ?? 'fr';
  const today = localDay(now, timeZone);
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState(today);
  const first = view === 'day' ? anchor : weekStart(anchor);
  const length = view === 'day' ? 1 : 7;
  const days = Array.from({ length }, (_, i) => addDays(first, i));
  const range = { from: new Date(dayStartMs(first, timeZone)).toISOString(), to: new Date(dayStartMs(addDays(first, length), timeZone)).toISOString() };
  const list = useAppointmentList('all', range);
  const rangeText = view === 'day' ? dayLabel(first, language, t) : t('agenda.weekOf', { day: dayLabel(first, language, t) });

  let body;
  if (list.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (list.isError) body = <p role="alert">{appointmentError(list.error, t)}</p>;
  else {
    const byDay = new Map<string, Appointment[]>(days.map((d) => [d, []]));
    for (const a of list.data.appointments) if (a.startsAt) byDay.get(localDay(a.startsAt, timeZone))?.push(a);
    body =
      view === 'day' ? (
        <DayView appointments={byDay.get(first) ?? []} timeZone={timeZone} />
      ) : (
        <ol className="grid gap-3 lg:grid-cols-7 lg:gap-2" data-testid="agenda-week">
          {days.map((day) => (
            <li key={day} className={`flex min-w-0 flex-col gap-2 rounded-lg border p-2 ${day === today ? 'border-primary' : 'border-line'}`} data-testid="agenda-day">
              <h3 className="text-sm font-semibold">
                {dayLabel(day, language, t)}
                {day === today ? <span className="sr-only"> ({t('agenda.today')})</span> : null}
              </h3>
              {(byDay.get(day) ?? []).length === 0 ? (
                <p className="text-sm text-muted">{t('agenda.free')}</p>
              ) : (
                <ul className="flex flex-col gap-1">
                  {byDay.get(day)!.map((a) => (
                    <li key={a.id}>
                      <AgendaEntry appointment={a} timeZone={timeZone} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      );
  }

  return (
    <section aria-labelledby="agenda-title" className="flex flex-col gap-3">
      <h2 id="agenda-title" className="text-xl font-bold">
        {t('agenda.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <Segmented name="agenda-view" legend={t('agenda.view')} hideLegend value={view} options={(['day', 'week'] as const).map((v) => ({ value: v, label: t(`agenda.${v}`) }))} onChange={setView} />
        <div className="flex flex-wrap items-center gap-1">
          <Button variant="secondary" aria-label={t(view === 'day' ? 'agenda.previousDay' : 'agenda.previousWeek')} onClick={() => setAnchor(addDays(anchor, -length))}>
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <Button variant="secondary" onClick={() => setAnchor(today)}>
            {t('agenda.today')}
          </Button>
          <Button variant="secondary" aria-label={t(view === 'day' ? 'agenda.nextDay' : 'agenda.nextWeek')} onClick={() => setAnchor(addDays(anchor, length))}>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <p role="status" aria-live="polite" className="font-medium" data-testid="agenda-range">
        {rangeText}
      </p>
      {body}
    </section>
  );
}

function DayView({ appointments, timeZone }: { appointments: Appointment[]; timeZone: string }) {
  const { t } = useTranslation('appointments');
  if (appointments.length === 0) return <p className="rounded-lg border border-line bg-surface p-4">{t('agenda.emptyDay')}</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="agenda-dayview">
      {appointments.map((a) => (
        <li key={a.id}>
          <AppointmentCard appointment={a} viewer="professional" timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

/** A short entry of the week (hour, patient, status) that opens the full appointment. */
function AgendaEntry({ appointment, timeZone }: { appointment: Appointment; timeZone: string }) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.resolvedLanguage ?? 'fr';
  const [open, setOpen] = useState(false);
  const cancelled = appointment.status === 'cancelled';
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('agenda.details')}
      closeLabel={t('close')}
      trigger={
        <button
          type="button"
          className={`flex min-h-11 w-full flex-col items-start rounded-md border border-line bg-surface px-2 py-1 text-left text-sm hover:bg-surface-strong ${cancelled ? 'line-through' : ''}`}
          data-testid="agenda-entry"
        >
          <span className="font-semibold">{timeLabel(appointment.startsAt!, language, timeZone)}</span>
          <span className="wrap-anywhere">{personName(appointment.counterpart)}</span>
          <span className="text-xs">{statusLabel(appointment, 'professional', t)}</span>
        </button>
      }
    >
      <AppointmentCard appointment={appointment} viewer="professional" timeZone={timeZone} />
    </Dialog>
  );
}
