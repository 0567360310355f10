import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import type { Conversation } from '@glucosuivi/domain/messages/messages.schemas';
import { messageTime, personName } from '@/components/messages/format';
import { UnreadBadge } from '@/components/messages/UnreadBadge';
import { useGlucoseSettings } from '@/lib/queries/patient-data';

interface ConversationListProps {
  items: readonly Conversation[];
  /** Where each conversation opens. */
  hrefOf: (conversation: Conversation) => To;
  selectedId?: string | null;
  onOpen?: (conversation: Conversation) => void;
}

/**
 * Conversations as links, most recent first: the other person's name, the beginning of the last
 * message, when, the unread count and, for an ended care link, "Lecture seule". The open one is
 * marked aria-current.
 */
export function ConversationList({ items, hrefOf, selectedId, onOpen }: ConversationListProps) {
  const { t, i18n } = useTranslation('messages');
  const language = i18n.resolvedLanguage ?? 'fr';
  const { timeZone } = useGlucoseSettings();
  return (
    <ul className="flex flex-col gap-2" data-testid="conversation-list">
      {items.map((conversation) => {
        const last = conversation.lastMessage;
        const revoked = conversation.linkStatus === 'revoked';
        const unread = conversation.unreadCount > 0;
        return (
          <li key={conversation.linkId}>
            <Link
              to={hrefOf(conversation)}
              onClick={() => onOpen?.(conversation)}
              aria-current={conversation.linkId === selectedId ? 'true' : undefined}
              data-link-id={conversation.linkId}
              data-testid="conversation-item"
              className="flex min-h-11 flex-col gap-1 rounded-xl border border-line bg-canvas p-3 hover:bg-surface-strong aria-[current=true]:border-2 aria-[current=true]:border-primary aria-[current=true]:bg-surface"
            >
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className={`min-w-0 truncate ${unread ? 'font-bold' : 'font-semibold'}`}>{personName(conversation.counterpart)}</span>
                {revoked ? (
                  <span className="inline-flex items-center gap-1 rounded-full border border-line-strong px-2 text-xs font-medium">
                    <Lock aria-hidden="true" className="size-3" />
                    {t('readOnly')}
                  </span>
                ) : null}
                <UnreadBadge count={conversation.unreadCount} />
                {last ? (
                  <time dateTime={last.createdAt} className="ml-auto text-xs text-muted">
                    {messageTime(last.createdAt, language, timeZone)}
                  </time>
                ) : null}
              </span>
              <span className="line-clamp-2 text-sm break-words text-muted [overflow-wrap:anywhere]">
                {last ? (last.mine ? t('list.mine', { text: last.preview }) : last.preview) : t('list.noMessage')}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
