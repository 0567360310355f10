import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  AUTO_CHECK_INTERVAL_MS,
  DEFAULT_THEME_MODE,
  applyTheme,
  readThemeMode,
  resolveTheme,
  startThemeClock,
  writeThemeMode,
  type ResolvedTheme,
  type ThemeMode,
} from './theme';

interface ThemeContextValue {
  mode: ThemeMode;
  resolved: ResolvedTheme;
  setMode: (mode: ThemeMode) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const DARK_QUERY = '(prefers-color-scheme: dark)';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const subscribeToNothing = () => () => undefined;

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [mode, setModeState] = useState<ThemeMode>(() => readThemeMode(storage()));
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  // `now` only matters in auto mode; the 60 s clock refreshes it when the painted theme flips.
  const [now, setNow] = useState(() => new Date());
  const resolved = resolveTheme(mode, now, systemDark);

  // The OS preference can change while the page is open (system mode reacts at once).
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DARK_QUERY);
    const onChange = () => setSystemDark(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  // Compared with what is painted, so a stale `now` is corrected on the next tick at the latest.
  useEffect(
    () => startThemeClock(() => mode, () => systemDark, () => setNow(new Date()), AUTO_CHECK_INTERVAL_MS, resolved),
    [mode, systemDark, resolved],
  );

  useLayoutEffect(() => applyTheme(document.documentElement, resolved), [resolved]);

  const setMode = useCallback(
    (next: ThemeMode) => {
      setNow(new Date());
      setModeState(next);
      if (!writeThemeMode(storage(), next)) toast.error(t('theme.saveError'));
    },
    [t],
  );

  // The prerendered pages were rendered with no saved choice, and hydration does not patch a
  // <select>'s value: while hydrating (the server snapshot) the menu shows the default mode, then
  // the saved one. The painted theme (`resolved`, on <html>) is right from the start.
  const shownMode = useSyncExternalStore(subscribeToNothing, () => mode, () => DEFAULT_THEME_MODE);
  const value = useMemo(() => ({ mode: shownMode, resolved, setMode }), [shownMode, resolved, setMode]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
