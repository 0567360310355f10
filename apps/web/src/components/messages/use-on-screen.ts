import { useEffect, useState } from 'react';

function pageShown(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/**
 * True while the element is in the viewport and the tab is in front: a conversation counts as
 * read only when its messages can actually be seen (not below the fold, not in a hidden tab).
 * Without IntersectionObserver the element counts as seen once shown.
 */
export function useOnScreen(element: Element | null): boolean {
  const [intersecting, setIntersecting] = useState(false);
  const [shown, setShown] = useState(pageShown);
  useEffect(() => {
    const onChange = () => setShown(pageShown());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIntersecting(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setIntersecting(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return intersecting && shown;
}
