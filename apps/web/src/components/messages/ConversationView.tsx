import { ArrowLeft, Lock } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@glucosuivi/domain/messages/messages.schemas';
import { Button } from '@/components/ui/Button';
import { createAnnouncer } from '@/lib/a11y';
import { errorMessage } from '@/lib/errors';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { Composer } from './Composer';
import { personName } from './format';
import { MessageList } from './MessageList';
import { useOnScreen } from './use-on-screen';
import { chronological, useConversationPages, useReceipts, useSendMessage } from './use-messages';

// What a screen reader hears of a new message: its beginning, like the list's preview.
const ANNOUNCED_LENGTH = 140;

export interface ConversationViewProps {
  linkId: string;
  /** The heading; the other person's name by default. */
  title?: string;
  headingLevel?: 2 | 3;
  /** A "back to the list" button before the heading (the phone's second view). */
  onBack?: () => void;
  /** Where the back button shows (e.g. "lg:hidden" when the list is beside the conversation). */
  backClassName?: string;
  /** Moves the focus to the heading once loaded (opened from a list). */
  focusOnOpen?: boolean;
}

/**
 * One conversation: its history (newest at the bottom, older pages on demand), the composer, or
 * the read-only notice once the care link has ended. Received messages are acknowledged as
 * delivered when fetched and as read only while the history is on screen; a new one is announced
 * politely without moving the focus.
 */
export function ConversationView({ linkId, title, headingLevel = 2, onBack, backClassName = '', focusOnOpen = false }: ConversationViewProps) {
  const { t, i18n } = useTranslation('messages');
  const language = i18n.resolvedLanguage ?? 'fr';
  const { timeZone } = useGlucoseSettings();
  const headingId = useId();
  const pages = useConversationPages(linkId);
  const send = useSendMessage(linkId);
  const [history, setHistory] = useState<HTMLDivElement | null>(null);
  const onScreen = useOnScreen(history);
  const messages = chronological(pages.data);
  useReceipts(linkId, messages, onScreen);
  const conversation = pages.data?.pages[0]?.conversation;
  const loaded = Boolean(conversation);
  const name = conversation ? personName(conversation.counterpart) : '';
  const announcement = useNewMessageAnnouncer(messages, name, loaded);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen && loaded) heading.current?.focus();
  }, [focusOnOpen, loaded]);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3" data-testid="conversation" data-link-id={linkId}>
      <div className="flex flex-wrap items-center gap-2">
        {onBack ? (
          <Button variant="secondary" className={backClassName} onClick={onBack}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('conversation.back')}
          </Button>
        ) : null}
        <Heading id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold">
          {title ?? (name || t('title'))}
        </Heading>
        {conversation && !conversation.canSend ? <ReadOnlyTag /> : null}
      </div>
      {pages.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : pages.isError ? (
        <p role="alert" className="rounded-lg border border-line bg-surface p-4">
          {errorMessage(pages.error, t)}
        </p>
      ) : (
        <>
          <MessageList
            messages={messages}
            counterpartName={name}
            hasOlder={pages.hasNextPage}
            loadingOlder={pages.isFetchingNextPage}
            onLoadOlder={() => void pages.fetchNextPage()}
            language={language}
            timeZone={timeZone}
            regionRef={setHistory}
          />
          {conversation?.canSend ? (
            <Composer
              send={(text) => send.mutateAsync(text)}
              pending={send.isPending}
              serverError={send.isError ? errorMessage(send.error, t) : null}
            />
          ) : (
            <>
              {send.isError ? (
                <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                  {errorMessage(send.error, t)}
                </p>
              ) : null}
              <p className="rounded-lg border border-line bg-surface p-3" data-testid="conversation-read-only">
                {t('conversation.readOnly')}
              </p>
            </>
          )}
        </>
      )}
      <p role="status" aria-live="polite" className="sr-only" data-testid="conversation-announcer">
        {announcement}
      </p>
    </section>
  );
}

function ReadOnlyTag() {
  const { t } = useTranslation('messages');
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-line-strong px-2 py-0.5 text-sm font-medium" data-testid="read-only-tag">
      <Lock aria-hidden="true" className="size-3.5" />
      {t('readOnly')}
    </span>
  );
}

/**
 * The sentence for the live region: a message that arrives from the other person ("Nouveau
 * message de …"), or mine once stored ("Message envoyé."); nothing for the history first shown
 * or older pages. Cleared after a second, like every announcement of the app.
 */
function useNewMessageAnnouncer(messages: readonly Message[], name: string, loaded: boolean): string {
  const { t } = useTranslation('messages');
  const [message, setMessage] = useState('');
  const [announcer] = useState(() => createAnnouncer(setMessage));
  useEffect(() => () => announcer.dispose(), [announcer]);
  const newest = messages[messages.length - 1];
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!loaded) return;
    const id = newest?.id ?? null;
    const before = previous.current;
    previous.current = id;
    // undefined: the first history shown, which is not news.
    if (before === undefined || !newest || id === before) return;
    announcer.announce(
      newest.mine ? t('conversation.sentAnnounce') : t('conversation.newMessage', { name, text: newest.text.slice(0, ANNOUNCED_LENGTH) }),
    );
  }, [loaded, newest, name, announcer, t]);
  return message;
}
