import type { Catalogs } from '@/locales/catalogs';
import { catalogsByNamespace } from '@/locales/catalogs';
import { createI18n, installI18nForTests, type Language } from '@/lib/i18n';

/** Every catalog of the three languages, bundled: component tests render without waiting. */
export function allCatalogs(): Record<Language, Catalogs> {
  const modules = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
  const byLanguage = (lng: Language) =>
    catalogsByNamespace(Object.fromEntries(Object.entries(modules).filter(([path]) => path.includes(`/locales/${lng}/`))));
  return { fr: byLanguage('fr'), en: byLanguage('en'), es: byLanguage('es') };
}

/** The app's instance for a test file: French, every catalog in memory. */
export function installTestI18n(): void {
  installI18nForTests(createI18n('fr', allCatalogs()).i18n);
}
