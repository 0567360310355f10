import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { useSession } from '@/lib/session';

/** A professional without two-factor sign-in is asked to turn it on (professional pages only). */
export function TwoFactorBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user || user.userType !== 'doctor' || user.twoFactorEnabled || pathname === '/doctor-settings') return null;
  return (
    <aside
      aria-label={t('twoFactorBanner.label')}
      className="mx-3 mt-3 flex max-w-6xl flex-wrap items-center justify-between gap-2 rounded-xl border-2 border-amber-700 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:mx-auto sm:mt-4 sm:gap-3 sm:px-4 sm:py-3 sm:text-base dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="flex items-center gap-2">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        {t('twoFactorBanner.text')}
      </p>
      <Link to="/doctor-settings#two-factor" className={buttonClasses('primary')} data-button>
        {t('twoFactorBanner.action')}
      </Link>
    </aside>
  );
}
