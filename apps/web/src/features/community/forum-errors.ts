import type { TFunction } from 'i18next';
import { ApiError, errorMessage } from '@/lib/errors';

/** Issue keys of the forum's schemas (domain community.schemas.ts), translated in `community:errors`. */
const FORUM_ISSUES = new Set([
  'titleTooShort',
  'titleTooLong',
  'bodyRequired',
  'bodyTooLong',
  'reasonRequired',
  'reasonTooLong',
  'pseudonymTooShort',
  'pseudonymTooLong',
  'pseudonymInvalid',
  'searchTooShort',
]);

/** A forum form's error: its own rule when the server named one, else the app's message for the code. */
export function forumErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'validation_failed') {
    const issue = error.issues?.find((i) => FORUM_ISSUES.has(i.message));
    if (issue) return t(`community:errors.${issue.message}`);
  }
  return errorMessage(error, t);
}

/** The same check on the client before sending: the first failed rule of a zod result, translated. */
export function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }, t: TFunction): string | null {
  if (result.success) return null;
  const message = result.error?.issues[0]?.message ?? '';
  return FORUM_ISSUES.has(message) ? t(`community:errors.${message}`) : t('errors:validation_failed');
}
