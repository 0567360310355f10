import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { homeFor, isAdmin, useSession } from '@/lib/session';

/**
 * The site root for a signed-in user is their own space (spec §2). Until the session is known the
 * landing page shows (it is also what the prerendered HTML holds), then the user is sent on.
 */
export function SignedInToOwnSpace({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user) return <Navigate to={homeFor(user)} replace />;
  return children;
}

/** The professional's patient pages are not an administrator's: they go to their own home. */
export function AdminToOwnSpace({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user && isAdmin(user)) return <Navigate to={homeFor(user)} replace />;
  return children;
}
