import { HeartPulse } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { AlertBadge } from '@/features/alerts/AlertBadge';
import { MAIN_NAVIGATION_ID } from '@/lib/a11y-context';
import { useSession } from '@/lib/session';
import { LanguageMenu } from './LanguageMenu';
import { ThemeMenu } from './ThemeMenu';
import { UserMenu } from './UserMenu';

const navLink = 'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium hover:bg-surface-strong';

export function SiteHeader() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <header className="border-b border-line bg-canvas">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
        <Link to="/" className="inline-flex min-h-11 items-center gap-2 text-lg font-bold" aria-label={t('header.home')}>
          <HeartPulse aria-hidden="true" className="size-6 text-primary" />
          <span>{t('appName')}</span>
        </Link>
        <nav id={MAIN_NAVIGATION_ID} tabIndex={-1} aria-label={t('header.navigation')}>
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <Link to={{ pathname: '/', hash: '#features' }} className={navLink}>
                {t('header.features')}
              </Link>
            </li>
            <li>
              <Link to={{ pathname: '/', hash: '#security' }} className={navLink}>
                {t('header.security')}
              </Link>
            </li>
            <li>
              <Link to="/subscription" className={navLink}>
                {t('header.pricing')}
              </Link>
            </li>
            <li>
              <Link to="/user-guide" className={navLink}>
                {t('header.guide')}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <ThemeMenu />
          <LanguageMenu />
          {user?.userType === 'patient' ? <AlertBadge /> : null}
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <Link to="/auth" className={buttonClasses('ghost')} data-button>
                {t('header.login')}
              </Link>
              <Link to="/auth?mode=register" className={buttonClasses('primary')} data-button>
                {t('header.register')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
