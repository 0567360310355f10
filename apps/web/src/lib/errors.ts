import type { ErrorCode, ValidationIssue } from '@glucosuivi/domain/shared/errors';
import type { TFunction } from 'i18next';

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
  ) {
    super(message);
  }
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

/** A best guess for an error answer whose body is not the API's error shape (proxy, gateway). */
export function errorCodeForStatus(status: number): ErrorCode {
  return STATUS_CODES[status] ?? 'internal';
}

/** The one place where an error becomes a translated sentence (`errors:<code>`). */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return t(`errors:${error.code}`);
  return t('errors:unknown');
}
