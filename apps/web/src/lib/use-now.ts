import { useEffect, useState } from 'react';
import { renderNow } from './render-clock';

/**
 * The time, refreshed every `everyMs`: for texts that age ("3 min ago"). The first render takes
 * the render clock's time, so a page rendered by the server hydrates with the same words; the
 * browser's own time follows once the page has committed.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(renderNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
