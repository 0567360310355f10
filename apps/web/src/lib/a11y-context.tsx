import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyA11yFlags,
  createAnnouncer,
  initialA11yFlags,
  scheduleShortcutHint,
  shortcutFor,
  type A11yFlags,
  writeA11yFlags,
  type ShortcutAction,
} from './a11y';

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export const MAIN_CONTENT_ID = 'main-content';
export const MAIN_NAVIGATION_ID = 'main-navigation';

interface A11yContextValue {
  flags: A11yFlags;
  setFlag: (flag: keyof A11yFlags, value: boolean) => void;
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
  announce: (message: string) => void;
  /** The current aria-live message (empty between announcements). */
  message: string;
}

const A11yContext = createContext<A11yContextValue | null>(null);

/** Moves focus to a landmark (made focusable with tabIndex=-1). */
export function focusById(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.focus();
  element.scrollIntoView?.({ block: 'start' });
}

const FLAG_LABEL: Record<keyof A11yFlags, string> = {
  highContrast: 'a11y:settings.highContrast',
  reducedMotion: 'a11y:settings.reducedMotion',
  largeText: 'a11y:settings.largeText',
};

export function A11yProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [flags, setFlags] = useState<A11yFlags>(() =>
    initialA11yFlags(typeof window.matchMedia === 'function' ? (q) => window.matchMedia(q) : undefined, safeLocalStorage()),
  );
  const [panelOpen, setPanelOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [announcer] = useState(() => createAnnouncer(setMessage));
  const announce = useCallback((text: string) => announcer.announce(text), [announcer]);
  useEffect(() => () => announcer.dispose(), [announcer]);

  useLayoutEffect(() => applyA11yFlags(document.documentElement, flags), [flags]);

  const setFlag = useCallback(
    (flag: keyof A11yFlags, value: boolean) => {
      setFlags((previous) => {
        const next = { ...previous, [flag]: value };
        writeA11yFlags(safeLocalStorage(), next);
        return next;
      });
      announce(t(value ? 'a11y:announce.on' : 'a11y:announce.off', { setting: t(FLAG_LABEL[flag]) }));
    },
    [announce, t],
  );

  // The hidden shortcut note, announced once shortly after load.
  useEffect(() => scheduleShortcutHint(() => announce(t('a11y:shortcuts.hint'))), [announce, t]);

  const run = useCallback(
    (action: ShortcutAction) => {
      switch (action) {
        case 'focusMain':
          return focusById(MAIN_CONTENT_ID);
        case 'focusNavigation':
          return focusById(MAIN_NAVIGATION_ID);
        case 'toggleHighContrast':
          return setFlag('highContrast', !flags.highContrast);
        case 'largerText':
          return setFlag('largeText', true);
        case 'smallerText':
          return setFlag('largeText', false);
        case 'closeModal':
          return setPanelOpen(false);
      }
    },
    [setFlag, flags.highContrast],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      if (action !== 'closeModal') event.preventDefault();
      run(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [run]);

  const value = useMemo(
    () => ({ flags, setFlag, panelOpen, setPanelOpen, announce, message }),
    [flags, setFlag, panelOpen, announce, message],
  );
  return <A11yContext.Provider value={value}>{children}</A11yContext.Provider>;
}

export function useA11y(): A11yContextValue {
  const value = useContext(A11yContext);
  if (!value) throw new Error('useA11y must be used inside A11yProvider');
  return value;
}
