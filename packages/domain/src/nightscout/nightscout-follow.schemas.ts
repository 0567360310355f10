import { z } from 'zod';
import { freeText } from '../shared/text';

/*
 * Following an existing Nightscout site: the patient gives its address and a read credential;
 * the server polls the site every 5 minutes and imports its new entries (and treatments) as if
 * an uploader had sent them here. One followed site per patient.
 *
 * The credential is either a Nightscout access token (sent as `?token=`) or the site's
 * API_SECRET (sent as its SHA-1 in the `api-secret` header, as Nightscout clients do). It is
 * never answered back: only its last four characters, to recognise it.
 */

export const FOLLOW_URL_MAX = 300;
export const FOLLOW_CREDENTIAL_MAX = 200;
/** Nightscout refuses an API_SECRET shorter than this; a shorter one cannot be the site's. */
export const API_SECRET_MIN = 12;
/** Time between two polls of a healthy site. */
export const FOLLOW_POLL_EVERY_MS = 5 * 60_000;
/** Longest wait between two attempts after failures (the wait doubles from 10 minutes). */
export const FOLLOW_BACKOFF_MAX_MS = 60 * 60_000;

export const FOLLOW_CREDENTIAL_KINDS = ['token', 'api_secret'] as const;
export type FollowCredentialKind = (typeof FOLLOW_CREDENTIAL_KINDS)[number];

/**
 * Why the last attempt failed, as a code the page translates (never the remote server's own
 * message, which is neither translated nor trusted).
 */
export const FOLLOW_ERROR_CODES = [
  /** 401/403: the token or secret is wrong, or lacks the read permission. */
  'unauthorized',
  /** 404: no Nightscout API at this address. */
  'not_found',
  /** Any other error status (5xx mostly). */
  'remote_error',
  /** No complete answer within 10 seconds. */
  'timeout',
  /** The name does not resolve, the connection or TLS fails. */
  'unreachable',
  /** Not JSON, or not the shape Nightscout answers. */
  'invalid_response',
  /** An answer above the size cap. */
  'too_large',
  /** The address resolves to a private, loopback or link-local address. */
  'address_refused',
  /** A redirect (never followed: it could point inside our network). */
  'redirect',
] as const;
export type FollowErrorCode = (typeof FOLLOW_ERROR_CODES)[number];

/** Issue messages of the site address and credential (translation keys `follow.issues.<key>` of the page). */
export const FOLLOW_ISSUES = {
  urlInvalid: 'url_invalid',
  urlNotHttps: 'url_not_https',
  urlCredentials: 'url_credentials',
  urlQuery: 'url_query',
  urlPrivate: 'url_private_address',
  secretTooShort: 'secret_too_short',
} as const;

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a URL's host names this machine (the only plain-http sites accepted, in tests and development). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOOPBACK_NAMES.has(host) || host.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The site's base address as stored and polled: https (http only for this machine, and the
 * server decides whether it accepts that), no user:password, query or fragment, without a
 * trailing `/` or `/api/v1` (people paste either). A path is kept: a site may live under one.
 */
export function normalizeSiteUrl(text: string): { url: string } | { issue: string } {
  let parsed: URL;
  try {
    parsed = new URL(text.trim());
  } catch {
    return { issue: FOLLOW_ISSUES.urlInvalid };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { issue: FOLLOW_ISSUES.urlInvalid };
  if (!parsed.hostname) return { issue: FOLLOW_ISSUES.urlInvalid };
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) return { issue: FOLLOW_ISSUES.urlNotHttps };
  if (parsed.username || parsed.password) return { issue: FOLLOW_ISSUES.urlCredentials };
  if (parsed.search || parsed.hash) return { issue: FOLLOW_ISSUES.urlQuery };
  const path = parsed.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
  return { url: `${parsed.protocol}//${parsed.host}${path}` };
}

export const followSiteInputSchema = z
  .strictObject({
    url: z.string().max(FOLLOW_URL_MAX, FOLLOW_ISSUES.urlInvalid),
    credentialKind: z.enum(FOLLOW_CREDENTIAL_KINDS),
    /** The token or API_SECRET itself; stored encrypted, never answered. */
    credential: freeText({ min: 1, max: FOLLOW_CREDENTIAL_MAX }),
  })
  .superRefine((input, ctx) => {
    const normalized = normalizeSiteUrl(input.url);
    if ('issue' in normalized) ctx.addIssue({ code: 'custom', path: ['url'], message: normalized.issue });
    if (input.credentialKind === 'api_secret' && input.credential.length < API_SECRET_MIN) {
      ctx.addIssue({ code: 'custom', path: ['credential'], message: FOLLOW_ISSUES.secretTooShort, params: { min: API_SECRET_MIN } });
    }
  });
export type FollowSiteInput = z.infer<typeof followSiteInputSchema>;

export const followedSiteSchema = z.object({
  id: z.uuid(),
  /** The normalised base address. */
  url: z.string(),
  credentialKind: z.enum(FOLLOW_CREDENTIAL_KINDS),
  /** "••••" and the credential's last four characters. */
  credentialHint: z.string(),
  createdAt: z.string(),
  /** Last attempt that succeeded; null until the first. */
  lastSyncAt: z.string().nullable(),
  /** Where the next poll starts: the newest entry imported, or how far a long first import got. */
  lastEntryAt: z.string().nullable(),
  /** Why the last attempt failed; null once an attempt succeeds. */
  lastError: z.enum(FOLLOW_ERROR_CODES).nullable(),
  lastErrorAt: z.string().nullable(),
  consecutiveFailures: z.int().nonnegative(),
  nextAttemptAt: z.string(),
  /** Readings and treatments imported from this site so far (duplicates of what was here not counted). */
  importedEntries: z.int().nonnegative(),
  importedTreatments: z.int().nonnegative(),
});
export type FollowedSite = z.infer<typeof followedSiteSchema>;

export const followedSiteAnswerSchema = z.object({ site: followedSiteSchema.nullable() });
export type FollowedSiteAnswer = z.infer<typeof followedSiteAnswerSchema>;
