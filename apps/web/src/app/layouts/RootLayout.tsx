import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSession } from '@/lib/session';
import { MAIN_CONTENT_ID } from '@/lib/a11y-context';
import { A11yWidget } from './A11yWidget';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLinks } from './SkipLinks';

/**
 * A signed-in person's saved language wins over the browser's last choice, unless the address
 * asks for one explicitly (`?lng=`).
 */
function useAccountLanguage() {
  const { user } = useSession();
  const { i18n } = useTranslation();
  const language = user?.language;
  useEffect(() => {
    if (!language || new URLSearchParams(window.location.search).has('lng')) return;
    if (i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);
}

/** Frame of every page: skip links, header, main content, footer, accessibility widget. */
export function RootLayout() {
  useAccountLanguage();
  return (
    <div className="flex min-h-screen flex-col bg-canvas text-fg">
      <SkipLinks />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 pb-20">
        <Outlet />
      </main>
      <SiteFooter />
      <A11yWidget />
      <ScrollRestoration />
    </div>
  );
}
