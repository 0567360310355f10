import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import type { Catalogs } from '@/locales/catalogs';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['fr', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const LANGUAGE_STORAGE_KEY = 'glucosuivi-lang';
export const NAMESPACES = ['common', 'a11y', 'landing', 'auth', 'pages', 'notFound', 'errors', 'dashboard', 'measurements', 'alerts', 'reports', 'profile', 'info', 'support', 'doctor', 'careTeam', 'messages', 'reminders', 'cgmConnection', 'appointments', 'advice', 'department', 'resources', 'subscription', 'adminOps', 'admin', 'community', 'offline'] as const;
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

/**
 * One chunk per language, loaded on demand: the three catalogs bundled together were two thirds
 * of the entry script that every page parses before its first render.
 */
const CATALOG_LOADERS: Record<Language, () => Promise<{ default: Catalogs }>> = {
  fr: () => import('../locales/fr'),
  en: () => import('../locales/en'),
  es: () => import('../locales/es'),
};
const catalogPromises = new Map<Language, Promise<Catalogs>>();

/** A language's catalogs, fetched once (the same promise for every namespace i18next asks for). */
export function loadCatalogs(lng: Language): Promise<Catalogs> {
  let promise = catalogPromises.get(lng);
  if (!promise) {
    promise = CATALOG_LOADERS[lng]().then((module) => module.default);
    // A failed fetch (offline, new deploy) may be retried on the next language change.
    promise.catch(() => catalogPromises.delete(lng));
    catalogPromises.set(lng, promise);
  }
  return promise;
}

/** i18next backend over `loadCatalogs`: `changeLanguage` resolves once the new catalogs are in. */
const lazyCatalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    if (!isLanguage(lng)) return callback(null, {});
    loadCatalogs(lng).then(
      (catalogs) => callback(null, catalogs[ns] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

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

/**
 * Creates and initialises an i18next instance. With `resources` (tests, all catalogs given) it
 * is ready at once; without, catalogs come from `loadCatalogs` and `ready` resolves when the
 * language and the French fallback are loaded.
 */
export function createI18n(lng: Language, resources?: Record<Language, Catalogs>): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  instance.on('languageChanged', onLanguageChanged);
  if (!resources) instance.use(lazyCatalogBackend);
  const ready = instance.use(initReactI18next).init({
    ...(resources ? { resources } : {}),
    // Not deferred to a timer: the load starts at once (and a page whose timers are paused, as in
    // the journeys' fixed clocks, still starts).
    initAsync: false,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // A key missing from every catalog is a bug: say so in the console (e2e fails on it).
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => console.warn(`i18n: missing key ${ns}:${key}`),
  });
  return { i18n: instance, ready };
}

let appI18n: { i18n: I18n; ready: Promise<unknown>; initial: Language } | undefined;

function app(): { i18n: I18n; ready: Promise<unknown>; initial: Language } {
  if (!appI18n) {
    const search = typeof window === 'undefined' ? '' : window.location.search;
    const initial = detectLanguage(search, safeStorage());
    appI18n = { ...createI18n(initial), initial };
  }
  return appI18n;
}

/** The language the app started in (from the URL and the saved choice), before catalogs load. */
export function initialLanguage(): Language {
  return app().initial;
}

/** The app's single instance, created on first use from the URL and the saved choice. */
export function getI18n(): I18n {
  return app().i18n;
}

/** Resolves when the app's instance has its catalogs: render after it, not before. */
export function i18nReady(): Promise<unknown> {
  return app().ready;
}

/** Component tests install an instance with every catalog bundled (src/test/setup.ts). */
export function installI18nForTests(instance: I18n): void {
  appI18n = { i18n: instance, ready: Promise.resolve(), initial: isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE };
}
