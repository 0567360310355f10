import type { Page, WebSocket } from '@playwright/test';

/**
 * Resolves when the page's live channel has said hello. A server-rendered signed-in page starts
 * its app (and so its channel) on the first touch or scroll, or a few seconds after load
 * (public/boot.js): a journey that checks an update "by itself" must know the channel is open
 * before it makes the change, or it measures the app's start instead of the channel.
 * Call before the navigation that opens the page.
 */
export function liveChannelOpen(page: Page): Promise<unknown> {
  return page
    .waitForEvent('websocket', { predicate: (socket) => socket.url().endsWith('/api/realtime'), timeout: 30_000 })
    .then((socket) => socket.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('"type":"hello"'), timeout: 30_000 }));
}

/** Every realtime socket a page opens, with the text frames it received. */
export function watchRealtime(page: Page) {
  const sockets: { socket: WebSocket; frames: string[]; closedAt: number | null }[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/realtime')) return;
    const entry = { socket, frames: [] as string[], closedAt: null as number | null };
    socket.on('framereceived', ({ payload }) => void entry.frames.push(String(payload)));
    socket.on('close', () => void (entry.closedAt = Date.now()));
    sockets.push(entry);
  });
  return {
    sockets,
    hello: () => sockets.some((s) => s.frames.some((f) => f.includes('"type":"hello"'))),
    heard: (fragment: string) => sockets.some((s) => s.frames.some((f) => f.includes(fragment))),
  };
}
