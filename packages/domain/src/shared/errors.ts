import { z } from 'zod';

/**
 * Every error the API can answer, by code. The server maps a code to an HTTP status in one
 * table; the web app maps a code to a translated message in one place (`errors.<code>`).
 */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'invalid_code',
  'email_taken',
  'email_change_invalid',
  'email_change_expired',
  'unlock_link_invalid',
  'conversation_read_only',
  // Appointments (issue 16).
  'slot_taken',
  'slot_unavailable',
  'cancellation_too_late',
  'video_unavailable',
  'rating_closed',
  // Support (issue 18): a follow-up on a closed ticket.
  'ticket_closed',
  // Back office (issue 18): an administrator without a second factor; an account an administrator
  // locked; an administrator locking themself or the last unlocked administrator; a specialty
  // name already in the list.
  'two_factor_required',
  'account_locked',
  'cannot_lock_self',
  'last_admin',
  'specialty_exists',
  // Subscription (issue 19): a premium action on a plan without its entitlement
  // (`params.entitlement`); an upgrade on a server without a payment provider.
  'premium_required',
  'payments_not_configured',
  // A payment provider's webhook whose signature does not check out (forged or altered).
  'webhook_signature_invalid',
  // Community forum (issue 19): posting without a pseudonym, a pseudonym already taken, posting
  // while banned, replying to a locked thread.
  'pseudonym_required',
  'pseudonym_taken',
  'forum_banned',
  'thread_locked',
  // Editing a forum post after its 24 hours.
  'edit_window_closed',
  // Web push: a subscription whose endpoint is (or resolves to) an address inside the server's
  // network; every push to it would be a request there (SSRF).
  'push_endpoint_not_allowed',
  'weak_password',
  'forbidden',
  'cross_site_request',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  // A JSON body nested deeper than any route takes (refused by the body parser); a document with
  // free-form fields (Nightscout) over its depth or size; request headers over the server's limit;
  // a request whose headers or body took longer than the server waits.
  'body_too_deep',
  'document_too_large',
  'headers_too_large',
  'request_timeout',
  'unsupported_media_type',
  'internal',
  'unavailable',
  // Too many requests waiting for the database: refused at once (503 + Retry-After) rather than
  // answered after more than 5 s (ADR 0019).
  'server_busy',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** One issue of a failed validation: where (a path into the input) and which rule. */
export const validationIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** The only shape an error response body ever has. */
export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    requestId: z.string().optional(),
    issues: z.array(validationIssueSchema).optional(),
    /** Values for the translated message, e.g. `{ retryAfterMinutes: 3 }` with `rate_limited`. */
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
