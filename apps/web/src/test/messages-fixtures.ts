import type { Conversation, Message, MessageStatus } from '@glucosuivi/domain/messages/messages.schemas';
import { vi } from 'vitest';

/** Test data and a fetch stub for the messages components (used by tests only). */
export const LINK = '11111111-1111-4111-8111-111111111111';
export const OTHER_LINK = '22222222-2222-4222-8222-222222222222';

export function message(n: number, mine: boolean, text: string, status: MessageStatus = 'sent', linkId = LINK): Message {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    linkId,
    senderId: mine ? 'me' : 'them',
    mine,
    text,
    createdAt: new Date(Date.UTC(2026, 2, 10, 8, n)).toISOString(),
    status,
    deliveredAt: status === 'sent' ? null : new Date(Date.UTC(2026, 2, 10, 9, n)).toISOString(),
    readAt: status === 'read' ? new Date(Date.UTC(2026, 2, 10, 9, n)).toISOString() : null,
  };
}

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    linkId: LINK,
    linkStatus: 'active',
    canSend: true,
    counterpart: { userId: 'pro-1', role: 'professional', firstName: 'Claire', lastName: 'Bernard' },
    lastMessage: null,
    unreadCount: 0,
    since: '2026-03-01T08:00:00.000Z',
    revokedAt: null,
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => Response | undefined;

/** Stubs fetch: each handler may answer; anything unanswered is a 404. Returns the calls made. */
export function stubApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return handler(call) ?? Response.json({ error: { code: 'not_found', message: 'Not found', requestId: 'r' } }, { status: 404 });
    }),
  );
  return calls;
}

export const receipt = (linkId = LINK) => Response.json({ linkId, updated: 1, unreadCount: 0, totalUnread: 0 });

/**
 * happy-dom's IntersectionObserver never reports: this one says at once whether the observed
 * element is on screen, as `onScreen()` tells.
 */
export function stubIntersection(onScreen: () => boolean) {
  class Observer {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.callback([{ isIntersecting: onScreen(), target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
}
