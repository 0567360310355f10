import { randomUUID } from 'node:crypto';
import { LANGUAGES, type Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type {
  ContactMessageInput,
  SupportTicketInput,
  SupportTicketReceipt,
} from '@glucosuivi/domain/support/support.schemas';
import type { Actor, Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import type { RateLimiter } from '../../platform/rate-limit';
import { AppError } from '../../platform/http/app-error';
import * as repo from './support.repository';
import { supportAcknowledgementEmail } from './support.emails';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export interface SupportDeps {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  log: { warn(obj: object, msg: string): void };
  /** Messages per client address (both forms together). */
  perIp: RateLimiter;
}

export function createSupportService(deps: SupportDeps) {
  function throttle(ip: string) {
    const { allowed, retryAfterSeconds } = deps.perIp.hit(ip, deps.clock.now().getTime());
    if (!allowed) throw new AppError('rate_limited', `Retry after ${retryAfterSeconds} s`);
  }

  /** The acknowledgement is sent without holding the answer; a failure is only logged. */
  function acknowledge(
    to: string,
    ticket: Parameters<typeof supportAcknowledgementEmail>[1],
    language: Language,
  ) {
    void deps.mailer
      .send(supportAcknowledgementEmail(to, ticket, language))
      .catch((error: unknown) =>
        deps.log.warn({ err: error, ticketId: ticket.id }, 'support acknowledgement e-mail failed'),
      );
  }

  return {
    /** A signed-in user's request: stored under their RLS, acknowledged at their account address. */
    async createTicket(
      actor: Actor,
      input: SupportTicketInput,
      ip: string,
    ): Promise<SupportTicketReceipt> {
      throttle(ip);
      const id = randomUUID();
      const createdAt = deps.clock.now();
      const { email, language } = await deps.database.asActor(actor, async (tx) => {
        const contact = await repo.requesterContact(tx, actor.userId);
        const lang: Language = isLanguage(contact.language)
          ? contact.language
          : (input.language ?? 'fr');
        if (!contact.email) throw new AppError('not_found', 'No profile for this account');
        await repo.insertTicket(tx, {
          id,
          userId: actor.userId,
          email: contact.email,
          type: input.type,
          subject: input.subject,
          message: input.message,
          language: lang,
          createdAt,
        });
        return { email: contact.email, language: lang };
      });
      acknowledge(email, { id, type: input.type, subject: input.subject }, language);
      return { id, createdAt: createdAt.toISOString() };
    },

    /** A visitor's message from the public contact form: stored without an account. */
    async sendContact(input: ContactMessageInput, ip: string): Promise<SupportTicketReceipt> {
      throttle(ip);
      const id = randomUUID();
      const createdAt = deps.clock.now();
      const language = input.language ?? 'fr';
      await deps.database.asActor(null, (tx) =>
        repo.insertTicket(tx, {
          id,
          userId: null,
          email: input.email,
          type: input.type,
          subject: input.subject,
          message: input.message,
          language,
          createdAt,
        }),
      );
      acknowledge(input.email, { id, type: input.type, subject: input.subject }, language);
      return { id, createdAt: createdAt.toISOString() };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
