import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { grantPremium } from '@glucosuivi/domain/subscription/subscription.contract';
import type { AdminAccount } from '@glucosuivi/domain/admin/admin.schemas';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { inputClasses } from '@/components/ui/TextField';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';

/** YYYY-MM-DD of the reader's calendar, `days` from today. */
function localDate(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

/**
 * Premium granted by hand (a server without a payment provider, a goodwill gesture): through a day
 * the administrator picks, recorded in the audit by the server. Patients only.
 */
export function GrantPremiumDialog({ account }: { account: AdminAccount }) {
  const { t, i18n } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const grant = useMutation({
    mutationFn: (until: string) => apiCall(grantPremium, { params: { id: account.id }, body: { until } }),
    onSuccess: (_result, until) => {
      setOpen(false);
      // A calendar day, not an instant: formatted as the day it names.
      const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${until}T00:00:00Z`));
      toast.success(t('premium.granted', { name: account.name, date }));
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) grant.reset();
      }}
      trigger={
        <Button variant="ghost" aria-label={t('premium.grantLabel', { name: account.name })}>
          {t('premium.grant')}
        </Button>
      }
      title={t('premium.title', { name: account.name })}
      description={t('premium.text')}
      closeLabel={t('close')}
    >
      <GrantForm pending={grant.isPending} serverError={grant.isError ? errorMessage(grant.error, t) : null} onSubmit={(until) => grant.mutate(until)} onCancel={() => setOpen(false)} />
    </Dialog>
  );
}

function GrantForm({ pending, serverError, onSubmit, onCancel }: { pending: boolean; serverError: string | null; onSubmit: (until: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [until, setUntil] = useState(localDate(30));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (until) onSubmit(until);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-medium">
          {t('premium.until')}
        </label>
        <input id={id} type="date" required min={localDate(0)} value={until} onChange={(event) => setUntil(event.target.value)} className={inputClasses} />
      </div>
      {serverError ? <p role="alert">{serverError}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('saving') : t('premium.submit')}
        </Button>
      </div>
    </form>
  );
}
