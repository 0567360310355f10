import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { StatusMessage } from '@/components/ui/StatusMessage';
import {
  fetchSessionUser,
  isAdmin,
  isProfessional,
  sessionQueryKey,
  useNoSessionTarget,
} from '@/lib/session';
import { renderNow } from '@/lib/render-clock';
import { RequireAuth } from './RequireAuth';

/**
 * The patient space: signed in ('Chargement...'), then a patient ('Vérification des
 * permissions...'). The moment of entry is taken here, above both guards, so that the session
 * answer the first guard waited for already counts as this entry's check: a fresh page load asks
 * the server once, not twice in a row.
 */
export function PatientArea({ children }: { children: ReactNode }) {
  const [enteredAt] = useState(renderNow);
  return (
    <RequireAuth>
      <RequirePatient enteredAt={enteredAt}>{children}</RequirePatient>
    </RequireAuth>
  );
}

/**
 * Patients only: admins go to /admin, doctors to /doctor. On entering the patient space the role
 * is asked of the server again unless the answer in hand came after the entry (a cached session
 * may predate a change of role), and the spec's 'Vérification des permissions...' shows
 * meanwhile. The guard stays mounted while the person moves between patient pages, so this
 * happens once per entry, not on every page.
 */
export function RequirePatient({ enteredAt, children }: { enteredAt: number; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const noSession = useNoSessionTarget();
  const check = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    retry: false,
    refetchOnMount: (query) => (query.state.dataUpdatedAt < enteredAt ? 'always' : false),
  });
  // Only this entry's answer counts: a later refresh of the session must not unmount the page.
  if (check.dataUpdatedAt < enteredAt)
    return <StatusMessage>{t('guards.checkingPermissions')}</StatusMessage>;
  const user = check.data ?? null;
  if (!user) return <Navigate to={noSession} replace state={{ from: location.pathname }} />;
  if (isAdmin(user)) return <Navigate to="/admin" replace />;
  if (isProfessional(user)) return <Navigate to="/doctor" replace />;
  return children;
}
