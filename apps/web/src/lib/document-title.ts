import { useEffect } from 'react';

export const APP_NAME = 'GlucoSuivi';

/** The head of a page rendered at build time (app/prerender.tsx), where effects do not run. */
export interface PrerenderedMeta {
  title?: string;
  description?: string;
}
let prerenderedMeta: PrerenderedMeta | undefined;

/**
 * Build time only: the title and description the page's hooks ask for are kept here while it
 * renders, so that its HTML has them before any script runs (the app starts later on a
 * prerendered page: public/boot.js). Returns what was kept.
 */
export function collectPrerenderedMeta(): PrerenderedMeta {
  prerenderedMeta = {};
  return prerenderedMeta;
}

const fullTitle = (title: string | undefined) => (title ? `${title} · ${APP_NAME}` : APP_NAME);

/** Sets the tab title for the current page ("<page> · GlucoSuivi"). */
export function useDocumentTitle(title: string | undefined): void {
  if (prerenderedMeta) prerenderedMeta.title = fullTitle(title);
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}

/**
 * The tab title and `<meta name="description">` of a page (made if the document has none); the
 * previous description comes back when the page goes.
 */
export function usePageMeta(title: string, description: string): void {
  useDocumentTitle(title);
  if (prerenderedMeta) prerenderedMeta.description = description;
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
