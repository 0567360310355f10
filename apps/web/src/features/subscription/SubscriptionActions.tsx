import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatEuros } from '@glucosuivi/domain/subscription/plans';
import type { SubscriptionDto } from '@glucosuivi/domain/subscription/subscription.schemas';
import { formatDay } from '@/components/charts/glucose-display';
import { ErrorWithUpgrade } from '@/components/subscription/UpgradeLink';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/errors';
import { useCancelOrResume, useCheckout, useInvoices } from './subscription-api';

const SECTION = 'flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5';

/** Premium's prices (VAT included, then before VAT and the VAT) and the two ways to pay. */
export function Upgrade({ subscription }: { subscription: SubscriptionDto }) {
  const { t, i18n } = useTranslation('subscription');
  const language = i18n.resolvedLanguage ?? 'fr';
  const checkout = useCheckout();
  const money = (cents: number) => formatEuros(cents, language);
  const monthly = subscription.prices.find((p) => p.interval === 'month');
  const yearly = subscription.prices.find((p) => p.interval === 'year');
  const saving = monthly && yearly ? 12 * monthly.grossCents - yearly.grossCents : 0;
  return (
    <section aria-labelledby="upgrade-title" className={SECTION}>
      <h2 id="upgrade-title" className="text-xl font-semibold">
        {t('upgrade.title')}
      </h2>
      <p>{t('upgrade.intro')}</p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {subscription.prices.map((price) => (
          <li key={price.interval} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4" data-testid={`price-${price.interval}`}>
            <h3 className="font-semibold">{t(`upgrade.${price.interval}`)}</h3>
            <p className="text-xl font-bold text-primary">{t(`upgrade.price.${price.interval}`, { price: money(price.grossCents) })}</p>
            <p className="text-sm text-muted">{t('upgrade.detail', { net: money(price.netCents), vat: money(price.vatCents), rate: price.vatRatePercent })}</p>
            {price.interval === 'year' && saving > 0 ? <p className="text-sm">{t('upgrade.saving', { amount: money(saving) })}</p> : null}
            <Button className="mt-auto self-start" onClick={() => checkout.mutate(price.interval)} disabled={checkout.isPending}>
              {t(`upgrade.choose.${price.interval}`)}
            </Button>
          </li>
        ))}
      </ul>
      {checkout.isError ? <ErrorWithUpgrade error={checkout.error} /> : null}
    </section>
  );
}

/** Cancel at the period's end (premium stays until then) or resume, each after a confirmation. */
export function CancelOrResume({ subscription, lastDay }: { subscription: SubscriptionDto; lastDay: string }) {
  const { t } = useTranslation('subscription');
  const { cancel, resume } = useCancelOrResume();
  const [open, setOpen] = useState(false);
  const action = subscription.cancelAtPeriodEnd ? 'resume' : 'cancel';
  const mutation = action === 'cancel' ? cancel : resume;
  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t(`${action}.done`, { date: lastDay }));
      },
    });
  return (
    <div className="flex flex-col gap-2">
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) mutation.reset();
        }}
        title={t(`${action}.title`)}
        closeLabel={t('dialogClose')}
        trigger={
          <Button variant="secondary" className="self-start">
            {t(`${action}.button`)}
          </Button>
        }
      >
        <p className="mb-4">{t(`${action}.text`, { date: lastDay })}</p>
        {mutation.isError ? (
          <p role="alert" className="mb-3 text-sm text-red-800 dark:text-red-300">
            {errorMessage(mutation.error, t)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={confirm} disabled={mutation.isPending}>
            {t(`${action}.confirm`)}
          </Button>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {t(`${action}.keep`)}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** The invoices of a paid subscription, newest first, from the payment provider. */
export function Invoices({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation('subscription');
  const language = i18n.resolvedLanguage ?? 'fr';
  const invoices = useInvoices();
  const link = 'inline-flex min-h-11 items-center font-semibold text-primary underline';
  return (
    <section aria-labelledby="invoices-title" className={SECTION}>
      <h2 id="invoices-title" className="text-xl font-semibold">
        {t('invoices.title')}
      </h2>
      {invoices.isPending ? (
        <Skeleton className="h-16" />
      ) : invoices.isError ? (
        <p role="alert">{t('invoices.error')}</p>
      ) : invoices.data.invoices.length === 0 ? (
        <p data-testid="invoices-empty">{t('invoices.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="invoices">
          {invoices.data.invoices.map((invoice) => {
            const date = formatDay(invoice.issuedAt, language, timeZone);
            return (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2" data-testid="invoice">
                <span>
                  {date}
                  {invoice.number ? <span className="block text-sm text-muted">{t('invoices.number', { number: invoice.number })}</span> : null}
                </span>
                <span className="font-semibold">{formatEuros(invoice.grossCents, language)}</span>
                <span className="text-sm text-muted">{t(`invoices.status.${invoice.status}`)}</span>
                <span className="flex gap-4">
                  {invoice.url ? (
                    <a href={invoice.url} className={link} rel="noopener noreferrer" target="_blank" aria-label={t('invoices.viewLabel', { date })}>
                      {t('invoices.view')}
                    </a>
                  ) : null}
                  {invoice.pdfUrl ? (
                    <a href={invoice.pdfUrl} className={link} rel="noopener noreferrer" target="_blank" aria-label={t('invoices.pdfLabel', { date })}>
                      {t('invoices.pdf')}
                    </a>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
