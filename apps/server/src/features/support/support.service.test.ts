// The support service's rules on an in-memory repository: no database, no HTTP.
import { describe, expect, it, vi } from 'vitest';
import type { SupportTicketInput } from '@glucosuivi/domain/support/support.schemas';
import type { Database, Tx } from '../../platform/db/database';
import type { MailMessage } from '../../platform/mail';
import { keyHasher, MemoryRateLimitStore, RateLimiter } from '../../platform/rate-limit';
import { AppError } from '../../platform/http/app-error';
import { createSupportTicket, sendContactMessage, type SupportDeps, type SupportRepository } from './support.service';

type StoredTicket = Parameters<SupportRepository['insertTicket']>[1];

function inMemorySupport(contacts: Record<string, { email: string | null; language: string | null }>) {
  const tickets: StoredTicket[] = [];
  const repository: SupportRepository = {
    insertTicket: async (_tx, ticket) => {
      tickets.push(ticket);
    },
    requesterContact: async (_tx, userId) => contacts[userId] ?? { email: null, language: null },
  };
  // The fake transaction is never read: the repository fake ignores it.
  const database = { asActor: (_actor: unknown, fn: (tx: Tx) => Promise<unknown>) => fn({} as Tx) } as unknown as Database;
  const sent: MailMessage[] = [];
  const warn = vi.fn();
  const deps: SupportDeps = {
    database,
    clock: { now: () => new Date('2026-03-02T10:00:00Z') },
    mailer: { send: async (message) => void sent.push(message) },
    log: { warn },
    perIp: new RateLimiter(new MemoryRateLimitStore(), keyHasher('support-test-secret'), 'support-ip', 2, 60_000),
    repository,
  };
  return { deps, tickets, sent, warn };
}

const ticket: SupportTicketInput = { type: 'question', subject: 'Export', message: 'Comment exporter mes données ?', language: 'en' };
const patient = { userId: 'u1', role: 'patient' as const };

describe('support service', () => {
  it("stores a signed-in user's ticket with the account's address and language, not the form's", async () => {
    const { deps, tickets } = inMemorySupport({ u1: { email: 'camille@example.test', language: 'es' } });
    const receipt = await createSupportTicket(deps, patient, ticket, '192.0.2.1');
    expect(tickets).toEqual([expect.objectContaining({ id: receipt.id, userId: 'u1', email: 'camille@example.test', language: 'es' })]);
  });

  it('falls back to the form language when the account has none', async () => {
    const { deps, tickets } = inMemorySupport({ u1: { email: 'camille@example.test', language: null } });
    await createSupportTicket(deps, patient, ticket, '192.0.2.1');
    expect(tickets[0]?.language).toBe('en');
  });

  it('answers not_found and stores nothing for an account without an address', async () => {
    const { deps, tickets } = inMemorySupport({});
    await expect(createSupportTicket(deps, patient, ticket, '192.0.2.1')).rejects.toMatchObject({ code: 'not_found' });
    expect(tickets).toEqual([]);
  });

  it('refuses a third message from one address within the window, before storing it', async () => {
    const { deps, tickets } = inMemorySupport({});
    const contact = { ...ticket, email: 'visitor@example.test' };
    await sendContactMessage(deps, contact, '192.0.2.9');
    await sendContactMessage(deps, contact, '192.0.2.9');
    const third = sendContactMessage(deps, contact, '192.0.2.9');
    await expect(third).rejects.toBeInstanceOf(AppError);
    await expect(third).rejects.toMatchObject({ code: 'rate_limited' });
    expect(tickets).toHaveLength(2);
    await sendContactMessage(deps, contact, '192.0.2.10');
    expect(tickets).toHaveLength(3);
  });
});
