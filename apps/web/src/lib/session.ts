import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const userTypeSchema = z.enum(['patient', 'doctor', 'admin']);
export type UserType = z.infer<typeof userTypeSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullish(),
  userType: userTypeSchema,
  role: z.string().nullish(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const sessionSchema = z
  .object({ user: sessionUserSchema, session: z.record(z.string(), z.unknown()) })
  .nullable();

export const SESSION_PATH = '/api/auth/get-session';
export const sessionQueryKey = ['auth', 'session'] as const;

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
    const parsed = sessionSchema.safeParse(await response.json());
    return parsed.success && parsed.data ? parsed.data.user : null;
  } catch {
    return null;
  }
}

export function isAdmin(user: SessionUser): boolean {
  return user.userType === 'admin' || user.role === 'admin';
}

export function isProfessional(user: SessionUser): boolean {
  return user.userType === 'doctor';
}

/** Where a signed-in user lands (spec §4, post-login routing). */
export function homeFor(user: SessionUser): '/admin' | '/doctor' | '/patient-dashboard' {
  if (isAdmin(user)) return '/admin';
  if (isProfessional(user)) return '/doctor';
  return '/patient-dashboard';
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
