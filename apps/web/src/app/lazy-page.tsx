import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` that can be loaded ahead: once `preload()` has resolved, the page renders at
 * once instead of suspending. main.tsx uses it so the client's first render of a prerendered
 * page replaces the prerendered HTML with the same page, never with a loading screen.
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
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}
