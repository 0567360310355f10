import type { ErrorCode, ValidationIssue } from '@glucosuivi/domain/shared/errors';

/** The one error model: services throw it, the error handler turns it into a response. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: ValidationIssue[],
    /** Values the translated message needs (e.g. `retryAfterMinutes`), and a 429's wait. */
    readonly details?: { params?: Record<string, string | number>; retryAfterSeconds?: number },
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

/** The one table from error code to HTTP status. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  invalid_code: 400,
  email_taken: 409,
  email_change_invalid: 400,
  unlock_link_invalid: 400,
  // The patient's conversation after the care link was revoked: still theirs to read, closed to new messages.
  conversation_read_only: 409,
  email_change_expired: 410,
  // Appointments: another request holds the slot (or overlaps it) / the instant is past, off the
  // schedule or off its grid / too close to the start to cancel / no VIDEO_BASE_URL / not done
  // yet or past the rating's edit window.
  slot_taken: 409,
  slot_unavailable: 400,
  cancellation_too_late: 409,
  video_unavailable: 400,
  rating_closed: 409,
  // A follow-up on a support ticket that support closed: the requester writes a new one.
  ticket_closed: 409,
  // Admin actions need two-factor sign-in; a locked account is refused once its password was right;
  // an administrator cannot lock themself nor the last unlocked administrator; specialty names are unique.
  two_factor_required: 403,
  account_locked: 403,
  cannot_lock_self: 409,
  last_admin: 409,
  specialty_exists: 409,
  // 402, not 403: a plan's limit, told apart from an access refusal, so the page offers the upgrade.
  // 409, not 503: the server's set-up (no payment provider) refuses the upgrade; a 5xx would be
  // logged as our fault, and proxies may replace a 5xx body, losing the translated code.
  premium_required: 402,
  payments_not_configured: 409,
  // A webhook that is not the payment provider's: refused, nothing stored.
  webhook_signature_invalid: 400,
  // Forum: a pseudonym must be chosen first, or is someone else's; a banned author; a locked thread.
  pseudonym_required: 409,
  pseudonym_taken: 409,
  forum_banned: 403,
  thread_locked: 409,
  edit_window_closed: 409,
  // A push subscription whose endpoint the outbound address guard refuses: bad input, nothing stored.
  push_endpoint_not_allowed: 400,
  weak_password: 400,
  forbidden: 403,
  cross_site_request: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  // 400, not 413: the request is within its byte limit, one part of it is not.
  body_too_deep: 400,
  document_too_large: 400,
  headers_too_large: 431,
  request_timeout: 408,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  server_busy: 503,
};
