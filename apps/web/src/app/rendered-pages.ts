import { DashboardPage } from './lazy-pages';
import { lazyPage } from './lazy-page';

// Route-level code splitting: each feature is its own chunk, loaded on first visit.
export const LandingPage = lazyPage(() => import('@/features/landing/LandingPage').then((m) => m.LandingPage));
export const AuthPage = lazyPage(() => import('@/features/auth/AuthPage').then((m) => m.AuthPage));

/** Pages rendered at build time (scripts/prerender.mjs), with what their first client render needs. */
export const PRERENDERED_PAGES: Readonly<Record<string, () => Promise<unknown>>> = {
  '/': LandingPage.preload,
  '/auth': AuthPage.preload,
};
/**
 * Pages the server renders at request time for their signed-in reader (app/signed-in-render.tsx),
 * with what their first client render needs: the browser hydrates them with the same data.
 */
export const SERVER_RENDERED_PAGES: Readonly<Record<string, () => Promise<unknown>>> = {
  '/dashboard': DashboardPage.preload,
  '/patient-dashboard': DashboardPage.preload,
  '/health-dashboard': DashboardPage.preload,
};
/** Who reads those pages: the server renders one only for its reader (anyone else is sent elsewhere). */
export const SERVER_RENDERED_READER = 'patient';
