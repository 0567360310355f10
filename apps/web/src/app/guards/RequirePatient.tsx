import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { StatusMessage } from '@/components/ui/StatusMessage';
import { isAdmin, isProfessional, useNoSessionTarget, useSession } from '@/lib/session';

/** Patients only: admins go to /admin, doctors to /doctor. */
export function RequirePatient({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, isPending } = useSession();
  const location = useLocation();
  const noSession = useNoSessionTarget();
  if (isPending) return <StatusMessage>{t('guards.checkingPermissions')}</StatusMessage>;
  if (!user) return <Navigate to={noSession} replace state={{ from: location.pathname }} />;
  if (isAdmin(user)) return <Navigate to="/admin" replace />;
  if (isProfessional(user)) return <Navigate to="/doctor" replace />;
  return children;
}
