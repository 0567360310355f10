import { Outlet, ScrollRestoration } from 'react-router';
import { MAIN_CONTENT_ID } from '@/lib/a11y-context';
import { A11yWidget } from './A11yWidget';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLinks } from './SkipLinks';
import { useAccountLanguage } from './use-account-language';

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
