import { Ban, CalendarX, Check, CircleCheck, CircleX, Download } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cancelAppointment,
  confirmAppointment,
  downloadAppointmentIcs,
  recordOutcome,
} from '@glucosuivi/domain/appointments/appointments.contract';
import { APPOINTMENT_MESSAGE_MAX_LENGTH, type Appointment, type Party } from '@glucosuivi/domain/appointments/appointments.schemas';
import { buildPath } from '@glucosuivi/domain/shared/contract';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Dialog } from '@/components/ui/Dialog';
import { apiCall } from '@/lib/api-client';
import { useAppointmentMutation } from './appointments-api';
import { ProposeDialog } from './ProposeDialog';
import { RatingSection } from './RatingSection';

/** What the reader may do with one appointment now (the server's `can`), each action named with its appointment. */
export function AppointmentActions({ appointment, viewer, timeZone, when }: { appointment: Appointment; viewer: Party; timeZone: string; when: string }) {
  const { t } = useTranslation('appointments');
  const which = <span className="sr-only"> : {when}</span>;
  const params = { id: appointment.id };
  const confirm = useAppointmentMutation(t, () => apiCall(confirmAppointment, { params }), t('toasts.confirmed'));
  const outcome = useAppointmentMutation(t, (status: 'done' | 'no_show') => apiCall(recordOutcome, { params, body: { status } }), t('toasts.outcome'));
  const calendarFile = appointment.startsAt && (appointment.status === 'confirmed' || appointment.status === 'requested');

  return (
    <>
      <div className="flex flex-wrap gap-2">
        {appointment.can.confirm ? (
          <Button disabled={confirm.isPending} onClick={() => confirm.mutate(undefined)}>
            <Check aria-hidden="true" className="size-4" />
            {t(viewer === 'patient' ? 'actions.accept' : 'actions.confirm')}
            {which}
          </Button>
        ) : null}
        {appointment.can.propose && viewer === 'professional' ? <ProposeDialog appointment={appointment} timeZone={timeZone} which={which} /> : null}
        {appointment.can.cancel ? <CancelDialog appointment={appointment} viewer={viewer} which={which} /> : null}
        {appointment.can.recordOutcome ? (
          <>
            <Button variant="secondary" disabled={outcome.isPending} onClick={() => outcome.mutate('done')}>
              <CircleCheck aria-hidden="true" className="size-4" />
              {t('actions.done')}
              {which}
            </Button>
            <Button variant="secondary" disabled={outcome.isPending} onClick={() => outcome.mutate('no_show')}>
              <CircleX aria-hidden="true" className="size-4" />
              {t('actions.noShow')}
              {which}
            </Button>
          </>
        ) : null}
        {calendarFile ? (
          <a href={buildPath(downloadAppointmentIcs.path, params)} download className={buttonClasses('ghost')} data-button>
            <Download aria-hidden="true" className="size-4" />
            {t('actions.ics')}
            {which}
          </a>
        ) : null}
      </div>
      {viewer === 'patient' && (appointment.can.rate || appointment.rating) ? <RatingSection appointment={appointment} when={when} /> : null}
    </>
  );
}

/** Cancelling (or, for a professional, declining a request), with an optional reason. */
function CancelDialog({ appointment, viewer, which }: { appointment: Appointment; viewer: Party; which: ReactNode }) {
  const { t } = useTranslation('appointments');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const decline = viewer === 'professional' && appointment.status === 'requested' && appointment.awaiting === 'professional';
  const cancel = useAppointmentMutation(
    t,
    () => apiCall(cancelAppointment, { params: { id: appointment.id }, body: reason.trim() ? { reason: reason.trim() } : {} }),
    t(decline ? 'toasts.declined' : 'toasts.cancelled'),
    () => {
      setOpen(false);
      setReason('');
    },
  );
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t(decline ? 'cancel.declineTitle' : 'cancel.title')}
      description={t(viewer === 'patient' ? 'cancel.textPatient' : 'cancel.textProfessional')}
      closeLabel={t('close')}
      trigger={
        <Button variant="secondary">
          {decline ? <Ban aria-hidden="true" className="size-4" /> : <CalendarX aria-hidden="true" className="size-4" />}
          {t(decline ? 'actions.decline' : 'actions.cancel')}
          {which}
        </Button>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          cancel.mutate(undefined);
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="font-medium">
            {t('cancel.reason')}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={APPOINTMENT_MESSAGE_MAX_LENGTH}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-fg"
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('cancel.keep')}
          </Button>
          <Button type="submit" className="bg-red-700 hover:bg-red-800 dark:bg-red-700" disabled={cancel.isPending}>
            {t(decline ? 'cancel.confirmDecline' : 'cancel.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
