import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';

/**
 * A signed-in person's account language (`user_settings.language`) wins over the browser's last
 * choice — once per person and page load, when their session first resolves. Applying it only
 * once is what lets the settings page and the language menu change it afterwards without being
 * overridden by a session answer that is a moment behind. An explicit `?lng=` in the address
 * still wins: it is a link someone chose to open in that language.
 */
export function useAccountLanguage() {
  const { i18n } = useTranslation();
  const { user } = useSession();
  const appliedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user || appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (new URLSearchParams(window.location.search).has('lng')) return;
    if (isLanguage(user.language) && user.language !== i18n.resolvedLanguage) void i18n.changeLanguage(user.language);
  }, [user, i18n]);
}
