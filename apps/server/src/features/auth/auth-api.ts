/** Reading what better-auth's API answers: the cookies to forward and the errors that are the caller's fault. */

interface ApiErrorLike {
  status?: unknown;
  statusCode?: unknown;
  body?: { code?: string };
}

export function cookiesOf(headers: Headers | null | undefined): string[] {
  return headers?.getSetCookie?.() ?? [];
}

export function statusOf(error: unknown): number | undefined {
  const e = error as ApiErrorLike;
  return typeof e?.statusCode === 'number' ? e.statusCode : undefined;
}

export function isClientError(error: unknown): boolean {
  const e = error as ApiErrorLike;
  const status = typeof e?.statusCode === 'number' ? e.statusCode : undefined;
  return status !== undefined && status >= 400 && status < 500;
}
