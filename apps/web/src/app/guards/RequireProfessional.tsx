import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { StatusMessage } from '@/components/ui/StatusMessage';
import { isAdmin, isProfessional, useNoSessionTarget, useSession } from '@/lib/session';

/** Professionals and admins only: patients go to their dashboard, strangers to /auth. */
export function RequireProfessional({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, isPending } = useSession();
  const location = useLocation();
  const noSession = useNoSessionTarget();
  if (isPending) return <StatusMessage>{t('guards.checkingPermissions')}</StatusMessage>;
  if (!user) return <Navigate to={noSession} replace state={{ from: location.pathname }} />;
  if (!isAdmin(user) && !isProfessional(user)) return <Navigate to="/patient-dashboard" replace />;
  return children;
}
