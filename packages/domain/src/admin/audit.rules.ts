import { ACCESS_DENIED_REASONS, type AccessDeniedReason, type AuditKind } from './audit.schemas';

/** Account events (`auth_audit.event`) of a successful sign-in. */
export const SIGN_IN_EVENTS = ['sign_in_success'] as const;
/** Account events of a refused sign-in: a wrong password, an address still waiting, a locked account. */
export const SIGN_IN_FAILED_EVENTS = ['sign_in_failure', 'sign_in_throttled', 'sign_in_locked'] as const;
/** Every refused admin request starts its event with this (then the reason and the route). */
export const ACCESS_DENIED_EVENT = 'access_denied';

/**
 * The `auth_audit.event` of a refused admin request: `access_denied:<reason>:<METHOD> <pattern>`.
 * The table has no detail column, so the route pattern travels in the event itself; it is the
 * route's pattern (`/api/admin/jobs/:id/retry`), never the URL, which could carry a query string.
 */
export function accessDeniedEvent(reason: string, method: string, routePattern: string): string {
  const known = (ACCESS_DENIED_REASONS as readonly string[]).includes(reason) ? reason : 'not_admin';
  return `${ACCESS_DENIED_EVENT}:${known}:${method.toUpperCase()} ${routePattern}`.slice(0, 300);
}

/** Splits a stored access-denied event into its shown key (`access_denied_not_admin`) and its route. */
export function parseAccessDeniedEvent(event: string): { event: string; route: string | null } | null {
  if (!event.startsWith(`${ACCESS_DENIED_EVENT}:`)) return event === ACCESS_DENIED_EVENT ? { event, route: null } : null;
  const rest = event.slice(ACCESS_DENIED_EVENT.length + 1);
  const colon = rest.indexOf(':');
  const reason = colon < 0 ? rest : rest.slice(0, colon);
  const route = colon < 0 ? null : rest.slice(colon + 1) || null;
  const known = (ACCESS_DENIED_REASONS as readonly string[]).includes(reason) ? (reason as AccessDeniedReason) : null;
  return { event: known ? `${ACCESS_DENIED_EVENT}_${known}` : ACCESS_DENIED_EVENT, route };
}

/** The kind of an account event (an administrator's action is always `admin_action`). */
export function accountEventKind(event: string): AuditKind {
  if ((SIGN_IN_EVENTS as readonly string[]).includes(event)) return 'sign_in';
  if ((SIGN_IN_FAILED_EVENTS as readonly string[]).includes(event)) return 'sign_in_failed';
  if (event === ACCESS_DENIED_EVENT || event.startsWith(`${ACCESS_DENIED_EVENT}:`)) return 'access_denied';
  return 'security';
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/curl\/(\d+)/, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** Browser, major version and system of a User-Agent header (`Firefox 128 · Windows`), at most 60 characters. */
export function shortUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  if (!browser && !system) return userAgent.slice(0, 60);
  return [browser, system].filter(Boolean).join(' · ');
}
