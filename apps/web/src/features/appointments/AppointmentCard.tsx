import { MapPin, Video } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Appointment, Party } from '@glucosuivi/domain/appointments/appointments.schemas';
import { AppointmentActions } from './AppointmentActions';
import { dateTimeLabel, timeLabel } from './appointment-time';

/** The status as the reader says it: who must answer a request, who cancelled. */
export function statusLabel(appointment: Appointment, viewer: Party, t: TFunction): string {
  switch (appointment.status) {
    case 'requested':
      if (appointment.awaiting === viewer) return t(viewer === 'patient' ? 'status.proposedToYou' : 'status.requestToAnswer');
      return t(viewer === 'patient' ? 'status.awaitingProfessional' : 'status.awaitingPatient');
    case 'cancelled':
      if (appointment.cancelledBy === viewer) return t('status.cancelledByYou');
      return t(appointment.cancelledBy === 'patient' ? 'status.cancelledByPatient' : 'status.cancelledByProfessional');
    default:
      return t(`status.${appointment.status}`);
  }
}

const STATUS_TONE: Record<Appointment['status'], string> = {
  requested: 'border-amber-700 dark:border-amber-300',
  confirmed: 'border-emerald-700 dark:border-emerald-300',
  cancelled: 'border-red-700 dark:border-red-300',
  done: 'border-line-strong',
  no_show: 'border-line-strong',
};

export function personName(person: { firstName: string; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

/** One appointment, for its patient or its professional, with what the reader may do now. */
export function AppointmentCard({ appointment, viewer, timeZone, headingLevel = 3 }: { appointment: Appointment; viewer: Party; timeZone: string; headingLevel?: 3 | 4 }) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.resolvedLanguage ?? 'fr';
  const titleId = `appointment-${appointment.id}`;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const when = appointment.startsAt
    ? `${dateTimeLabel(appointment.startsAt, language, timeZone)}${appointment.endsAt ? ` – ${timeLabel(appointment.endsAt, language, timeZone)}` : ''}`
    : t('card.noSlot');
  const counterpartLabel = viewer === 'patient' ? t('card.professional') : t('card.patient');

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3 sm:p-4" data-testid="appointment-card">
      <div className="flex flex-wrap items-center gap-2">
        <Heading id={titleId} className="min-w-0 text-lg font-semibold wrap-anywhere">
          {appointment.startsAt ? <time dateTime={appointment.startsAt}>{when}</time> : when}
        </Heading>
        <span className={`inline-flex min-h-7 items-center rounded-full border px-2 text-sm ${STATUS_TONE[appointment.status]}`} data-testid="appointment-status">
          {statusLabel(appointment, viewer, t)}
        </span>
      </div>
      <dl className="grid min-w-0 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium">{counterpartLabel}</dt>
        <dd className="wrap-anywhere">{personName(appointment.counterpart)}</dd>
        <dt className="font-medium">{t('card.mode')}</dt>
        <dd className="flex min-w-0 items-start gap-1 wrap-anywhere">
          {appointment.mode === 'video' ? <Video aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
          <span>
            {t(`modes.${appointment.mode}`)}
            {appointment.mode === 'in_person' && appointment.address ? ` : ${appointment.address}` : ''}
          </span>
        </dd>
        {appointment.requestMessage ? (
          <>
            <dt className="font-medium">{t('card.requestMessage')}</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{appointment.requestMessage}</dd>
          </>
        ) : null}
        {appointment.proposalMessage ? (
          <>
            <dt className="font-medium">{t('card.proposalMessage')}</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{appointment.proposalMessage}</dd>
          </>
        ) : null}
        {appointment.status === 'cancelled' && appointment.cancelReason ? (
          <>
            <dt className="font-medium">{t('card.cancelReason')}</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{appointment.cancelReason}</dd>
          </>
        ) : null}
        {viewer === 'patient' && appointment.can.cancel && appointment.cancellableUntil ? (
          <>
            <dt className="font-medium">{t('card.cancellableUntil')}</dt>
            <dd>{dateTimeLabel(appointment.cancellableUntil, language, timeZone)}</dd>
          </>
        ) : null}
      </dl>
      {appointment.videoUrl && (appointment.status === 'confirmed' || appointment.status === 'requested') ? (
        <p>
          <a href={appointment.videoUrl} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline">
            <Video aria-hidden="true" className="size-4" />
            {t('card.join')}
            <span className="sr-only"> {t('card.newWindow')}</span>
          </a>
        </p>
      ) : null}
      <AppointmentActions appointment={appointment} viewer={viewer} timeZone={timeZone} when={when} />
    </article>
  );
}
