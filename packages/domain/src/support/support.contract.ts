import { defineEndpoint } from '../shared/contract';
import {
  adminSupportConversationSchema,
  adminSupportQuerySchema,
  adminSupportTicketListSchema,
  contactMessageInputSchema,
  supportConversationSchema,
  supportReplyInputSchema,
  supportStatusInputSchema,
  supportTicketInputSchema,
  supportTicketListSchema,
  supportTicketParamsSchema,
  supportTicketReceiptSchema,
} from './support.schemas';

/*
 * Support tickets (issue 18). A signed-in person (patient or professional) sends a ticket from
 * /support or /doctor-support, a visitor from /contact; administrators answer in the app and the
 * requester is e-mailed in their language. The requester sees only their own tickets (another
 * person's ticket is `not_found`); the administrators' endpoints answer `not_found` to anyone else.
 */

export const createSupportTicket = defineEndpoint({
  method: 'POST',
  path: '/api/support/tickets',
  summary: 'Send a request to support (signed in); acknowledged by e-mail',
  tags: ['support'],
  access: 'user',
  body: supportTicketInputSchema,
  status: 201,
  response: supportTicketReceiptSchema,
  errors: ['rate_limited'],
});

export const sendContactMessage = defineEndpoint({
  method: 'POST',
  path: '/api/contact',
  summary: 'Public contact form; acknowledged by e-mail',
  tags: ['support'],
  access: 'public',
  body: contactMessageInputSchema,
  status: 201,
  response: supportTicketReceiptSchema,
  errors: ['rate_limited'],
});

export const listMySupportTickets = defineEndpoint({
  method: 'GET',
  path: '/api/support/tickets',
  summary: 'My support tickets, most recent activity first, with their status and number of replies',
  tags: ['support'],
  access: 'user',
  response: supportTicketListSchema,
});

export const getMySupportTicket = defineEndpoint({
  method: 'GET',
  path: '/api/support/tickets/:id',
  summary: 'One of my tickets: the first message then the answers and follow-ups, oldest first',
  tags: ['support'],
  access: 'user',
  params: supportTicketParamsSchema,
  response: supportConversationSchema,
  errors: ['not_found'],
});

export const replyToMySupportTicket = defineEndpoint({
  method: 'POST',
  path: '/api/support/tickets/:id/replies',
  summary: 'Adds a follow-up to one of my tickets; an answered ticket is open again, a closed one refuses it',
  tags: ['support'],
  access: 'user',
  params: supportTicketParamsSchema,
  body: supportReplyInputSchema,
  status: 201,
  response: supportConversationSchema,
  errors: ['not_found', 'ticket_closed', 'rate_limited'],
});

export const listSupportTickets = defineEndpoint({
  method: 'GET',
  path: '/api/admin/support/tickets',
  summary:
    'The support inbox (administrators): open tickets first, urgent first, the longest waiting first; ' +
    'then the others, most recent first; with the number of tickets per status',
  tags: ['support', 'admin'],
  access: 'admin',
  query: adminSupportQuerySchema,
  response: adminSupportTicketListSchema,
});

export const getSupportTicket = defineEndpoint({
  method: 'GET',
  path: '/api/admin/support/tickets/:id',
  summary: 'One ticket and its conversation (administrators)',
  tags: ['support', 'admin'],
  access: 'admin',
  params: supportTicketParamsSchema,
  response: adminSupportConversationSchema,
  errors: ['not_found'],
});

export const answerSupportTicket = defineEndpoint({
  method: 'POST',
  path: '/api/admin/support/tickets/:id/answer',
  summary: 'Answers a ticket (administrators): the answer is stored, the ticket answered and the requester e-mailed in their language',
  tags: ['support', 'admin'],
  access: 'admin',
  params: supportTicketParamsSchema,
  body: supportReplyInputSchema,
  status: 201,
  response: adminSupportConversationSchema,
  errors: ['not_found'],
});

export const setSupportTicketStatus = defineEndpoint({
  method: 'POST',
  path: '/api/admin/support/tickets/:id/status',
  summary: 'Sets a ticket open, answered or closed (administrators)',
  tags: ['support', 'admin'],
  access: 'admin',
  params: supportTicketParamsSchema,
  body: supportStatusInputSchema,
  response: adminSupportConversationSchema,
  errors: ['not_found'],
});
