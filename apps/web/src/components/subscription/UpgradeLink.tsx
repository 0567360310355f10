import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isPremiumRequired } from '@/lib/errors';

/** The patient's subscription page, where premium is offered. */
export const SUBSCRIPTION_PATH = '/abonnement';

/** "Voir l'offre Premium": the link every premium refusal carries. */
export function UpgradeLink() {
  const { t } = useTranslation('subscription');
  return (
    <Link to={SUBSCRIPTION_PATH} className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4">
      {t('upgradeLink')}
    </Link>
  );
}

/**
 * An error said in words (lib/errors), announced; a refusal for lack of premium
 * (`premium_required`) also links to /abonnement.
 */
export function ErrorWithUpgrade({ error, className = 'text-sm text-red-800 dark:text-red-300' }: { error: unknown; className?: string }) {
  const { t } = useTranslation('subscription');
  return (
    <div role="alert" className={`flex flex-wrap items-center gap-x-2 ${className}`} data-testid={isPremiumRequired(error) ? 'premium-required' : undefined}>
      <p>{errorMessage(error, t)}</p>
      {isPremiumRequired(error) ? <UpgradeLink /> : null}
    </div>
  );
}
