import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { getI18n, isLanguage, type Language } from '@/lib/i18n';
import { fixRenderNow } from '@/lib/render-clock';

/**
 * What the server's render of a signed-in page used (app/signed-in-render.tsx), sent with the
 * page in a JSON block (not a script: the CSP runs none inline) so that the browser's first
 * render is the same page: the answers it rendered and the time it took as "now".
 */
export interface PageState {
  now: number;
  /** The reader's account language, which the page is in (it wins over the browser's last choice). */
  language: Language;
  queries: DehydratedState;
}

/** The JSON block's id, outside the root (the server puts it after it). */
export const PAGE_STATE_ID = 'page-state';

/** JSON that can sit inside <script>: no `</script>` or `<!--` can close or comment it out. */
export function pageStateJson(state: PageState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/**
 * Reads the page's state and removes it from the document (it holds health data that nothing
 * else needs). Null when there is none or it is not the expected shape: the app then renders
 * the page from scratch.
 */
export function takePageState(): PageState | null {
  const block = document.getElementById(PAGE_STATE_ID);
  if (!block) return null;
  block.remove();
  try {
    const state = JSON.parse(block.textContent ?? '') as Partial<PageState> | null;
    if (!state || typeof state.now !== 'number' || !isLanguage(state.language) || !state.queries || !Array.isArray(state.queries.queries)) return null;
    return { now: state.now, language: state.language, queries: state.queries };
  } catch {
    return null;
  }
}

/**
 * Puts the server's answers in the client's cache, its time on the render clock and the page's
 * language on the app, for hydration: resolves once that language's catalogs are in.
 */
export async function applyPageState(queryClient: QueryClient, state: PageState): Promise<void> {
  hydrate(queryClient, state.queries);
  fixRenderNow(state.now);
  await getI18n().changeLanguage(state.language);
}
