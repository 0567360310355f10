import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getSession } from '@glucosuivi/domain/accounts/accounts.contract';
import {
  displayName as domainDisplayName,
  homeFor as domainHomeFor,
  sessionViewSchema,
  type SessionUser,
  type SessionView,
} from '@glucosuivi/domain/accounts/accounts.schemas';
import { clearOfflineData } from './offline/clear';

export type { SessionUser, SessionView };
export type UserType = SessionUser['userType'];

/** Read with a plain fetch, not apiCall: any answer but a well-formed session means "no user". */
export const SESSION_PATH = getSession.path;
export const sessionQueryKey = ['auth', 'session'] as const;
/** Set when this tab signs out: guards then send to the site root, not to /auth (spec §2). */
export const signedOutQueryKey = ['auth', 'signed-out'] as const;
const SIGN_OUT_GRACE_MS = 2_000;

/**
 * Fills the fields an older or partial answer may lack (a mocked session in a test, a server
 * one version behind) so that the domain's `sessionViewSchema` still decides what is valid.
 */
function withDefaults(payload: unknown): unknown {
  if (!payload || typeof payload !== 'object') return payload;
  const { user, session } = payload as { user?: unknown; session?: unknown };
  if (!user || typeof user !== 'object') return payload;
  const u = user as Record<string, unknown>;
  const s = (session && typeof session === 'object' ? session : {}) as Record<string, unknown>;
  return {
    user: {
      firstName: null,
      lastName: null,
      role: null,
      twoFactorEnabled: false,
      language: 'fr',
      ...u,
      name: typeof u.name === 'string' ? u.name : '',
    },
    session: { id: typeof s.id === 'string' ? s.id : '', expiresAt: typeof s.expiresAt === 'string' ? s.expiresAt : '' },
  };
}

/** Parses a get-session answer: a well-formed session, or null for anything else. */
export function parseSession(payload: unknown): SessionUser | null {
  const strict = sessionViewSchema.safeParse(payload);
  if (strict.success) return strict.data?.user ?? null;
  const lenient = sessionViewSchema.safeParse(withDefaults(payload));
  return lenient.success && lenient.data ? lenient.data.user : null;
}

/**
 * The signed-in user, or null. Anything but a well-formed session counts as "no user": a 404
 * (no auth server yet), a network failure, an HTML fallback page or a `null` body.
 */
export async function fetchSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const response = await fetch(SESSION_PATH, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) return null;
    return parseSession(await response.json());
  } catch {
    return null;
  }
}

export function isAdmin(user: Pick<SessionUser, 'userType' | 'role'>): boolean {
  return user.userType === 'admin' || user.role === 'admin';
}

export function isProfessional(user: Pick<SessionUser, 'userType'>): boolean {
  return user.userType === 'doctor';
}

/** Where a signed-in user lands (spec §4, post-login routing). */
export function homeFor(user: Pick<SessionUser, 'userType' | 'role'>): '/admin' | '/doctor' | '/patient-dashboard' {
  if (isAdmin(user)) return '/admin';
  return domainHomeFor(user.userType);
}

/** First name, else the e-mail before '@', else the translated "User" (spec §3). */
export function displayNameOf(user: Pick<SessionUser, 'firstName' | 'email'> | null, fallback: string): string {
  return domainDisplayName(user?.firstName, user?.email, fallback);
}

/** Puts a freshly signed-in user in the cache, so guards let them through without a round-trip. */
export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  if (user) queryClient.removeQueries({ queryKey: signedOutQueryKey });
  queryClient.setQueryData(sessionQueryKey, user);
}

/** Where a guard sends a visitor without a session: /auth, or the site root right after sign-out. */
export function useNoSessionTarget(): '/' | '/auth' {
  const queryClient = useQueryClient();
  const at = queryClient.getQueryData<number>(signedOutQueryKey);
  // Only for the redirect that the sign-out itself causes; later visits go to /auth as usual.
  return at !== undefined && Date.now() - at < SIGN_OUT_GRACE_MS ? '/' : '/auth';
}

/** The current session; `isPending` stays true until the first answer. */
export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    retry: false,
  });
  return { user: query.data ?? null, isPending: query.isPending };
}

/**
 * After sign-out (or an ended session, or a deleted account): the session becomes "no user" for
 * every observer and nothing else of that user stays in memory, nor on the device.
 */
export function clearSessionData(queryClient: QueryClient): void {
  // What was kept for offline use (entries waiting to be sent, the last dashboard) goes too.
  void clearOfflineData();
  queryClient.setQueryData(signedOutQueryKey, Date.now());
  setSessionUser(queryClient, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}
