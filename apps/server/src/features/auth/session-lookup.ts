import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth';
import { session } from './auth.tables';

/** A live session as every request needs it. */
export interface LiveSession {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

/** The cookies better-auth reads, by their real names (they change with `useSecureCookies`). */
export interface SessionCookieNames {
  sessionToken: string;
  sessionData: string;
}

/**
 * The common case of "who sends this request", answered without going through better-auth's
 * endpoint: a correctly signed session cookie whose session exists, has not expired and is not
 * yet due for its sliding renewal. That is better-auth's own answer for that case (same cookie
 * signature, same expiry and renewal rules, no cookie to set), in one indexed query instead of its
 * two plus its request machinery (bench/README.md: the dashboard API under load). Every other case
 * — no cookie or a badly signed one, an unknown or expired session, a renewal due, a session-data
 * cookie to clear — is `undefined`, and better-auth answers it as before, with the cookies it sets.
 */
export function createSessionLookup(db: Db, secret: string, names: SessionCookieNames) {
  const byToken = db
    .select({ sessionId: session.id, userId: session.userId, expiresAt: session.expiresAt })
    .from(session)
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_by_token');

  return async function liveSession(cookieHeader: string | undefined, now: number): Promise<LiveSession | undefined> {
    if (!cookieHeader) return undefined;
    const cookies = parseCookieHeader(cookieHeader);
    if ([...cookies.keys()].some((name) => name === names.sessionData || name.startsWith(`${names.sessionData}.`))) return undefined;
    const signed = cookies.get(names.sessionToken);
    const token = signed === undefined ? null : verifiedToken(signed, secret);
    if (!token) return undefined;
    const [row] = await byToken.execute({ token });
    if (!row) return undefined;
    const expiresAt = row.expiresAt.getTime();
    if (expiresAt <= now) return undefined;
    // better-auth renews a session used more than `updateAge` after its last renewal.
    if (expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now) return undefined;
    return { userId: row.userId, sessionId: row.sessionId, expiresAt: row.expiresAt };
  };
}

/** Cookie names to their decoded values; the first occurrence of a name wins, as in better-auth. */
export function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/**
 * The token of a `<token>.<signature>` cookie when the signature is the HMAC-SHA256 of the token
 * under the app's secret (the format better-auth writes), else null.
 */
export function verifiedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
