import { useEffect, useState } from 'react';
import { Check, Minus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ENTITLEMENTS } from '@glucosuivi/domain/subscription/plans';
import type { SubscriptionDto } from '@glucosuivi/domain/subscription/subscription.schemas';
import { formatDay } from '@/components/charts/glucose-display';
import { ErrorWithUpgrade } from '@/components/subscription/UpgradeLink';
import { useSubscription } from '@/components/subscription/use-subscription';
import { Skeleton } from '@/components/ui/Skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { subscriptionKeys } from '@/lib/queries/query-keys';
import { CancelOrResume, Invoices, Upgrade } from './SubscriptionActions';

const SECTION = 'flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5';

/** The last day premium covers: the period ends at the next local midnight, which belongs to the day after. */
export function lastDayOf(periodEnd: string, language: string, timeZone: string): string {
  return formatDay(Date.parse(periodEnd) - 1, language, timeZone);
}

/**
 * /abonnement: the patient's plan and its status, this month's PDF reports, premium's prices with
 * the upgrade, cancelling at the period's end (or resuming), and the invoices.
 */
export function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  useDocumentTitle(t('title'));
  const subscription = useSubscription();
  const { timeZone } = useGlucoseSettings();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-6 sm:px-4">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
        <p className="text-muted">{t('intro')}</p>
      </div>
      {subscription.isPending ? (
        <Skeleton className="h-64" />
      ) : subscription.isError ? (
        <ErrorWithUpgrade error={subscription.error} className="" />
      ) : (
        <>
          <PaymentReturn subscription={subscription.data} />
          <CurrentPlan subscription={subscription.data} timeZone={timeZone} />
          <Usage subscription={subscription.data} />
          {subscription.data.plan === 'free' ? <Upgrade subscription={subscription.data} /> : null}
          <Invoices timeZone={timeZone} />
        </>
      )}
    </div>
  );
}

// After paying, Stripe's webhook may reach the server a moment after the browser comes back.
const CONFIRMATION_POLL_MS = 2000;
const CONFIRMATION_WAIT_MS = 60_000;

/**
 * Back from Stripe's payment page (?paiement=reussi or annule): says so, and until the webhook
 * has made the plan premium, asks the server again every 2 s (for a minute at most).
 */
function PaymentReturn({ subscription }: { subscription: SubscriptionDto }) {
  const { t } = useTranslation('subscription');
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get('paiement');
  const waiting = outcome === 'reussi' && subscription.plan !== 'premium';
  const [since] = useState(() => Date.now());
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (Date.now() - since > CONFIRMATION_WAIT_MS) clearInterval(timer);
      else void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    }, CONFIRMATION_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, since, queryClient]);
  if (outcome !== 'reussi' && outcome !== 'annule') return null;
  const text = outcome === 'annule' ? t('return.canceled') : waiting ? t('return.paid') : t('return.active');
  return (
    <p role="status" className="rounded-2xl border border-line bg-surface p-4 font-semibold" data-testid="payment-return">
      {text}
    </p>
  );
}

function summaryOf(subscription: SubscriptionDto, t: (key: string, options?: Record<string, unknown>) => string, date: string | null): string {
  if (subscription.plan === 'free') return subscription.status === 'expired' && date ? t('summary.expired', { date }) : t('summary.free');
  if (subscription.cancelAtPeriodEnd) return t('summary.canceling', { date });
  if (subscription.status === 'past_due') return t('summary.past_due', { date });
  return subscription.source === 'payment' ? t('summary.renews', { date }) : t('summary.grant', { date });
}

function CurrentPlan({ subscription, timeZone }: { subscription: SubscriptionDto; timeZone: string }) {
  const { t, i18n } = useTranslation('subscription');
  const language = i18n.resolvedLanguage ?? 'fr';
  const end = subscription.currentPeriodEnd ? lastDayOf(subscription.currentPeriodEnd, language, timeZone) : null;
  const premium = subscription.plan === 'premium';
  const status = !subscription.status || !premium ? (subscription.status === 'expired' ? 'expired' : 'free') : subscription.cancelAtPeriodEnd ? 'canceling' : subscription.status;
  const billing = subscription.source === 'admin_grant' ? 'admin_grant' : subscription.interval;
  return (
    <section aria-labelledby="plan-title" className={SECTION} data-testid="current-plan">
      <h2 id="plan-title" className="text-xl font-semibold">
        {t('plan.title')}
      </h2>
      <p>{summaryOf(subscription, t, end)}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t('fields.plan')}</dt>
        <dd data-testid="plan-name">{t(`plan.${subscription.plan}`)}</dd>
        <dt className="font-semibold">{t('fields.status')}</dt>
        <dd>{t(`status.${status}`)}</dd>
        {premium && end ? (
          <>
            <dt className="font-semibold">{t('fields.periodEnd')}</dt>
            <dd>{end}</dd>
          </>
        ) : null}
        {premium && billing ? (
          <>
            <dt className="font-semibold">{t('fields.billing')}</dt>
            <dd>{t(`billing.${billing}`)}</dd>
          </>
        ) : null}
      </dl>
      <h3 className="font-semibold">{t('entitlements.title')}</h3>
      <ul className="flex flex-col gap-1">
        {ENTITLEMENTS.map((entitlement) => {
          const included = subscription.entitlements.includes(entitlement);
          const Icon = included ? Check : Minus;
          return (
            <li key={entitlement} className="flex items-start gap-2">
              <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${included ? 'text-primary' : 'text-muted'}`} />
              <span>
                {t(`entitlements.${entitlement}`)} <span className="text-sm text-muted">({t(included ? 'entitlements.included' : 'entitlements.premiumOnly')})</span>
              </span>
            </li>
          );
        })}
      </ul>
      {premium && end ? <CancelOrResume subscription={subscription} lastDay={end} /> : null}
    </section>
  );
}

function Usage({ subscription }: { subscription: SubscriptionDto }) {
  const { t } = useTranslation('subscription');
  const { used, limit } = subscription.usage.pdfReports;
  return (
    <section aria-labelledby="usage-title" className={SECTION}>
      <h2 id="usage-title" className="text-xl font-semibold">
        {t('usage.title')}
      </h2>
      <p className="text-lg font-semibold" data-testid="pdf-usage">
        {limit === null ? t('usage.pdfUnlimited', { used }) : t('usage.pdf', { used, limit })}
      </p>
      {limit !== null ? (
        <div
          role="progressbar"
          aria-label={t('usage.pdfBar')}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          className="h-2 w-full overflow-hidden rounded-full bg-line/60"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(100, (used / limit) * 100)}%` }} />
        </div>
      ) : null}
      <p className="text-sm text-muted">{t('usage.reset')}</p>
    </section>
  );
}
