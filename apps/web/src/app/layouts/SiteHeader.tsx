import { HeartPulse, Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { Sheet } from '@/components/ui/Sheet';
import { AlertBadge } from '@/features/alerts/AlertBadge';
import { MAIN_NAVIGATION_ID } from '@/lib/a11y-context';
import { isAdmin, isProfessional, useSession, type SessionUser } from '@/lib/session';
import { A11yWidget } from './A11yWidget';
import { LanguageMenu } from './LanguageMenu';
import { RoleMenuList, type MenuRole, type RoleMenus } from './RoleMenu';
import { ThemeMenu } from './ThemeMenu';
import { SignOutButton, UserChip } from './UserMenu';

const PUBLIC_LINKS = [
  { to: { pathname: '/', hash: '#features' }, key: 'features' },
  { to: { pathname: '/', hash: '#security' }, key: 'security' },
  { to: '/subscription', key: 'pricing' },
  { to: '/user-guide', key: 'guide' },
] as const;

const navLink =
  'inline-flex min-h-11 w-full items-center whitespace-nowrap rounded-lg px-3 text-sm font-medium hover:bg-surface-strong';
const sectionTitle = 'mb-2 text-sm font-bold text-muted';

function roleOf(user: SessionUser): MenuRole {
  if (isAdmin(user)) return 'admin';
  return isProfessional(user) ? 'professional' : 'patient';
}

/**
 * Mobile first: one row of at most 64 px. On wide screens (xl) the role's main pages sit in the
 * row; everywhere else, and for the rest of the menu, a "Menu" button opens a sheet. The skip
 * link 'Aller à la navigation' lands on the <nav>; its controls follow in reading order (the
 * row's links on wide screens, the bell, then that button).
 */
export function SiteHeader({ menus }: { menus: RoleMenus }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const role = user ? roleOf(user) : null;
  const items = role ? menus[role] : [];
  // The open state stays here: the sheet moves between the signed-in and public rows.
  const sheet = (
    <MenuSheet open={open} onOpenChange={setOpen} user={user} role={role} items={items} />
  );

  return (
    <header className="border-b border-line bg-canvas">
      <div className="mx-auto flex h-15 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link
          to="/"
          className="mr-auto inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg text-lg font-bold xl:mr-2"
          aria-label={t('header.home')}
        >
          <HeartPulse aria-hidden="true" className="size-6 text-primary" />
          <span>{t('appName')}</span>
        </Link>
        {user ? (
          <nav
            id={MAIN_NAVIGATION_ID}
            tabIndex={-1}
            aria-label={t('header.navigation')}
            className="flex min-w-0 items-center gap-1 xl:flex-1"
          >
            <div className="mr-auto hidden xl:block">
              <RoleMenuList items={items} layout="row" />
            </div>
            {role === 'patient' ? <AlertBadge /> : role === 'professional' ? <AlertBadge to="/doctor-notifications" deliveredOnly /> : null}
            <span className="hidden xl:inline-flex">
              <UserChip user={user} />
            </span>
            <span className="hidden xl:inline-flex">
              <SignOutButton iconOnly />
            </span>
            {sheet}
          </nav>
        ) : (
          <>
            <nav
              id={MAIN_NAVIGATION_ID}
              tabIndex={-1}
              aria-label={t('header.navigation')}
              className="flex items-center gap-1 xl:mr-auto"
            >
              <ul className="hidden items-center gap-1 xl:flex">
                {PUBLIC_LINKS.map(({ to, key }) => (
                  <li key={key}>
                    <Link to={to} className={navLink}>
                      {t(`header.${key}`)}
                    </Link>
                  </li>
                ))}
              </ul>
              <span className="xl:hidden">{sheet}</span>
            </nav>
            <div className="hidden items-center gap-2 xl:flex">
              <ThemeMenu />
              <LanguageMenu />
              <Link to="/auth" className={buttonClasses('ghost')} data-button>
                {t('header.login')}
              </Link>
              <Link to="/auth?mode=register" className={buttonClasses('primary')} data-button>
                {t('header.register')}
              </Link>
            </div>
          </>
        )}
        <A11yWidget />
      </div>
    </header>
  );
}

/** The sheet behind the "Menu" button: the role's pages, display preferences and the account, or the public pages. */
function MenuSheet({
  open,
  onOpenChange,
  user,
  role,
  items,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: SessionUser | null | undefined;
  role: MenuRole | null;
  items: RoleMenus[MenuRole];
}) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  const menuButton = (
    <button type="button" className={buttonClasses('secondary', 'px-3')}>
      <Menu aria-hidden="true" className="size-5" />
      {t('nav.menu')}
    </button>
  );

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('nav.menu')}
      closeLabel={t('nav.close')}
      trigger={menuButton}
    >
      {user && role ? (
        <>
          <nav aria-label={t(`nav.space.${role}`)}>
            <h2 className={sectionTitle}>{t(`nav.space.${role}`)}</h2>
            <RoleMenuList items={items} layout="column" onNavigate={close} />
          </nav>
          <DisplayPreferences />
          <section aria-labelledby="menu-account" className="xl:hidden">
            <h2 id="menu-account" className={sectionTitle}>
              {t('nav.account')}
            </h2>
            <div className="flex flex-col items-start gap-2">
              <UserChip user={user} />
              <SignOutButton onDone={close} />
            </div>
          </section>
        </>
      ) : (
        <>
          <nav aria-label={t('nav.sitePages')}>
            <ul className="flex flex-col gap-1">
              {PUBLIC_LINKS.map(({ to, key }) => (
                <li key={key}>
                  <Link to={to} className={navLink} onClick={close}>
                    {t(`header.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <DisplayPreferences />
          <div className="flex flex-wrap gap-2">
            <Link to="/auth" className={buttonClasses('secondary')} data-button onClick={close}>
              {t('header.login')}
            </Link>
            <Link
              to="/auth?mode=register"
              className={buttonClasses('primary')}
              data-button
              onClick={close}
            >
              {t('header.register')}
            </Link>
          </div>
        </>
      )}
    </Sheet>
  );
}

function DisplayPreferences() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="menu-display">
      <h2 id="menu-display" className={sectionTitle}>
        {t('nav.display')}
      </h2>
      <div className="flex flex-col items-start gap-2">
        <ThemeMenu showLabel />
        <LanguageMenu showLabel />
      </div>
    </section>
  );
}
