import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/Select';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@/lib/i18n';
import { apiCall } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { updateSettings } from '@glucosuivi/domain/settings/settings.contract';

export function LanguageMenu({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const change = (lng: Language) => {
    void i18n.changeLanguage(lng);
    // A signed-in person's choice is their account's language (it wins on their next visit).
    if (user) {
      void apiCall(updateSettings, { body: { language: lng } })
        .then(() => queryClient.invalidateQueries({ queryKey: ['settings'] }))
        .catch(() => undefined);
    }
  };
  return (
    <Select<Language>
      label={t('language.label')}
      hideLabel={!showLabel}
      value={current}
      onChange={change}
      // Each language is named in itself, so it can be found whatever the current one.
      options={LANGUAGES.map((value) => ({ value, label: t(`language.names.${value}`) }))}
    />
  );
}
