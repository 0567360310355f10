import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { Handout } from '@glucosuivi/domain/resources/resources.schemas';

/**
 * The rendered handouts, kept in memory per (handout, language): they hold no personal data and
 * change only with a deployment, so each is drawn once per server. Nine PDFs of a few kilobytes.
 */
export interface HandoutCache {
  /** The cached bytes, or what `render` resolves with (kept for next time); a failed render is not kept. */
  get(handout: Handout, language: Language, render: () => Promise<Buffer>): Promise<Buffer>;
}

export function createHandoutCache(): HandoutCache {
  const entries = new Map<string, Promise<Buffer>>();
  return {
    get(handout, language, render) {
      const key = `${handout}:${language}`;
      let entry = entries.get(key);
      if (!entry) {
        // The promise itself is kept, so two first requests at once draw the PDF once.
        entry = render();
        entries.set(key, entry);
        entry.catch(() => entries.delete(key));
      }
      return entry;
    },
  };
}
