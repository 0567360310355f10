import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChevronRight, Search } from 'lucide-react';
import {
  SUPPORT_REQUEST_TYPES,
  SUPPORT_TICKET_STATUSES,
  type AdminSupportTicket,
  type SupportStatusCounts,
} from '@glucosuivi/domain/support/support.schemas';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { Skeleton } from '@/components/ui/Skeleton';
import { inputClasses } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/errors';
import { useAnswer, useInbox, useInboxTicket, useSetStatus, type InboxFilter } from './support-api';
import { ConversationMessages, ReplyBox, StatusBadge, UrgentBadge, formatWhen } from './ticket-ui';
import { TicketView } from './TicketView';

const TICKET_PARAM = 'ticket';

/**
 * The administrators' support inbox (a section of /admin, composed by app/routes.tsx): filters by
 * status and type with the counts, a search, urgent tickets first; a ticket opens its conversation
 * with the answer box and the status buttons. The open ticket is in the URL beside the section.
 */
export function AdminTicketInbox() {
  const [params, setParams] = useSearchParams();
  const selected = params.get(TICKET_PARAM);
  const [filter, setFilter] = useState<InboxFilter>({ status: 'all', type: 'all', q: '' });
  const returnTo = useRef<string | null>(null);

  const setTicket = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set(TICKET_PARAM, id);
      else next.delete(TICKET_PARAM);
      return next;
    });

  return selected ? (
    <InboxTicket id={selected} onBack={() => setTicket(null)} />
  ) : (
    <InboxList
      filter={filter}
      onFilter={setFilter}
      returnTo={returnTo}
      onOpen={(id) => {
        returnTo.current = id;
        setTicket(id);
      }}
    />
  );
}

interface InboxListProps {
  filter: InboxFilter;
  onFilter: (filter: InboxFilter) => void;
  onOpen: (id: string) => void;
  returnTo: { current: string | null };
}

function InboxList({ filter, onFilter, onOpen, returnTo }: InboxListProps) {
  const { t } = useTranslation('support');
  const inbox = useInbox(filter);
  const items = inbox.data?.items;

  useEffect(() => {
    if (!items || !returnTo.current) return;
    document.querySelector<HTMLElement>(`[data-ticket-id="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  }, [items, returnTo]);

  return (
    <div className="flex flex-col gap-4" data-testid="ticket-inbox">
      <InboxFilters filter={filter} onFilter={onFilter} counts={inbox.data?.counts} />
      {inbox.isPending ? (
        <Skeleton className="h-48" />
      ) : inbox.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>{errorMessage(inbox.error, t)}</p>
          <Button variant="secondary" onClick={() => void inbox.refetch()}>
            {t('history.retry')}
          </Button>
        </div>
      ) : !items?.length ? (
        <p data-testid="ticket-inbox-empty">{t('inbox.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('inbox.listLabel')} data-testid="ticket-inbox-list">
          {items.map((ticket) => (
            <li key={ticket.id}>
              <button
                type="button"
                onClick={() => onOpen(ticket.id)}
                data-ticket-id={ticket.id}
                className="flex min-h-11 w-full items-center gap-3 rounded-lg border border-line bg-surface p-3 text-left hover:bg-surface-strong"
              >
                <InboxLine ticket={ticket} />
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function InboxFilters({ filter, onFilter, counts }: { filter: InboxFilter; onFilter: (f: InboxFilter) => void; counts: SupportStatusCounts | undefined }) {
  const { t } = useTranslation('support');
  const searchId = useId();
  const [q, setQ] = useState(filter.q);
  const total = counts ? counts.open + counts.answered + counts.closed : undefined;
  const label = (name: string, count: number | undefined) => (count === undefined ? name : t('inbox.withCount', { name, count }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter({ ...filter, q });
  };
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={t('inbox.statusFilter')} className="flex flex-wrap gap-2">
        {(['all', ...SUPPORT_TICKET_STATUSES] as const).map((status) => (
          <Button
            key={status}
            variant={filter.status === status ? 'primary' : 'secondary'}
            aria-pressed={filter.status === status}
            onClick={() => onFilter({ ...filter, status })}
          >
            {status === 'all' ? label(t('inbox.all'), total) : label(t(`inbox.statuses.${status}`), counts?.[status])}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t('form.type')}
          value={filter.type}
          onChange={(type) => onFilter({ ...filter, type })}
          options={[{ value: 'all' as const, label: t('inbox.allTypes') }, ...SUPPORT_REQUEST_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))]}
        />
        <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-medium">
              {t('inbox.search')}
            </label>
            <p id={`${searchId}-hint`} className="text-sm text-muted">
              {t('inbox.searchHint')}
            </p>
            <input id={searchId} type="search" value={q} maxLength={200} onChange={(e) => setQ(e.target.value)} aria-describedby={`${searchId}-hint`} className={inputClasses} />
          </div>
          <Button type="submit" variant="secondary" aria-label={t('inbox.searchSubmit')}>
            <Search aria-hidden="true" className="size-4" />
          </Button>
        </form>
      </div>
    </div>
  );
}

function InboxLine({ ticket }: { ticket: AdminSupportTicket }) {
  const { t, i18n } = useTranslation('support');
  const when = formatWhen(ticket.updatedAt, i18n.language);
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-1">
      <span className="flex flex-wrap items-center gap-2">
        {ticket.type === 'urgent' ? <UrgentBadge /> : null}
        <span className="font-semibold wrap-anywhere">{ticket.subject}</span>
      </span>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <StatusBadge status={ticket.status} viewer="support" />
        {ticket.type === 'urgent' ? null : <span>{t(`types.${ticket.type}`)}</span>}
        <span>{t(`inbox.kinds.${ticket.kind}`)}</span>
        <span className="wrap-anywhere">{ticket.email}</span>
        <span className="text-muted">{ticket.status === 'open' ? t('inbox.waitingSince', { date: when }) : t('history.updated', { date: when })}</span>
        <span className="text-muted">{t('history.reference', { reference: ticket.reference })}</span>
      </span>
    </span>
  );
}

function InboxTicket({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation('support');
  const ticket = useInboxTicket(id);
  const answer = useAnswer(id);
  const languageOf = (summary: AdminSupportTicket) => t(`inbox.languages.${summary.language}`);
  return (
    <TicketView
      query={ticket}
      backLabel={t('inbox.back')}
      onBack={onBack}
      testId="inbox-ticket"
      details={({ ticket: summary }) => (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <StatusBadge status={summary.status} viewer="support" />
            {summary.type === 'urgent' ? <UrgentBadge /> : <span>{t(`types.${summary.type}`)}</span>}
          </p>
          <dl className="grid min-w-0 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="font-medium">{t('inbox.from')}</dt>
            <dd className="wrap-anywhere">
              {summary.email} · {t(`inbox.kinds.${summary.kind}`)}
            </dd>
            <dt className="font-medium">{t('inbox.referenceLabel')}</dt>
            <dd>{summary.reference}</dd>
            <dt className="font-medium">{t('inbox.received')}</dt>
            <dd>{formatWhen(summary.createdAt, i18n.language)}</dd>
            <dt className="font-medium">{t('inbox.answerLanguage')}</dt>
            <dd>{languageOf(summary)}</dd>
          </dl>
        </>
      )}
    >
      {({ ticket: summary, messages }) => (
        <>
          <ConversationMessages messages={messages} viewer="support" />
          <ReplyBox
            label={t('inbox.answerLabel')}
            hint={t(summary.kind === 'contact' ? 'inbox.answerHintContact' : 'inbox.answerHint', { language: languageOf(summary) })}
            submitLabel={t('inbox.answerSend')}
            sentLabel={t('inbox.answerSent')}
            send={answer}
          />
          <StatusActions id={id} current={summary.status} />
        </>
      )}
    </TicketView>
  );
}

/** The status as toggle buttons (all three stay, so the focus stays on the one pressed); the change is announced. */
function StatusActions({ id, current }: { id: string; current: AdminSupportTicket['status'] }) {
  const { t } = useTranslation('support');
  const setStatus = useSetStatus(id);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={t('inbox.statusActions')} className="flex flex-wrap gap-2">
        {SUPPORT_TICKET_STATUSES.map((status) => (
          <Button
            key={status}
            variant={status === current ? 'primary' : 'secondary'}
            aria-pressed={status === current}
            disabled={setStatus.isPending && status !== current}
            onClick={() => {
              if (status === current) return;
              setDone(null);
              setStatus.mutate(status, { onSuccess: () => setDone(t('inbox.statusDone', { status: t(`inbox.statuses.${status}`) })) });
            }}
          >
            {t(`inbox.statuses.${status}`)}
          </Button>
        ))}
      </div>
      <div role="status" aria-live="polite">
        {done ? <p className="font-medium">{done}</p> : null}
      </div>
      {setStatus.isError ? (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {errorMessage(setStatus.error, t)}
        </p>
      ) : null}
    </div>
  );
}
