import { z } from 'zod';
import { freeText } from '../shared/text';
import { languageSchema } from '../accounts/accounts.schemas';

/** Request types of the support form (SPEC §2). */
export const SUPPORT_REQUEST_TYPES = ['question', 'bug', 'feature', 'urgent'] as const;
export const supportRequestTypeSchema = z.enum(SUPPORT_REQUEST_TYPES);
export type SupportRequestType = z.infer<typeof supportRequestTypeSchema>;

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;

// Issue messages are translation keys (support:errors.<key>) so the web app shows them translated.
const subject = freeText({ min: 1, max: SUPPORT_SUBJECT_MAX, messages: { required: 'subjectRequired', tooLong: 'subjectTooLong' } });
const message = freeText({ min: 1, max: SUPPORT_MESSAGE_MAX, multiline: true, messages: { required: 'messageRequired', tooLong: 'messageTooLong' } });

/** A signed-in user's support request. `language` is the page's language, used when no setting is known. */
export const supportTicketInputSchema = z
  .object({
    subject,
    message,
    type: supportRequestTypeSchema,
    language: languageSchema.optional(),
  })
  .strict();
export type SupportTicketInput = z.infer<typeof supportTicketInputSchema>;

/** The public contact form: the same plus the address to answer to. */
export const contactMessageInputSchema = z
  .object({
    email: z.email('emailInvalid').max(254, 'emailInvalid'),
    subject,
    message,
    type: supportRequestTypeSchema,
    language: languageSchema.optional(),
  })
  .strict();
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

/** What the sender gets back: the ticket's reference. */
export const supportTicketReceiptSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
});
export type SupportTicketReceipt = z.infer<typeof supportTicketReceiptSchema>;
