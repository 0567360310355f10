import { useTranslation } from 'react-i18next';
import type { Party } from '@glucosuivi/domain/appointments/appointments.schemas';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { Skeleton } from '@/components/ui/Skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import { AppointmentCard } from './AppointmentCard';
import { appointmentError, useAppointmentList, useTimeZone } from './appointments-api';
import { BookingSection } from './BookingSection';
import { CalendarFeedSection } from './CalendarFeedSection';

/** /appointments (PRODUCT.md §5): book with my care team, my upcoming and past appointments, my calendar feed. */
export function AppointmentsPage() {
  const { t } = useTranslation('appointments');
  useDocumentTitle(t('title'));
  const { timeZone, isPending } = useTimeZone();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      {isPending ? (
        <LoadingScreen variant="patient" />
      ) : (
        <>
          <AppointmentSection scope="upcoming" viewer="patient" timeZone={timeZone} />
          <BookingSection timeZone={timeZone} />
          <AppointmentSection scope="past" viewer="patient" timeZone={timeZone} />
          <CalendarFeedSection timeZone={timeZone} />
        </>
      )}
    </div>
  );
}

/** "À venir" or "Passés": the list of one scope, as cards. */
export function AppointmentSection({ scope, viewer, timeZone }: { scope: 'upcoming' | 'past'; viewer: Party; timeZone: string }) {
  const { t } = useTranslation('appointments');
  const list = useAppointmentList(scope);
  const titleId = `${scope}-title`;

  let body;
  if (list.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (list.isError) body = <p role="alert">{appointmentError(list.error, t)}</p>;
  else if (list.data.appointments.length === 0) body = <p className="rounded-lg border border-line bg-surface p-4">{t(`lists.${scope}Empty`)}</p>;
  else {
    body = (
      <ul className="flex flex-col gap-3" data-testid={`${scope}-list`}>
        {list.data.appointments.map((appointment) => (
          <li key={appointment.id}>
            <AppointmentCard appointment={appointment} viewer={viewer} timeZone={timeZone} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-xl font-bold">
        {t(`lists.${scope}`)}
      </h2>
      {body}
    </section>
  );
}
