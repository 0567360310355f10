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

// ---------------------------------------------------------------------------------------------
// Conversations on a ticket (issue 18): the requester's history and the administrators' inbox.

/** `open`: waiting for support; `answered`: waiting for the requester; `closed`: no more follow-ups. */
export const SUPPORT_TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const supportTicketStatusSchema = z.enum(SUPPORT_TICKET_STATUSES);
export type SupportTicketStatus = z.infer<typeof supportTicketStatusSchema>;

/** Who wrote: a patient's or a professional's account, or a visitor of the public contact form. */
export const SUPPORT_REQUESTER_KINDS = ['patient', 'professional', 'contact'] as const;
export const supportRequesterKindSchema = z.enum(SUPPORT_REQUESTER_KINDS);
export type SupportRequesterKind = z.infer<typeof supportRequesterKindSchema>;

/** The short reference said in e-mails and on screen: the id's first 8 characters, upper case. */
export function ticketReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

export const supportTicketParamsSchema = z.object({ id: z.uuid() }).strict();

/** A follow-up from the requester or an answer from support: the same text rule as the first message. */
export const supportReplyInputSchema = z.object({ message }).strict();
export type SupportReplyInput = z.infer<typeof supportReplyInputSchema>;

export const supportStatusInputSchema = z.object({ status: supportTicketStatusSchema }).strict();
export type SupportStatusInput = z.infer<typeof supportStatusInputSchema>;

/** A ticket in a list: what it is about and where it stands, never its text. */
export const supportTicketSummarySchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  subject: z.string(),
  type: supportRequestTypeSchema,
  status: supportTicketStatusSchema,
  createdAt: z.iso.datetime(),
  /** The last message or status change. */
  updatedAt: z.iso.datetime(),
  /** Messages after the first one (answers and follow-ups). */
  replyCount: z.number().int().nonnegative(),
});
export type SupportTicketSummary = z.infer<typeof supportTicketSummarySchema>;

export const supportTicketListSchema = z.object({ items: z.array(supportTicketSummarySchema) });
export type SupportTicketList = z.infer<typeof supportTicketListSchema>;

/** One message of a conversation: the first one (the ticket's own id) then the replies, oldest first. */
export const supportTicketMessageSchema = z.object({
  id: z.uuid(),
  fromSupport: z.boolean(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type SupportTicketMessage = z.infer<typeof supportTicketMessageSchema>;

export const supportConversationSchema = z.object({
  ticket: supportTicketSummarySchema,
  messages: z.array(supportTicketMessageSchema),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** The administrators' view of a ticket: also who wrote (address and kind) and in which language. */
export const adminSupportTicketSchema = supportTicketSummarySchema.extend({
  email: z.string(),
  kind: supportRequesterKindSchema,
  language: languageSchema,
});
export type AdminSupportTicket = z.infer<typeof adminSupportTicketSchema>;

export const adminSupportQuerySchema = z
  .object({
    status: supportTicketStatusSchema.optional(),
    type: supportRequestTypeSchema.optional(),
    /** Case-insensitive match on the subject or the address, or the start of the reference. */
    q: freeText({ max: 200 }).optional(),
  })
  .strict();
export type AdminSupportQuery = z.infer<typeof adminSupportQuerySchema>;

/** How many tickets per status, for the type and search of the query (the status filter aside). */
export const supportStatusCountsSchema = z.object({
  open: z.number().int().nonnegative(),
  answered: z.number().int().nonnegative(),
  closed: z.number().int().nonnegative(),
});
export type SupportStatusCounts = z.infer<typeof supportStatusCountsSchema>;

/** At most this many tickets per inbox answer. */
export const ADMIN_SUPPORT_PAGE_MAX = 200;

export const adminSupportTicketListSchema = z.object({
  items: z.array(adminSupportTicketSchema),
  counts: supportStatusCountsSchema,
});
export type AdminSupportTicketList = z.infer<typeof adminSupportTicketListSchema>;

export const adminSupportConversationSchema = z.object({
  ticket: adminSupportTicketSchema,
  messages: z.array(supportTicketMessageSchema),
});
export type AdminSupportConversation = z.infer<typeof adminSupportConversationSchema>;
