/** What a keyboard shortcut asks for (spec §9). */
export type ShortcutAction =
  | 'focusMain'
  | 'focusNavigation'
  | 'toggleHighContrast'
  | 'largerText'
  | 'smallerText'
  | 'closeModal';

export interface KeyLike {
  key: string;
  code?: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * Maps a key press to a shortcut. Alt shortcuts check `key` and the physical `code`, because
 * Alt changes the produced character on macOS and AZERTY keyboards need Shift for digits.
 */
export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (event.key === 'Escape' && !event.altKey && !event.ctrlKey && !event.metaKey) return 'closeModal';
  if (!event.altKey || event.ctrlKey || event.metaKey) return null;
  const key = event.key.toLowerCase();
  const code = event.code ?? '';
  if (key === '1' || code === 'Digit1' || code === 'Numpad1') return 'focusMain';
  if (key === '2' || code === 'Digit2' || code === 'Numpad2') return 'focusNavigation';
  if (key === 'h' || code === 'KeyH') return 'toggleHighContrast';
  if (key === '+' || key === '=' || code === 'Equal' || code === 'NumpadAdd') return 'largerText';
  if (key === '-' || code === 'Minus' || code === 'NumpadSubtract') return 'smallerText';
  return null;
}

export const ANNOUNCEMENT_CLEAR_MS = 1_000;
export const SHORTCUT_HINT_DELAY_MS = 2_000;

/**
 * A screen-reader announcer over an aria-live region: each message is shown, then cleared after
 * `clearAfterMs` so that it does not linger in the reading order.
 */
export function createAnnouncer(setMessage: (message: string) => void, clearAfterMs = ANNOUNCEMENT_CLEAR_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    announce(message: string) {
      if (timer) clearTimeout(timer);
      setMessage(message);
      timer = setTimeout(() => {
        timer = undefined;
        setMessage('');
      }, clearAfterMs);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Announces the shortcut hint once, `delayMs` after load. Returns a cancel function. */
export function scheduleShortcutHint(announce: () => void, delayMs = SHORTCUT_HINT_DELAY_MS): () => void {
  const id = setTimeout(() => {
    // Once per page load: public/boot.js may have announced it on a prerendered page already.
    const root = typeof document === 'undefined' ? null : document.documentElement;
    if (root?.hasAttribute(SHORTCUT_HINT_ANNOUNCED)) return;
    root?.setAttribute(SHORTCUT_HINT_ANNOUNCED, '');
    announce();
  }, delayMs);
  return () => clearTimeout(id);
}

/** Set on <html> by whichever announced the shortcut note first: public/boot.js or the app. */
export const SHORTCUT_HINT_ANNOUNCED = 'data-shortcut-hint-announced';

export const A11Y_CLASSES = {
  highContrast: 'high-contrast',
  reducedMotion: 'reduce-motion',
  largeText: 'large-text',
} as const;

export type A11yFlags = Record<keyof typeof A11Y_CLASSES, boolean>;

/** Where a person's own choices are kept across reloads (theme-init.js reads it before first paint). */
export const A11Y_STORAGE_KEY = 'glucosuivi-a11y';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The saved choices, or null when none were made (or storage is unavailable or garbled). */
export function readA11yFlags(store: KeyValueStore | undefined): A11yFlags | null {
  try {
    const raw = store?.getItem(A11Y_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const value = parsed as Record<string, unknown>;
    return { highContrast: value.highContrast === true, reducedMotion: value.reducedMotion === true, largeText: value.largeText === true };
  } catch {
    return null;
  }
}

export function writeA11yFlags(store: KeyValueStore | undefined, flags: A11yFlags): void {
  try {
    store?.setItem(A11Y_STORAGE_KEY, JSON.stringify(flags));
  } catch {
    // Storage may be blocked: the choice then lasts for this visit only.
  }
}

/**
 * Starting flags: the person's saved choices; without any, contrast and motion follow the OS and
 * larger text starts off.
 */
export function initialA11yFlags(
  matchMedia: ((query: string) => { matches: boolean }) | undefined,
  store?: KeyValueStore,
): A11yFlags {
  const saved = readA11yFlags(store);
  if (saved) return saved;
  const matches = (query: string) => {
    try {
      return matchMedia?.(query).matches ?? false;
    } catch {
      return false;
    }
  };
  return {
    highContrast: matches('(prefers-contrast: more)'),
    reducedMotion: matches('(prefers-reduced-motion: reduce)'),
    largeText: false,
  };
}

/** Puts the flags on the document root as classes. */
export function applyA11yFlags(root: HTMLElement, flags: A11yFlags): void {
  for (const [flag, className] of Object.entries(A11Y_CLASSES)) {
    root.classList.toggle(className, flags[flag as keyof A11yFlags]);
  }
}
