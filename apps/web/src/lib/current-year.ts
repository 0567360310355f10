import { useSyncExternalStore } from 'react';

// Replaced at build time (vite.config.ts `define`); absent under the unit tests.
declare const __BUILD_YEAR__: number | undefined;

const BUILD_YEAR = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();
const noSubscription = () => () => {};

/**
 * The current year, for the footer's copyright. The prerendered pages were rendered with the
 * build's year; hydrating them with another year (a build served into the next January) would be
 * a text mismatch, which makes React throw the page away and log an error. The server snapshot is
 * the build's year, so hydration matches, and React renders the current year right after.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(noSubscription, () => new Date().getFullYear(), () => BUILD_YEAR);
}
