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
  weak_password: 400,
  forbidden: 403,
  cross_site_request: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};
