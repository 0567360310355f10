import { useTranslation } from 'react-i18next';

/**
 * A placeholder the size of the content being loaded: says "loading" to assistive technology
 * (aria-busy, status) instead of an empty-state text that would be wrong until the data arrives.
 */
export function Skeleton({ className = 'h-48', testId }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className={`animate-pulse rounded-lg bg-line/50 motion-reduce:animate-none ${className}`} data-testid={testId ?? 'skeleton'}>
      <span className="sr-only">{t('loading.default')}</span>
    </div>
  );
}
