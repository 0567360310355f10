import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConversationView } from '@/components/messages/ConversationView';
import { useConversations } from '@/components/messages/use-messages';
import { errorMessage } from '@/lib/errors';

/** The anchor the inbox on /doctor links to. */
export const PATIENT_MESSAGES_ID = 'messages';
const box = 'scroll-mt-4 rounded-2xl border border-line bg-canvas p-4 sm:p-5';

/**
 * The "Messages" region of the professional's patient page: the conversation of their care link
 * (messaging needs no shared category). Reached from the inbox (#messages), it takes the focus.
 */
export function PatientMessages({ patientId }: { patientId: string }) {
  const { t } = useTranslation('messages');
  const { hash } = useLocation();
  const conversations = useConversations();
  const conversation = conversations.data?.items.find((c) => c.counterpart.userId === patientId);
  if (conversation) {
    return (
      <div id={PATIENT_MESSAGES_ID} className={box}>
        <ConversationView linkId={conversation.linkId} title={t('patientRegion.title')} focusOnOpen={hash === `#${PATIENT_MESSAGES_ID}`} />
      </div>
    );
  }
  return (
    <section id={PATIENT_MESSAGES_ID} aria-labelledby="patient-messages-title" className={`${box} flex flex-col gap-3`}>
      <h2 id="patient-messages-title" className="text-xl font-semibold">
        {t('patientRegion.title')}
      </h2>
      {conversations.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : conversations.isError ? (
        <p role="alert">{errorMessage(conversations.error, t)}</p>
      ) : (
        <p className="text-muted">{t('patientRegion.none')}</p>
      )}
    </section>
  );
}
