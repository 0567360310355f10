import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import source from '../../../public/sw.js?raw';

/*
 * public/sw.js run as a browser would: a fresh global with `self`, its registration and clients.
 * The journey (e2e/push.spec.ts) shows a real notification in Chromium; here every branch.
 */

const ORIGIN = 'https://glucosuivi.example';

interface FakeWindow {
  url: string;
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWindow(url: string, focused = false, controlled = true): FakeWindow {
  const win: FakeWindow = {
    url,
    focused,
    focus: vi.fn(async () => win),
    navigate: vi.fn(async (to: string) => (controlled ? { ...win, url: to } : Promise.reject(new TypeError('not controlled')))),
  };
  return win;
}

function worker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: {
      showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => void shown.push({ title, options })),
    },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async (url: string) => void opened.push(url)),
    },
  };
  runInNewContext(source, { self, URL });
  /** Dispatches an event; resolves with what it handed to waitUntil (undefined when nothing). */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> | undefined;
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => void (pending = p) });
    await pending;
    return pending;
  };
  const push = (data: unknown) =>
    dispatch('push', {
      data:
        data === undefined
          ? null
          : {
              json: () => (typeof data === 'string' ? JSON.parse(data) : data),
            },
    });
  const click = (url: unknown) => {
    const notification = { data: { url }, close: vi.fn() };
    return dispatch('notificationclick', { notification }).then(() => notification);
  };
  return { self, shown, opened, push, click, dispatch };
}

describe('service worker (public/sw.js)', () => {
  it('shows a push message as a notification: title, body, tag, icon, the path to open', async () => {
    const sw = worker();
    await sw.push({ title: 'Rappel', body: 'Mesurez votre glycémie', url: '/reminders?x=1', tag: 'reminder:1' });
    expect(sw.shown).toEqual([
      { title: 'Rappel', options: { body: 'Mesurez votre glycémie', icon: '/icons/icon-192.png', tag: 'reminder:1', data: { url: '/reminders?x=1' } } },
    ]);
  });

  it('shows nothing for a malformed message: no data, not JSON, no title, not an object', async () => {
    const sw = worker();
    expect(await sw.push(undefined)).toBeUndefined();
    expect(await sw.push('not json {')).toBeUndefined();
    expect(await sw.push({ body: 'no title', url: '/', tag: 't' })).toBeUndefined();
    expect(await sw.push({ title: '', body: 'empty title' })).toBeUndefined();
    expect(await sw.push({ title: 'x', body: 3 })).toBeUndefined();
    expect(await sw.push('"a string"')).toBeUndefined();
    expect(sw.shown).toEqual([]);
  });

  it('keeps a notification inside the app: another origin or a bad URL opens the home page', async () => {
    const sw = worker();
    await sw.push({ title: 'a', body: 'b', url: 'https://evil.example/phish', tag: 't' });
    await sw.push({ title: 'a', body: 'b', url: '//evil.example/x', tag: 't' });
    await sw.push({ title: 'a', body: 'b', url: 'javascript:alert(1)', tag: 't' });
    await sw.push({ title: 'a', body: 'b', url: `${ORIGIN}/messages#m1`, tag: '' });
    expect(sw.shown.map((n) => (n.options.data as { url: string }).url)).toEqual(['/', '/', '/', '/messages#m1']);
    expect(sw.shown[3]?.options).not.toHaveProperty('tag');
  });

  it('a click focuses an open tab of the app (the focused one first) and takes it to the path', async () => {
    const other = fakeWindow('https://elsewhere.example/');
    const background = fakeWindow(`${ORIGIN}/dashboard`);
    const focused = fakeWindow(`${ORIGIN}/settings`, true);
    const sw = worker([other, background, focused]);
    const notification = await sw.click('/reminders');
    expect(notification.close).toHaveBeenCalled();
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/reminders`);
    expect(background.navigate).not.toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
    expect(sw.opened).toEqual([]);
  });

  it('a click with no tab of the app open opens one; a tab this worker does not control is only focused', async () => {
    const sw = worker([fakeWindow('https://elsewhere.example/')]);
    await sw.click('https://evil.example/');
    expect(sw.opened).toEqual(['/']);

    const uncontrolled = fakeWindow(`${ORIGIN}/`, false, false);
    const sw2 = worker([uncontrolled]);
    await sw2.click('/messages');
    expect(uncontrolled.focus).toHaveBeenCalled();
    expect(sw2.opened).toEqual([]);
  });
});
