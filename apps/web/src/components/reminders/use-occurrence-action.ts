import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { markOccurrenceDone, skipOccurrence, snoozeOccurrence } from '@glucosuivi/domain/reminders/reminders.contract';
import type { SNOOZE_MINUTES } from '@glucosuivi/domain/reminders/reminders.schemas';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { notificationKeys, reminderKeys } from '@/lib/queries/query-keys';

export type SnoozeMinutes = (typeof SNOOZE_MINUTES)[number];
export type OccurrenceAction = { type: 'done' } | { type: 'snooze'; minutes: SnoozeMinutes } | { type: 'skip' };

/** Calls the occurrence's endpoint for one action. */
export function callOccurrenceAction(occurrenceId: string, action: OccurrenceAction) {
  const params = { id: occurrenceId };
  switch (action.type) {
    case 'done':
      return apiCall(markOccurrenceDone, { params });
    case 'snooze':
      return apiCall(snoozeOccurrence, { params, body: { minutes: action.minutes } });
    case 'skip':
      return apiCall(skipOccurrence, { params });
  }
}

/**
 * "Fait", "Reporter" or "Ignorer" on a due occurrence, from the timeline or the notification
 * centre: both show the occurrence's state, so both are refetched after it changes.
 */
export function useOccurrenceAction() {
  const { t } = useTranslation('reminders');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ occurrenceId, action }: { occurrenceId: string; action: OccurrenceAction }) => callOccurrenceAction(occurrenceId, action),
    onSuccess: (_item, { action }) => {
      void queryClient.invalidateQueries({ queryKey: reminderKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      toast.success(action.type === 'snooze' ? t('toasts.snoozed', { count: action.minutes }) : t(`toasts.${action.type}`));
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
}
