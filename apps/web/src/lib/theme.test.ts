import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  THEME_AUTO_STORAGE_KEY,
  THEME_STORAGE_KEY,
  readThemeMode,
  resolveTheme,
  startThemeClock,
  writeThemeMode,
} from './theme';

const at = (h: number, m: number) => new Date(2025, 0, 15, h, m, 0);

describe('resolveTheme', () => {
  it('keeps explicit modes whatever the time or the OS', () => {
    expect(resolveTheme('light', at(23, 0), true)).toBe('light');
    expect(resolveTheme('dark', at(12, 0), false)).toBe('dark');
  });

  it.each([
    [19, 59, 'light'],
    [20, 0, 'dark'],
    [23, 59, 'dark'],
    [0, 0, 'dark'],
    [6, 59, 'dark'],
    [7, 0, 'light'],
    [12, 0, 'light'],
  ] as const)('auto at %i:%i is %s', (h, m, expected) => {
    expect(resolveTheme('auto', at(h, m), false)).toBe(expected);
    expect(resolveTheme('auto', at(h, m), true)).toBe(expected);
  });

  it('system follows the OS preference', () => {
    expect(resolveTheme('system', at(12, 0), true)).toBe('dark');
    expect(resolveTheme('system', at(23, 0), false)).toBe('light');
  });
});

describe('stored mode', () => {
  function memoryStore(initial: Record<string, string> = {}) {
    const data = new Map(Object.entries(initial));
    return {
      data,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
  }

  it('defaults to system', () => {
    expect(readThemeMode(memoryStore())).toBe('system');
    expect(readThemeMode(undefined)).toBe('system');
    expect(readThemeMode(memoryStore({ [THEME_STORAGE_KEY]: 'purple' }))).toBe('system');
  });

  it('the auto flag wins over the stored mode', () => {
    expect(readThemeMode(memoryStore({ [THEME_STORAGE_KEY]: 'dark', [THEME_AUTO_STORAGE_KEY]: 'true' }))).toBe('auto');
  });

  it('writes the mode and the auto flag', () => {
    const store = memoryStore();
    writeThemeMode(store, 'auto');
    expect(store.data.get(THEME_STORAGE_KEY)).toBe('auto');
    expect(store.data.get(THEME_AUTO_STORAGE_KEY)).toBe('true');
    writeThemeMode(store, 'dark');
    expect(readThemeMode(store)).toBe('dark');
    expect(store.data.get(THEME_AUTO_STORAGE_KEY)).toBe('false');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readThemeMode(broken)).toBe('system');
    expect(writeThemeMode(broken, 'dark')).toBe(false);
  });
});

describe('startThemeClock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flips auto mode to dark on the first 60 s tick after 20:00', () => {
    vi.setSystemTime(at(19, 59));
    const onChange = vi.fn();
    const stop = startThemeClock(() => 'auto', () => false, onChange);
    vi.advanceTimersByTime(59_999);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('dark');
    vi.advanceTimersByTime(10 * 60_000);
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });

  it('flips back to light at 07:00 and stops when asked', () => {
    vi.setSystemTime(at(6, 59));
    const onChange = vi.fn();
    const stop = startThemeClock(() => 'auto', () => false, onChange);
    vi.advanceTimersByTime(60_000);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('light');
    stop();
    vi.setSystemTime(at(21, 0));
    vi.advanceTimersByTime(120_000);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('corrects a painted theme that went stale on the next tick', () => {
    vi.setSystemTime(at(21, 0));
    const onChange = vi.fn();
    const stop = startThemeClock(() => 'auto', () => false, onChange, 60_000, 'light');
    vi.advanceTimersByTime(60_000);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('dark');
    stop();
  });

  it('never flips an explicit mode', () => {
    vi.setSystemTime(at(19, 59));
    const onChange = vi.fn();
    const stop = startThemeClock(() => 'light', () => true, onChange);
    vi.advanceTimersByTime(5 * 60_000);
    expect(onChange).not.toHaveBeenCalled();
    stop();
  });
});
