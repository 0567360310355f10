import { defineEndpoint } from '../shared/contract';
import {
  contactMessageInputSchema,
  supportTicketInputSchema,
  supportTicketReceiptSchema,
} from './support.schemas';

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
