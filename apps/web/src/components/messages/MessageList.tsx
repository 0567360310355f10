import { Check, CheckCheck } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, MessageStatus } from '@glucosuivi/domain/messages/messages.schemas';
import { Button } from '@/components/ui/Button';
import { messageTime } from './format';
import { MessageText } from './MessageText';

// How close to the bottom still counts as "reading the latest" (a new message then scrolls into view).
const NEAR_BOTTOM_PX = 80;

interface MessageListProps {
  /** Oldest first: the newest is at the bottom. */
  messages: readonly Message[];
  counterpartName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  language: string;
  timeZone: string;
  /** The scrolling region, for the caller to know when it is on screen. */
  regionRef?: Ref<HTMLDivElement>;
}

/**
 * The history in a region of its own that scrolls (the page does not jump to it): newest at the
 * bottom, older pages above through "Messages plus anciens", the reading position kept while
 * they load. Each message says who wrote it; mine carry their receipt (Envoyé, Distribué, Lu).
 */
export function MessageList(props: MessageListProps) {
  const { messages, counterpartName, hasOlder, loadingOlder, onLoadOlder, language, timeZone } = props;
  const { t } = useTranslation('messages');
  const scroller = useRef<HTMLDivElement | null>(null);
  const nearBottom = useRef(true);
  // Distance from the bottom to restore once an older page is in (null: follow the newest).
  const keepFromBottom = useRef<number | null>(null);
  const olderButtonFocused = useRef(false);
  const newest = messages[messages.length - 1];
  const oldestId = messages[0]?.id;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (nearBottom.current || newest?.mine) {
      el.scrollTop = el.scrollHeight;
    }
  }, [newest?.id, newest?.mine, oldestId]);

  // The button goes once the first message is in: the focus moves to the history, not to the page.
  useEffect(() => {
    if (!hasOlder && olderButtonFocused.current) scroller.current?.focus();
  }, [hasOlder]);

  const setRef = (el: HTMLDivElement | null) => {
    scroller.current = el;
    const { regionRef } = props;
    if (typeof regionRef === 'function') regionRef(el);
    else if (regionRef) regionRef.current = el;
  };

  return (
    <div
      ref={setRef}
      role="region"
      aria-label={t('conversation.history', { name: counterpartName })}
      tabIndex={0}
      onScroll={(event) => {
        const el = event.currentTarget;
        nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
      }}
      className="flex max-h-[60vh] min-h-48 flex-col gap-3 overflow-y-auto rounded-xl border border-line bg-surface p-3"
      data-testid="message-history"
    >
      {hasOlder ? (
        <Button
          variant="secondary"
          className="self-center"
          aria-disabled={loadingOlder || undefined}
          onFocus={() => (olderButtonFocused.current = true)}
          onBlur={() => (olderButtonFocused.current = false)}
          onClick={() => {
            if (loadingOlder) return;
            const el = scroller.current;
            if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
            onLoadOlder();
          }}
        >
          {loadingOlder ? t('conversation.loadingOlder') : t('conversation.older')}
        </Button>
      ) : messages.length > 0 ? (
        <p className="text-center text-sm text-muted">{t('conversation.start')}</p>
      ) : null}
      {messages.length === 0 ? (
        <p className="m-auto text-center text-muted">{t('conversation.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="message-list">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} counterpartName={counterpartName} language={language} timeZone={timeZone} />
          ))}
        </ol>
      )}
    </div>
  );
}

function MessageItem({ message, counterpartName, language, timeZone }: { message: Message; counterpartName: string; language: string; timeZone: string }) {
  const { t } = useTranslation('messages');
  const mine = message.mine;
  return (
    <li className={`flex max-w-[85%] flex-col gap-1 ${mine ? 'items-end self-end' : 'items-start self-start'}`} data-testid="message" data-mine={mine}>
      <div className={`rounded-2xl px-3 py-2 ${mine ? 'rounded-br-sm bg-primary text-on-primary' : 'rounded-bl-sm border border-line bg-canvas text-fg'}`}>
        <span className="sr-only">{t('conversation.author', { name: mine ? t('conversation.you') : counterpartName })}</span>
        <MessageText text={message.text} />
      </div>
      <p className="flex items-center gap-1 text-xs text-muted">
        <time dateTime={message.createdAt}>{messageTime(message.createdAt, language, timeZone)}</time>
        {mine ? <Receipt status={message.status} /> : null}
      </p>
    </li>
  );
}

const RECEIPT_ICONS: Record<MessageStatus, typeof Check> = { sent: Check, delivered: CheckCheck, read: CheckCheck };

function Receipt({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('messages');
  const Icon = RECEIPT_ICONS[status];
  return (
    <>
      <span aria-hidden="true">·</span>
      <span className={`inline-flex items-center gap-0.5 ${status === 'read' ? 'font-semibold text-primary-strong' : ''}`} data-testid="receipt">
        <Icon aria-hidden="true" className="size-3.5" />
        {t(`status.${status}`)}
      </span>
    </>
  );
}
