import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { StatusMessage } from '@/components/ui/StatusMessage';
import { useNoSessionTarget, useSession } from '@/lib/session';

/** Signed-in only: 'Chargement...' while the session loads, then /auth without a user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, isPending } = useSession();
  const location = useLocation();
  const noSession = useNoSessionTarget();
  if (isPending) return <StatusMessage>{t('guards.loading')}</StatusMessage>;
  if (!user) return <Navigate to={noSession} replace state={{ from: location.pathname }} />;
  return children;
}
