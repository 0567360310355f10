import { useTranslation } from 'react-i18next';
import { useConversations } from '@/components/messages/use-messages';
import { errorMessage } from '@/lib/errors';
import { ConversationList } from './ConversationList';

/**
 * The professional's inbox on /doctor: the conversations with at least one message (every care
 * link has one, most are empty), most recent first as the server orders them, each linking to
 * the patient's page at its "Messages" region.
 */
export function ProfessionalInbox() {
  const { t } = useTranslation('messages');
  const conversations = useConversations();
  const items = conversations.data?.items.filter((c) => c.lastMessage || c.unreadCount > 0) ?? [];
  return (
    <section aria-labelledby="messages-inbox-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5" data-testid="messages-inbox">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="messages-inbox-title" className="text-xl font-semibold">
          {t('inbox.title')}
        </h2>
        {conversations.data ? (
          <p className="text-sm text-muted" data-testid="messages-inbox-unread">
            {conversations.data.totalUnread > 0 ? t('unread', { count: conversations.data.totalUnread }) : t('inbox.allRead')}
          </p>
        ) : null}
      </div>
      {conversations.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : conversations.isError ? (
        <p role="alert">{errorMessage(conversations.error, t)}</p>
      ) : items.length === 0 ? (
        <p className="text-muted">{t('inbox.empty')}</p>
      ) : (
        <ConversationList items={items} hrefOf={(c) => ({ pathname: `/doctor/patients/${encodeURIComponent(c.counterpart.userId)}`, hash: '#messages' })} />
      )}
    </section>
  );
}
