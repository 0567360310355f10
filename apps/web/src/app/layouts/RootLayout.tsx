import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { MAIN_CONTENT_ID } from '@/lib/a11y-context';
import { OfflineBanner } from '@/lib/offline/OfflineBanner';
import { useOfflineApp } from '@/lib/offline/use-offline-app';
import { RealtimeProvider } from '@/lib/realtime/RealtimeProvider';
import { useSession, type SessionUser } from '@/lib/session';
import { pageModules } from '../preload';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import type { RoleMenus } from './RoleMenu';
import { SkipLinks } from './SkipLinks';
import { useAccountLanguage } from './use-account-language';

/**
 * Frame of every page: skip links, header (with the menu and the accessibility button), main
 * content, footer. Whoever is signed in (patient, professional, admin) keeps the realtime
 * channel open on every page, public ones included: the header's alert count stays live, and
 * nothing is missed between two areas.
 */
export function RootLayout({ menus }: { menus: RoleMenus }) {
  useAccountLanguage();
  const { user, isPending } = useSession();
  useOfflineApp(user, isPending, keepForOffline);
  return (
    <RealtimeProvider userId={user?.id ?? null}>
      <div className="flex min-h-screen flex-col bg-canvas text-fg">
        <SkipLinks />
        <SiteHeader menus={menus} />
        <OfflineBanner />
        {/* At least a screen high, so the footer starts below the fold: a page whose content
            arrives after its first paint (the dashboard's cards) no longer pushes a visible footer
            down (Lighthouse measured a layout shift of 0.39 on the dashboard from the footer alone). */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-screen flex-1 pb-8">
          <Outlet />
        </main>
        <SiteFooter />
        <ScrollRestoration getKey={scrollKey} />
      </div>
    </RealtimeProvider>
  );
}

/** What a patient may need offline without having opened it on this version: the entry form. */
function keepForOffline(user: SessionUser): Promise<unknown> {
  return user.userType === 'patient' ? pageModules.newMeasurement() : Promise.resolve();
}

/**
 * The first history entry of every document load has the key "default", so keying positions by
 * history key alone restored the previous page's scroll on a full load of another page. That entry
 * is keyed by its path instead (a reload of the same page keeps its position, as browsers do).
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname : location.key;
}
