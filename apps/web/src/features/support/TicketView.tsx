import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { ApiError, errorMessage } from '@/lib/errors';

interface TicketViewProps<T extends { ticket: { subject: string } }> {
  query: UseQueryResult<T>;
  backLabel: string;
  onBack: () => void;
  testId: string;
  /** Badges and facts under the subject. */
  details: (data: T) => ReactNode;
  /** The conversation and what the reader can do with it. */
  children: (data: T) => ReactNode;
}

/**
 * One ticket opened from a list (the requester's history or the administrators' inbox): a way
 * back, the loading and "not found" states, and the subject as a heading that takes the focus
 * once loaded, so a screen-reader user hears which ticket opened.
 */
export function TicketView<T extends { ticket: { subject: string } }>({ query, backLabel, onBack, testId, details, children }: TicketViewProps<T>) {
  const { t } = useTranslation('support');
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = query.data !== undefined;

  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const backButton = (
    <Button variant="secondary" onClick={onBack} className="self-start">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {backLabel}
    </Button>
  );
  if (query.isPending) return <Skeleton className="h-56" />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.code === 'not_found';
    return (
      <div className="flex flex-col gap-3">
        <p role="alert">{gone ? t('history.notFound') : errorMessage(query.error, t)}</p>
        {backButton}
      </div>
    );
  }
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4" data-testid={testId}>
      {backButton}
      <div className="flex flex-col gap-2">
        <h3 id={titleId} ref={heading} tabIndex={-1} className="text-xl font-semibold wrap-anywhere">
          {query.data.ticket.subject}
        </h3>
        {details(query.data)}
      </div>
      {children(query.data)}
    </article>
  );
}
