import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '@glucosuivi/domain/accounts/accounts.contract';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { clearSessionData, displayNameOf, type SessionUser } from '@/lib/session';

/** Signed-in identity (spec §2): avatar initial and display name. */
export function UserChip({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const name = displayNameOf(user, t('header.user'));
  const initial = name.charAt(0).toLocaleUpperCase();
  return (
    <span className="inline-flex min-w-0 items-center gap-2" data-testid="user-menu">
      <span
        aria-hidden="true"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-on-primary"
      >
        {initial}
      </span>
      <span className="max-w-32 truncate font-medium">
        <span className="sr-only">{t('header.signedInAs')} </span>
        {name}
      </span>
    </span>
  );
}

/** Sign-out (spec §2): back to the site root, nothing of this user left in memory. */
export function SignOutButton({
  iconOnly = false,
  onDone,
}: {
  iconOnly?: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const label = t(pending ? 'header.signingOut' : 'header.signOut');

  const onSignOut = async () => {
    setPending(true);
    try {
      await apiCall(signOut, { body: {} });
    } catch (error) {
      setPending(false);
      toast.error(errorMessage(error, t));
      return;
    }
    setPending(false);
    onDone?.();
    clearSessionData(queryClient);
    void navigate('/', { replace: true });
  };

  return (
    <Button
      variant="ghost"
      onClick={() => void onSignOut()}
      disabled={pending}
      {...(iconOnly ? { 'aria-label': label, title: label } : {})}
    >
      <LogOut aria-hidden="true" className="size-5" />
      {iconOnly ? null : label}
    </Button>
  );
}
