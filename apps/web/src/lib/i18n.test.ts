import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, NAMESPACES, createI18n, detectLanguage, loadCatalogs } from './i18n';

function store(value: string | null) {
  return { getItem: (k: string) => (k === LANGUAGE_STORAGE_KEY ? value : null) };
}

describe('detectLanguage', () => {
  it('prefers ?lng= in the URL', () => {
    expect(detectLanguage('?lng=es', store('en'))).toBe('es');
    expect(detectLanguage('?foo=1&lng=EN', store('es'))).toBe('en');
  });

  it('then the saved language', () => {
    expect(detectLanguage('', store('en'))).toBe('en');
    expect(detectLanguage('?lng=de', store('es'))).toBe('es');
  });

  it('then French', () => {
    expect(detectLanguage('', store(null))).toBe('fr');
    expect(detectLanguage('?lng=xx', store('zz'))).toBe('fr');
    expect(detectLanguage('', undefined)).toBe('fr');
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(detectLanguage('', throwing)).toBe('fr');
  });
});

describe('createI18n', () => {
  afterEach(() => localStorage.clear());

  it('loads every namespace of each language from its own catalog chunk', async () => {
    const [fr, en, es] = await Promise.all([loadCatalogs('fr'), loadCatalogs('en'), loadCatalogs('es')]);
    expect(Object.keys(fr).sort()).toEqual([...NAMESPACES].sort());
    expect(Object.keys(en).sort()).toEqual([...NAMESPACES].sort());
    expect(Object.keys(es).sort()).toEqual([...NAMESPACES].sort());
    expect(loadCatalogs('en')).toBe(loadCatalogs('en'));
  });

  it('is ready once the language is loaded; a change loads the new language before switching', async () => {
    const { i18n, ready } = createI18n('es');
    await ready;
    expect(i18n.t('a11y:skip.main')).toBe('Ir al contenido principal');
    await i18n.changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('a11y:skip.main')).toBe('Skip to main content');
  });

  it('translates, keeps <html lang> in sync and saves the choice', async () => {
    const { i18n, ready } = createI18n('fr');
    await ready;
    expect(i18n.t('guards.loading')).toBe('Chargement...');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(i18n.t('a11y:skip.main')).toBe('Skip to main content');
    await i18n.changeLanguage('fr');
    expect(i18n.t('a11y:skip.main')).toBe('Aller au contenu principal');
    expect(i18n.t('a11y:skip.navigation')).toBe('Aller à la navigation');
    expect(i18n.t('guards.checkingPermissions')).toBe('Vérification des permissions...');
  });

  it('keeps the 404 texts in English in every language', async () => {
    const { i18n, ready } = createI18n('es');
    await ready;
    expect(i18n.t('notFound:heading')).toBe('Oops! Page not found');
    await i18n.changeLanguage('fr');
    expect(i18n.t('notFound:backHome')).toBe('Return to Home');
  });
});

describe('counts in sentences', () => {
  it('are written as the reader writes numbers, with the plural chosen on the number itself', async () => {
    const catalogs = { fr: await loadCatalogs('fr'), en: await loadCatalogs('en'), es: await loadCatalogs('es') };
    const summary = (lng: 'fr' | 'en' | 'es') =>
      createI18n(lng, catalogs).i18n.t('dashboard:chart.summary', { count: 25494, min: '40', max: '320', glucoseUnit: 'mg/dL', minAt: '-', low: '70', high: '180' });
    // French groups thousands with a narrow no-break space, English with a comma, Spanish with a dot.
    expect(summary('fr')).toMatch(/^25\u202f494 mesures, de 40 à 320/);
    expect(summary('en')).toMatch(/^25,494 readings, from 40 to 320/);
    expect(summary('es')).toMatch(/^25\.494 mediciones, de 40 a 320/);
    const triage = createI18n('fr', catalogs).i18n.t('doctor:triage.count', { count: 1, total: 1200 });
    expect(triage).toBe('1 patient affiché sur 1\u202f200');
  });
});
