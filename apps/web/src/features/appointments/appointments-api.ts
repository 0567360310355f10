import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import {
  createCalendarFeed,
  getAvailability,
  getCalendarFeed,
  getSatisfaction,
  listAppointments,
  listBookableProfessionals,
  listSlots,
} from '@glucosuivi/domain/appointments/appointments.contract';
import { APPOINTMENT_ISSUES } from '@glucosuivi/domain/appointments/appointments.schemas';
import { getSettings } from '@glucosuivi/domain/settings/settings.contract';
import { apiCall } from '@/lib/api-client';
import { ApiError, errorMessage } from '@/lib/errors';
import { appointmentKeys, patientDataKeys, notificationKeys, reminderKeys } from '@/lib/queries/query-keys';

/*
 * The appointment pages' queries, all under appointmentKeys: any change made here refetches them
 * all (a booking changes the slots, the lists and the agenda at once).
 */

const DEFAULT_ZONE = 'Europe/Paris';

/** The reader's own time zone (settings): every time on these pages is shown in it. */
export function useTimeZone(): { timeZone: string; isPending: boolean } {
  const query = useQuery({ queryKey: patientDataKeys.settings, queryFn: ({ signal }) => apiCall(getSettings, { signal }) });
  return { timeZone: query.data?.timezone || DEFAULT_ZONE, isPending: query.isPending };
}

export function useAppointmentList(scope: 'upcoming' | 'past' | 'all', range?: { from: string; to: string }) {
  return useQuery({
    queryKey: appointmentKeys.list(scope, range?.from, range?.to),
    queryFn: ({ signal }) => apiCall(listAppointments, { query: { scope, ...(range ?? {}) }, signal }),
  });
}

export function useBookableProfessionals() {
  return useQuery({ queryKey: appointmentKeys.professionals, queryFn: ({ signal }) => apiCall(listBookableProfessionals, { signal }) });
}

export function useSlots(professionalId: string | null, weeks: number) {
  return useQuery({
    queryKey: appointmentKeys.slots(professionalId ?? '', weeks),
    queryFn: ({ signal }) => apiCall(listSlots, { params: { professionalId: professionalId! }, query: { weeks }, signal }),
    enabled: Boolean(professionalId),
  });
}

export function useAvailability() {
  return useQuery({ queryKey: appointmentKeys.availability, queryFn: ({ signal }) => apiCall(getAvailability, { signal }) });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: appointmentKeys.feed, queryFn: ({ signal }) => apiCall(getCalendarFeed, { signal }) });
}

export function useSatisfaction() {
  return useQuery({ queryKey: appointmentKeys.satisfaction, queryFn: ({ signal }) => apiCall(getSatisfaction, { signal }) });
}

/** After any change: every appointment query, and the reminders an appointment schedules. */
export function useInvalidateAppointments(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    ]);
}

/** Creating (or replacing) the feed: its URL is only in this answer, so the caller keeps it. */
export function useCreateFeed(onCreated: (url: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(createCalendarFeed),
    onSuccess: (created) => {
      queryClient.setQueryData(appointmentKeys.feed, { active: true, createdAt: created.createdAt });
      onCreated(created.url);
    },
  });
}

const ISSUE_KEYS = new Set<string>(Object.values(APPOINTMENT_ISSUES));

/**
 * An error as a sentence: the appointment rules' own issues (end before start, address required…)
 * are named; everything else is the app's one error text (`errors:<code>`).
 */
export function appointmentError(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'validation_failed') {
    const issue = error.issues?.find((i) => ISSUE_KEYS.has(i.message));
    if (issue) return t(`errors:issues.${issue.message}`);
  }
  return errorMessage(error, t);
}

/** The usual mutation ending: a toast either way, and everything refetched after a success. */
export function useAppointmentMutation<V, R>(t: TFunction, mutationFn: (vars: V) => Promise<R>, success: string, onDone?: (result: R) => void) {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      void invalidate();
      toast.success(success);
      onDone?.(result);
    },
    onError: (error) => {
      // A slot taken meanwhile: the list the patient sees is stale, fetch it again.
      if (error instanceof ApiError && (error.code === 'slot_taken' || error.code === 'slot_unavailable')) void invalidate();
      toast.error(appointmentError(error, t));
    },
  });
}
