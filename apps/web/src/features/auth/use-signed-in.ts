import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isPhysician } from '@glucosuivi/domain/accounts/accounts.schemas';
import { setSessionUser, type SessionUser, type UserType } from '@/lib/session';

export type PreloadForUser = (userType: UserType) => void;
export type SignedInKind = 'signIn' | 'signUp';

export interface SignedIn {
  kind: SignedInKind;
  user: SessionUser;
  redirectTo: string;
  deletionCancelled?: boolean;
}

/** "Dr" only for physicians (spec: the doctor's last name); another professional by their name. */
function welcomeText(user: SessionUser, t: TFunction<'auth'>): string {
  if (user.userType !== 'doctor' || !user.lastName) return t('toasts.welcome');
  if (isPhysician(user.speciality)) return t('toasts.welcomeDoctor', { lastName: user.lastName });
  return t('toasts.welcomeProfessional', { name: [user.firstName, user.lastName].filter(Boolean).join(' ') });
}

/**
 * After a successful sign-in or sign-up: the welcome toast, the session in the query cache
 * (guards let the user through without a round-trip), the route chunks preloaded by role and
 * the destination remembered for the page's redirect.
 */
export function useSignedIn(preload: PreloadForUser | undefined, remember: (redirectTo: string) => void) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  return useCallback(
    ({ kind, user, redirectTo, deletionCancelled }: SignedIn) => {
      const doctor = user.userType === 'doctor';
      if (kind === 'signUp') {
        toast.success(t('toasts.signUpTitle'), {
          description: t(doctor ? 'toasts.doctorCreated' : 'toasts.patientCreated'),
        });
      } else {
        toast.success(t('toasts.signInTitle'), { description: welcomeText(user, t) });
      }
      if (deletionCancelled) toast.info(t('toasts.deletionCancelled'));
      // Whatever was cached belonged to someone else (or to nobody).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      remember(redirectTo);
      setSessionUser(queryClient, user);
      preload?.(user.userType);
    },
    [t, queryClient, preload, remember],
  );
}
