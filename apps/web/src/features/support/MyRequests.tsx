import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { SupportTicketSummary } from '@glucosuivi/domain/support/support.schemas';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/errors';
import { useFollowUp, useMyTicket, useMyTickets } from './support-api';
import { ConversationMessages, ReplyBox, StatusBadge, UrgentBadge, formatWhen } from './ticket-ui';
import { TicketView } from './TicketView';

const TICKET_PARAM = 'ticket';

/**
 * "Mes demandes": the signed-in person's tickets under the support form (/support and
 * /doctor-support), and one ticket's conversation with support's answers and a follow-up box.
 * The open ticket is in the URL (`?ticket=<id>`), so the browser's back button closes it.
 */
export function MyRequests() {
  const { t } = useTranslation('support');
  const [params, setParams] = useSearchParams();
  const selected = params.get(TICKET_PARAM);
  // The ticket we came back from gets the focus back in the list.
  const returnTo = useRef<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // The answer e-mail links to `#my-requests`: the page is loaded lazily, after the browser looked for the anchor.
  useEffect(() => {
    if (hash === '#my-requests') section.current?.scrollIntoView?.();
  }, [hash]);

  const open = (id: string) => {
    returnTo.current = id;
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(TICKET_PARAM, id);
      return next;
    });
  };
  const back = () =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete(TICKET_PARAM);
      return next;
    });

  return (
    <section ref={section} id="my-requests" aria-labelledby="my-requests-title" className="mt-12 flex scroll-mt-20 flex-col gap-4">
      <h2 id="my-requests-title" className="text-2xl font-bold">
        {t('history.title')}
      </h2>
      {selected ? <MyTicket id={selected} onBack={back} /> : <MyTicketList onOpen={open} returnTo={returnTo} />}
    </section>
  );
}

function MyTicketList({ onOpen, returnTo }: { onOpen: (id: string) => void; returnTo: { current: string | null } }) {
  const { t, i18n } = useTranslation('support');
  const tickets = useMyTickets();
  const items = tickets.data?.items;

  useEffect(() => {
    if (!items || !returnTo.current) return;
    document.querySelector<HTMLElement>(`[data-ticket-id="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  }, [items, returnTo]);

  if (tickets.isPending) return <Skeleton className="h-32" />;
  if (tickets.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p>{errorMessage(tickets.error, t)}</p>
        <Button variant="secondary" onClick={() => void tickets.refetch()}>
          {t('history.retry')}
        </Button>
      </div>
    );
  if (!items?.length) return <p data-testid="my-requests-empty">{t('history.empty')}</p>;
  return (
    <>
      <p className="text-muted">{t('history.intro')}</p>
      <ul className="flex flex-col gap-2" data-testid="my-requests-list">
        {items.map((ticket) => (
          <li key={ticket.id}>
            <button
              type="button"
              onClick={() => onOpen(ticket.id)}
              data-ticket-id={ticket.id}
              className="flex min-h-11 w-full items-center gap-3 rounded-lg border border-line bg-surface p-3 text-left hover:bg-surface-strong"
            >
              <TicketLine ticket={ticket} language={i18n.language} />
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function TicketLine({ ticket, language }: { ticket: SupportTicketSummary; language: string }) {
  const { t } = useTranslation('support');
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-1">
      <span className="font-semibold wrap-anywhere">{ticket.subject}</span>
      <span className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={ticket.status} viewer="requester" />
        {ticket.type === 'urgent' ? <UrgentBadge /> : <span>{t(`types.${ticket.type}`)}</span>}
        <span className="text-muted">
          {t('history.updated', { date: formatWhen(ticket.updatedAt, language) })}
        </span>
        {ticket.replyCount > 0 ? <span className="text-muted">{t('history.replies', { count: ticket.replyCount })}</span> : null}
      </span>
    </span>
  );
}

function MyTicket({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('support');
  const ticket = useMyTicket(id);
  const followUp = useFollowUp(id);
  return (
    <TicketView
      query={ticket}
      backLabel={t('history.back')}
      onBack={onBack}
      testId="my-ticket"
      details={({ ticket: summary }) => (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge status={summary.status} viewer="requester" />
          {summary.type === 'urgent' ? <UrgentBadge /> : <span>{t(`types.${summary.type}`)}</span>}
          <span className="text-muted">{t('history.reference', { reference: summary.reference })}</span>
        </p>
      )}
    >
      {({ ticket: summary, messages }) => (
        <>
          <ConversationMessages messages={messages} viewer="requester" />
          {summary.status === 'closed' ? (
            <p className="rounded-lg border border-line bg-surface p-3">{t('conversation.closed')}</p>
          ) : (
            <ReplyBox
              label={t('conversation.followUpLabel')}
              hint={summary.status === 'answered' ? t('conversation.followUpReopens') : undefined}
              submitLabel={t('conversation.followUpSend')}
              sentLabel={t('conversation.followUpSent')}
              send={followUp}
            />
          )}
        </>
      )}
    </TicketView>
  );
}
