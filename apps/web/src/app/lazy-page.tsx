import { lazy, useLayoutEffect, type ComponentType } from 'react';

let pageCommitted: () => void = () => undefined;
const firstPageCommit = new Promise<void>((resolve) => (pageCommitted = resolve));

/**
 * Resolves once a page made by `lazyPage` has first committed. For a hydrated prerendered page
 * that is when its part of the DOM belongs to React: the page sits in a Suspense boundary, which
 * React hydrates after the rest of the layout (main.tsx enables the page's controls then).
 */
export function afterFirstPageCommit(): Promise<void> {
  return firstPageCommit;
}

/**
 * `React.lazy` that can be loaded ahead: once `preload()` has resolved, the page renders at
 * once instead of suspending. main.tsx uses it so the client's first render of a prerendered
 * page is the same page as the HTML it hydrates, never a loading screen.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    useLayoutEffect(() => pageCommitted(), []);
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}
