import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { Skeleton } from '@/components/ui/Skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import { Agenda } from './Agenda';
import { AppointmentCard } from './AppointmentCard';
import { appointmentError, useAppointmentList, useTimeZone } from './appointments-api';
import { localDay } from './appointment-time';
import { AvailabilitySection } from './AvailabilityEditor';
import { CalendarFeedSection } from './CalendarFeedSection';

/**
 * /doctor-appointments: the requests to answer first, then the agenda by day or week, the
 * schedule patients book from, and the calendar feed. `timeZones` is the list the settings page
 * offers, handed over by the app (features never import each other).
 */
export function DoctorAppointmentsPage({ timeZones }: { timeZones: readonly string[] }) {
  const { t } = useTranslation('appointments');
  useDocumentTitle(t('doctorTitle'));
  const { timeZone, isPending } = useTimeZone();

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('doctorTitle')}</h1>
      {isPending ? (
        <LoadingScreen variant="doctor" />
      ) : (
        <>
          <RequestsSection timeZone={timeZone} />
          <Agenda timeZone={timeZone} />
          <AvailabilitySection timeZones={timeZones} today={localDay(Date.now(), timeZone)} />
          <CalendarFeedSection timeZone={timeZone} />
        </>
      )}
    </div>
  );
}

/** Patients' requests waiting for the professional's answer, and the proposals waiting for the patient's. */
function RequestsSection({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('appointments');
  const list = useAppointmentList('upcoming');
  let body;
  if (list.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (list.isError) body = <p role="alert">{appointmentError(list.error, t)}</p>;
  else {
    const requested = list.data.appointments.filter((a) => a.status === 'requested');
    const mine = requested.filter((a) => a.awaiting === 'professional');
    const theirs = requested.filter((a) => a.awaiting !== 'professional');
    body = (
      <>
        {mine.length === 0 ? (
          <p className="rounded-lg border border-line bg-surface p-4">{t('requests.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="requests-list">
            {mine.map((a) => (
              <li key={a.id}>
                <AppointmentCard appointment={a} viewer="professional" timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
        {theirs.length > 0 ? (
          <>
            <h3 className="text-lg font-semibold">{t('requests.waitingPatient')}</h3>
            <ul className="flex flex-col gap-3">
              {theirs.map((a) => (
                <li key={a.id}>
                  <AppointmentCard appointment={a} viewer="professional" timeZone={timeZone} headingLevel={4} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    );
  }
  return (
    <section aria-labelledby="requests-title" className="flex flex-col gap-3">
      <h2 id="requests-title" className="text-xl font-bold">
        {t('requests.title')}
      </h2>
      {body}
    </section>
  );
}
