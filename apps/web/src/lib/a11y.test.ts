import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  A11Y_STORAGE_KEY,
  SHORTCUT_HINT_ANNOUNCED,
  applyA11yFlags,
  createAnnouncer,
  initialA11yFlags,
  readA11yFlags,
  scheduleShortcutHint,
  shortcutFor,
  writeA11yFlags,
} from './a11y';

const press = (key: string, extra: Partial<{ code: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) =>
  shortcutFor({ key, altKey: false, ctrlKey: false, metaKey: false, ...extra });

describe('shortcutFor', () => {
  it('maps the Alt shortcuts', () => {
    expect(press('1', { altKey: true })).toBe('focusMain');
    expect(press('2', { altKey: true })).toBe('focusNavigation');
    expect(press('h', { altKey: true })).toBe('toggleHighContrast');
    expect(press('H', { altKey: true })).toBe('toggleHighContrast');
    expect(press('+', { altKey: true })).toBe('largerText');
    expect(press('=', { altKey: true })).toBe('largerText');
    expect(press('-', { altKey: true })).toBe('smallerText');
  });

  it('uses the physical key when Alt changes the character (macOS, AZERTY)', () => {
    expect(press('¡', { altKey: true, code: 'Digit1' })).toBe('focusMain');
    expect(press('&', { altKey: true, code: 'Digit1' })).toBe('focusMain');
    expect(press('˙', { altKey: true, code: 'KeyH' })).toBe('toggleHighContrast');
    expect(press('+', { altKey: true, code: 'NumpadAdd' })).toBe('largerText');
    expect(press('–', { altKey: true, code: 'Minus' })).toBe('smallerText');
  });

  it('maps Escape without modifiers', () => {
    expect(press('Escape')).toBe('closeModal');
    expect(press('Escape', { ctrlKey: true })).toBeNull();
  });

  it('ignores everything else', () => {
    expect(press('1')).toBeNull();
    expect(press('h')).toBeNull();
    expect(press('h', { altKey: true, ctrlKey: true })).toBeNull();
    expect(press('1', { altKey: true, metaKey: true })).toBeNull();
    expect(press('x', { altKey: true, code: 'KeyX' })).toBeNull();
  });
});

describe('announcements', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears a message after 1 s', () => {
    const setMessage = vi.fn();
    const announcer = createAnnouncer(setMessage);
    announcer.announce('Contraste élevé activé');
    expect(setMessage).toHaveBeenLastCalledWith('Contraste élevé activé');
    vi.advanceTimersByTime(999);
    expect(setMessage).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(setMessage).toHaveBeenLastCalledWith('');
  });

  it('restarts the 1 s when a new message comes', () => {
    const setMessage = vi.fn();
    const announcer = createAnnouncer(setMessage);
    announcer.announce('a');
    vi.advanceTimersByTime(800);
    announcer.announce('b');
    vi.advanceTimersByTime(800);
    expect(setMessage).toHaveBeenLastCalledWith('b');
    vi.advanceTimersByTime(200);
    expect(setMessage).toHaveBeenLastCalledWith('');
    announcer.dispose();
  });

  it('announces the shortcut hint 2 s after load, once, unless cancelled', () => {
    const hint = vi.fn();
    scheduleShortcutHint(hint);
    vi.advanceTimersByTime(1_999);
    expect(hint).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hint).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(hint).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = scheduleShortcutHint(cancelled);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(cancelled).not.toHaveBeenCalled();
    document.documentElement.removeAttribute(SHORTCUT_HINT_ANNOUNCED);
  });

  it('does not repeat the hint that public/boot.js announced on a prerendered page', () => {
    document.documentElement.setAttribute(SHORTCUT_HINT_ANNOUNCED, '');
    const hint = vi.fn();
    scheduleShortcutHint(hint);
    vi.advanceTimersByTime(5_000);
    expect(hint).not.toHaveBeenCalled();
    document.documentElement.removeAttribute(SHORTCUT_HINT_ANNOUNCED);
  });
});

describe('flags', () => {
  it('start from the OS for contrast and motion', () => {
    const media = (q: string) => ({ matches: q.includes('contrast') });
    expect(initialA11yFlags(media)).toEqual({ highContrast: true, reducedMotion: false, largeText: false });
    expect(initialA11yFlags(undefined)).toEqual({ highContrast: false, reducedMotion: false, largeText: false });
  });

  it('become classes on the root', () => {
    const root = document.createElement('html');
    applyA11yFlags(root, { highContrast: true, reducedMotion: false, largeText: true });
    expect(root.className).toBe('high-contrast large-text');
  });
});

describe('saved accessibility choices', () => {
  const memoryStore = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  };
  const os = (query: string) => ({ matches: query.includes('contrast') });

  it('start from the OS when nothing was chosen, then from what was saved', () => {
    const store = memoryStore();
    expect(initialA11yFlags(os, store)).toEqual({ highContrast: true, reducedMotion: false, largeText: false });
    writeA11yFlags(store, { highContrast: false, reducedMotion: true, largeText: true });
    expect(initialA11yFlags(os, store)).toEqual({ highContrast: false, reducedMotion: true, largeText: true });
    expect(readA11yFlags(store)).toEqual({ highContrast: false, reducedMotion: true, largeText: true });
  });

  it('ignore a garbled value', () => {
    const store = memoryStore();
    store.setItem(A11Y_STORAGE_KEY, '{not json');
    expect(readA11yFlags(store)).toBeNull();
    expect(initialA11yFlags(os, store).highContrast).toBe(true);
  });
});
