import { MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConversationView } from '@/components/messages/ConversationView';
import { useConversations } from '@/components/messages/use-messages';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { ConversationList } from './ConversationList';

/** The open conversation is in the address (?c=<link id>), so the phone's back button and a reload keep it. */
const OPEN_PARAM = 'c';

/**
 * /messages: the patient's conversations, one per care link. On a phone the list and the open
 * conversation are two views (the conversation has a back button); from `lg` they sit side by side.
 */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  useDocumentTitle(t('title'));
  const conversations = useConversations();
  const [params, setParams] = useSearchParams();
  const selected = params.get(OPEN_PARAM);
  // Opened from the list in this visit: the focus follows to the conversation's heading.
  const [openedFromList, setOpenedFromList] = useState(false);
  // Back from a conversation: the focus returns to its line in the list.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    if (!returnTo || selected) return;
    document.querySelector<HTMLElement>(`[data-testid="conversation-item"][data-link-id="${CSS.escape(returnTo)}"]`)?.focus();
    setReturnTo(null);
  }, [returnTo, selected]);

  const body = () => {
    if (conversations.isPending) return <LoadingScreen variant="patient" />;
    if (conversations.isError) {
      return (
        <p role="alert" className="rounded-lg border border-line bg-surface p-4">
          {errorMessage(conversations.error, t)}
        </p>
      );
    }
    const items = conversations.data.items;
    if (items.length === 0) return <EmptyState />;
    return (
      <div className="grid gap-4 lg:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)] lg:items-start">
        <nav aria-label={t('list.label')} className={selected ? 'hidden lg:block' : undefined}>
          <ConversationList
            items={items}
            hrefOf={(c) => ({ search: `?${OPEN_PARAM}=${encodeURIComponent(c.linkId)}` })}
            selectedId={selected}
            onOpen={() => setOpenedFromList(true)}
          />
        </nav>
        <div className={selected ? 'min-w-0' : 'hidden min-w-0 lg:block'}>
          {selected ? (
            <ConversationView
              key={selected}
              linkId={selected}
              focusOnOpen={openedFromList}
              backClassName="lg:hidden"
              onBack={() => {
                setReturnTo(selected);
                setParams({});
              }}
            />
          ) : (
            <p className="rounded-xl border border-dashed border-line-strong p-6 text-center text-muted">{t('list.choose')}</p>
          )}
        </div>
      </div>
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      {body()}
    </div>
  );
}

function EmptyState() {
  const { t } = useTranslation('messages');
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 text-center" data-testid="messages-empty">
      <MessagesSquare aria-hidden="true" className="mx-auto mb-3 size-10 text-primary" />
      <p className="mx-auto max-w-prose">{t('list.empty')}</p>
      <Link to="/profil#care-team" className={buttonClasses('primary', 'mt-4')} data-button>
        {t('list.emptyAction')}
      </Link>
    </section>
  );
}
