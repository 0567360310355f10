import { useEffect } from 'react';
import { useDocumentTitle } from '@/lib/document-title';

/** Sets the tab title and `<meta name="description">`; the previous description comes back on leave. */
export function useForumPageMeta(title: string, description: string): void {
  useDocumentTitle(title);
  useEffect(() => {
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
