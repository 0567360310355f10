import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/components/charts/glucose-display';
import { Skeleton } from '@/components/ui/Skeleton';
import { appointmentError, useSatisfaction } from './appointments-api';

/**
 * The professional dashboard's satisfaction figure (issue 16): over the last 90 days, the count;
 * from the threshold on, the average, the distribution and recent comments, never who gave them.
 */
export function SatisfactionCard() {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.resolvedLanguage ?? 'fr';
  const query = useSatisfaction();

  let body;
  if (query.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (query.isError) body = <p role="alert">{appointmentError(query.error, t)}</p>;
  else {
    const s = query.data;
    const shown = s.average !== null && s.distribution !== null;
    const most = Math.max(1, ...(s.distribution ?? []));
    body = (
      <>
        <p className="text-sm text-muted">{t('satisfaction.window', { count: s.windowDays })}</p>
        {shown ? (
          <p className="flex flex-wrap items-baseline gap-2">
            <span className="text-3xl font-bold" data-testid="satisfaction-average">
              {t('satisfaction.average', { value: formatNumber(s.average!, language, 1) })}
            </span>
            <span>{t('satisfaction.count', { count: s.count })}</span>
          </p>
        ) : (
          <p data-testid="satisfaction-few">
            {t('satisfaction.count', { count: s.count })} {t('satisfaction.tooFew', { count: s.minRatings })}
          </p>
        )}
        {shown ? (
          <ul className="flex flex-col gap-1" aria-label={t('satisfaction.distribution')}>
            {[5, 4, 3, 2, 1].map((stars) => {
              const n = s.distribution![stars - 1] ?? 0;
              return (
                <li key={stars} className="grid grid-cols-[3rem_minmax(0,1fr)_2.5rem] items-center gap-2 text-sm">
                  <span className="sr-only">{t('satisfaction.row', { count: stars, n })}</span>
                  <span aria-hidden="true" className="flex items-center gap-1">
                    {stars}
                    <Star className="size-4 fill-amber-500 text-amber-700 dark:text-amber-300" />
                  </span>
                  <span aria-hidden="true" className="h-3 rounded-full bg-surface-strong">
                    <span className="block h-3 rounded-full bg-primary" style={{ width: `${(n / most) * 100}%` }} />
                  </span>
                  <span aria-hidden="true" className="text-right tabular-nums">
                    {n}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
        {s.comments.length > 0 ? (
          <>
            <h3 className="font-semibold">{t('satisfaction.comments')}</h3>
            <ul className="flex flex-col gap-2">
              {s.comments.map((comment, i) => (
                <li key={i} className="rounded-lg border border-line bg-surface p-2 whitespace-pre-line wrap-anywhere">
                  {comment}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="satisfaction-title" className="flex flex-col gap-2 rounded-2xl border border-line bg-canvas p-4 sm:p-5" data-testid="satisfaction-card">
      <h2 id="satisfaction-title" className="flex items-center gap-2 text-xl font-semibold">
        <Star aria-hidden="true" className="size-5" />
        {t('satisfaction.title')}
      </h2>
      {body}
    </section>
  );
}
