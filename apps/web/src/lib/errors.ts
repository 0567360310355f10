import type { ErrorCode, ValidationIssue } from '@glucosuivi/domain/shared/errors';
import type { TFunction } from 'i18next';
import { TEXT_ISSUES } from '@glucosuivi/domain/shared/text';
import { DATE_OUT_OF_RANGE } from '@glucosuivi/domain/shared/dates';
import { ENTITLEMENTS, FREE_PDF_REPORTS_PER_MONTH } from '@glucosuivi/domain/subscription/plans';

/** Codes the client adds to the server's: the request never got an answer, or a malformed one. */
export type ClientErrorCode = 'network' | 'invalid_response';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** What `apiCall` throws for anything but a successful, well-formed answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status?: number,
    readonly requestId?: string,
    readonly issues?: ValidationIssue[],
    /** Values for the message, e.g. `retryAfterMinutes` with `rate_limited`. */
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  431: 'headers_too_large',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

/** A best guess for an error answer whose body is not the API's error shape (proxy, gateway). */
export function errorCodeForStatus(status: number): ErrorCode {
  return STATUS_CODES[status] ?? 'internal';
}

/** A premium action refused by the patient's plan: say so with a link to /abonnement (components/subscription). */
export function isPremiumRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'premium_required';
}

/** Issue messages of the shared input types (domain shared/text.ts, shared/dates.ts), said the same on every form. */
const SHARED_ISSUES = new Set([...Object.values(TEXT_ISSUES), DATE_OUT_OF_RANGE]);

/**
 * The one place where an error becomes a translated sentence (`errors:<code>`); a refused input
 * whose rule is one of the shared types says which (`errors:issues.<rule>`).
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const shared =
      error.code === 'validation_failed'
        ? error.issues?.find((issue) => SHARED_ISSUES.has(issue.message))
        : undefined;
    if (shared) return t(`errors:issues.${shared.message}`);
    const minutes = error.params?.retryAfterMinutes;
    if (error.code === 'rate_limited' && typeof minutes === 'number') return t('errors:rate_limited_wait', { count: minutes });
    // Which premium feature was refused (`params.entitlement`), when the server named a known one.
    const entitlement = error.params?.entitlement;
    if (error.code === 'premium_required' && (ENTITLEMENTS as readonly unknown[]).includes(entitlement)) {
      return t(`errors:premium_required_${String(entitlement)}`, { limit: FREE_PDF_REPORTS_PER_MONTH });
    }
    return t(`errors:${error.code}`);
  }
  return t('errors:unknown');
}
