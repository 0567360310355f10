import {
  contactMessageInputSchema,
  supportTicketInputSchema,
  type SupportRequestType,
} from '@glucosuivi/domain/support/support.schemas';

export interface SupportFormValues {
  email: string;
  subject: string;
  message: string;
  type: SupportRequestType;
}

export type SupportField = 'email' | 'subject' | 'message' | 'type';
/** Field → error key of `support:errors`. */
export type SupportFormErrors = Partial<Record<SupportField, string>>;

const FIELDS: readonly SupportField[] = ['email', 'subject', 'message', 'type'];
const KNOWN = new Set([
  'emailRequired',
  'emailInvalid',
  'subjectRequired',
  'subjectTooLong',
  'messageRequired',
  'messageTooLong',
]);

/** Turns zod or server issues (`path`, `message`) into one error key per field. */
export function errorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): SupportFormErrors {
  const errors: SupportFormErrors = {};
  for (const issue of issues) {
    const field = issue.path.find(
      (p): p is SupportField => typeof p === 'string' && (FIELDS as readonly string[]).includes(p),
    );
    if (!field || errors[field]) continue;
    errors[field] = KNOWN.has(issue.message) ? issue.message : `${field}Invalid`;
  }
  return errors;
}

/** Checks the form with the same schema as the server; `withEmail` for the public contact form. */
export function validateSupportForm(
  values: SupportFormValues,
  withEmail: boolean,
): SupportFormErrors {
  const { email, ...rest } = values;
  const result = withEmail
    ? contactMessageInputSchema.safeParse({ ...rest, email: email.trim() })
    : supportTicketInputSchema.safeParse(rest);
  const errors = result.success ? {} : errorsFromIssues(result.error.issues);
  if (withEmail && email.trim() === '') errors.email = 'emailRequired';
  return errors;
}
