/** The theme a person chooses; `auto` follows the clock, `system` follows the OS. */
export type ThemeMode = 'light' | 'dark' | 'auto' | 'system';
/** What is actually painted. */
export type ResolvedTheme = 'light' | 'dark';

export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'auto', 'system'];
export const DEFAULT_THEME_MODE: ThemeMode = 'system';
export const THEME_STORAGE_KEY = 'glucosuivi-ui-theme';
export const THEME_AUTO_STORAGE_KEY = 'glucosuivi-ui-theme-auto';
/** Auto mode is dark from 20:00 (inclusive) to 07:00 (exclusive), local time. */
export const AUTO_DARK_FROM_HOUR = 20;
export const AUTO_DARK_UNTIL_HOUR = 7;
export const AUTO_CHECK_INTERVAL_MS = 60_000;

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/** True during the auto-dark hours (20:00–07:00 local time). */
export function isNight(now: Date): boolean {
  const hour = now.getHours();
  return hour >= AUTO_DARK_FROM_HOUR || hour < AUTO_DARK_UNTIL_HOUR;
}

/** Turns a mode into the painted theme for a given moment and OS preference. */
export function resolveTheme(mode: ThemeMode, now: Date, systemPrefersDark: boolean): ResolvedTheme {
  switch (mode) {
    case 'light':
      return 'light';
    case 'dark':
      return 'dark';
    case 'auto':
      return isNight(now) ? 'dark' : 'light';
    case 'system':
      return systemPrefersDark ? 'dark' : 'light';
  }
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** Reads the saved mode: the auto flag wins, then the stored mode, else `system`. */
export function readThemeMode(store: KeyValueStore | undefined): ThemeMode {
  try {
    if (!store) return DEFAULT_THEME_MODE;
    if (store.getItem(THEME_AUTO_STORAGE_KEY) === 'true') return 'auto';
    const stored = store.getItem(THEME_STORAGE_KEY);
    return isThemeMode(stored) ? stored : DEFAULT_THEME_MODE;
  } catch {
    return DEFAULT_THEME_MODE;
  }
}

/** Saves the mode and the auto flag (storage may be unavailable: then nothing is saved). */
export function writeThemeMode(store: KeyValueStore | undefined, mode: ThemeMode): boolean {
  try {
    if (!store) return false;
    store.setItem(THEME_STORAGE_KEY, mode);
    store.setItem(THEME_AUTO_STORAGE_KEY, String(mode === 'auto'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Re-evaluates the theme every `intervalMs` and calls `onChange` only when it differs from the
 * painted one (for auto mode, at 20:00 and 07:00). Returns a function that stops the clock.
 */
export function startThemeClock(
  getMode: () => ThemeMode,
  getSystemPrefersDark: () => boolean,
  onChange: (theme: ResolvedTheme) => void,
  intervalMs: number = AUTO_CHECK_INTERVAL_MS,
  painted: ResolvedTheme = resolveTheme(getMode(), new Date(), getSystemPrefersDark()),
): () => void {
  let current = painted;
  const id = setInterval(() => {
    const next = resolveTheme(getMode(), new Date(), getSystemPrefersDark());
    if (next !== current) {
      current = next;
      onChange(next);
    }
  }, intervalMs);
  return () => clearInterval(id);
}

/** Paints a resolved theme on the document root. */
export function applyTheme(root: HTMLElement, theme: ResolvedTheme): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
