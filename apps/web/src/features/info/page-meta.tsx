import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LANGUAGES } from '@/lib/i18n';

/**
 * `<link rel="alternate" hreflang>` for each language of this page (`?lng=`); React 19 hoists
 * the links into `<head>` and removes them when the page goes.
 */
export function LanguageAlternates() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      {LANGUAGES.map((lng) => (
        <link key={lng} rel="alternate" hrefLang={lng} href={`${origin}${pathname}?lng=${lng}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${pathname}`} />
      <link
        rel="canonical"
        href={`${origin}${pathname}${i18n.language === 'fr' ? '' : `?lng=${i18n.language}`}`}
      />
    </>
  );
}
