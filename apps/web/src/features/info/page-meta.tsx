import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { LANGUAGES } from '@/lib/i18n';

/** Sets the tab title and `<meta name="description">` for this page; the previous text comes back on leave. */
export function usePageMeta(title: string, description: string): void {
  useDocumentTitle(title);
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}

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
