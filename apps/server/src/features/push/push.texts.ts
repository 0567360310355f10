import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { PushPayload } from '@glucosuivi/domain/push/push.schemas';

/**
 * The test notification sent once push is enabled (spec §4), in the user's language. It shows on
 * a lock screen like any other: it says what the next ones will be, nothing personal.
 */
const TEST_TEXTS: Record<Language, { title: string; body: string }> = {
  fr: {
    title: 'Notifications activées',
    body: "Vos rappels et alertes GlucoSuivi s'afficheront ainsi sur cet appareil.",
  },
  en: {
    title: 'Notifications on',
    body: 'Your GlucoSuivi reminders and alerts will appear like this on this device.',
  },
  es: {
    title: 'Notificaciones activadas',
    body: 'Sus recordatorios y alertas de GlucoSuivi aparecerán así en este dispositivo.',
  },
};

/** Shown again, the test replaces the previous one (same tag) instead of piling up. */
export const TEST_PUSH_TAG = 'push-test';

export function testPushPayload(language: Language): PushPayload {
  return { ...TEST_TEXTS[language], url: '/settings', tag: TEST_PUSH_TAG };
}
