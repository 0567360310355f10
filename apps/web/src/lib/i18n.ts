import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['fr', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const LANGUAGE_STORAGE_KEY = 'glucosuivi-lang';
export const NAMESPACES = ['common', 'a11y', 'landing', 'auth', 'pages', 'notFound', 'errors', 'health', 'measurements', 'alerts', 'reports', 'profile', 'info', 'support', 'doctor', 'careTeam'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the language: `?lng=` in the URL, then the saved choice, then French. */
export function detectLanguage(search: string, store: Pick<Storage, 'getItem'> | undefined): Language {
  const fromQuery = new URLSearchParams(search).get('lng')?.toLowerCase();
  if (isLanguage(fromQuery)) return fromQuery;
  try {
    const saved = store?.getItem(LANGUAGE_STORAGE_KEY)?.toLowerCase();
    if (isLanguage(saved)) return saved;
  } catch {
    // storage blocked: fall through to the default
  }
  return DEFAULT_LANGUAGE;
}

type Catalog = Record<string, unknown>;
const modules = import.meta.glob<Catalog>('../locales/*/*.json', { eager: true, import: 'default' });

/** Catalogs by language then namespace, from `locales/<lang>/<namespace>.json`. */
export function loadResources(): Record<Language, Record<string, Catalog>> {
  const resources = { fr: {}, en: {}, es: {} } as Record<Language, Record<string, Catalog>>;
  for (const [path, catalog] of Object.entries(modules)) {
    const match = /locales\/([a-z]{2})\/([A-Za-z0-9-]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lng, ns] = match;
    if (isLanguage(lng) && ns) resources[lng][ns] = catalog;
  }
  return resources;
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Saves the choice and keeps `<html lang>` in sync. */
function onLanguageChanged(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  if (isLanguage(lng)) {
    try {
      safeStorage()?.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // not saved: the choice lasts for this page only
    }
  }
}

/** Creates and initialises the i18next instance (synchronously: catalogs are bundled). */
export function createI18n(lng: Language): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', onLanguageChanged);
  void instance.use(initReactI18next).init({
    resources: loadResources(),
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // A key missing from every catalog is a bug: say so in the console (e2e fails on it).
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => console.warn(`i18n: missing key ${ns}:${key}`),
  });
  return instance;
}

let appI18n: I18n | undefined;

/** The app's single instance, created on first use from the URL and the saved choice. */
export function getI18n(): I18n {
  if (!appI18n) {
    const search = typeof window === 'undefined' ? '' : window.location.search;
    appI18n = createI18n(detectLanguage(search, safeStorage()));
  }
  return appI18n;
}
