import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/**
 * The app's router. When it hydrates a prerendered page, that page and where it is scrolled
 * already belong to the browser: the visitor may have scrolled before the app started (scrolling
 * is one of the signs of use that start it, public/boot.js), and a reload has been put back where
 * it was. `hydrationData` tells the router its first location is already on screen, so it leaves
 * the scroll alone there instead of sending the page to its top in the middle of a tap (the tap
 * then ended on another element). Later navigations restore and reset the scroll as usual.
 */
export function createAppRouter({ hydratingPrerenderedPage }: { hydratingPrerenderedPage: boolean }) {
  return createBrowserRouter(routes, hydratingPrerenderedPage ? { hydrationData: {} } : {});
}
