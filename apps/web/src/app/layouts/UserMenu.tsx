import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '@glucosuivi/domain/accounts/accounts.contract';
import { LayoutDashboard, LogOut, Settings } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { dashboardFor, displayNameOf, isAdmin, isProfessional, clearSessionData, type SessionUser } from '@/lib/session';

/** Signed-in part of the header (spec §2): avatar initial, name, Dashboard and sign-out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const name = displayNameOf(user, t('header.user'));
  const initial = name.charAt(0).toLocaleUpperCase();
  const settingsPath = isProfessional(user) || isAdmin(user) ? '/doctor-settings' : '/settings';

  const onSignOut = async () => {
    setPending(true);
    try {
      await apiCall(signOut, { body: {} });
    } catch (error) {
      setPending(false);
      toast.error(errorMessage(error, t));
      return;
    }
    // Nothing of this user stays in memory; the session is known to be empty.
    setPending(false);
    clearSessionData(queryClient);
    void navigate('/', { replace: true });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="inline-flex items-center gap-2" data-testid="user-menu">
        <span
          aria-hidden="true"
          className="inline-flex size-9 items-center justify-center rounded-full bg-primary font-bold text-on-primary"
        >
          {initial}
        </span>
        <span className="max-w-40 truncate font-medium">
          <span className="sr-only">{t('header.signedInAs')} </span>
          {name}
        </span>
      </span>
      <Link to={dashboardFor(user)} className={buttonClasses('secondary')} data-button>
        <LayoutDashboard aria-hidden="true" className="size-4" />
        {t('header.dashboard')}
      </Link>
      <Link to={settingsPath} className={buttonClasses('ghost')} data-button aria-label={t('header.settings')}>
        <Settings aria-hidden="true" className="size-5" />
      </Link>
      <Button variant="ghost" onClick={() => void onSignOut()} disabled={pending}>
        <LogOut aria-hidden="true" className="size-4" />
        {t(pending ? 'header.signingOut' : 'header.signOut')}
      </Button>
    </div>
  );
}
