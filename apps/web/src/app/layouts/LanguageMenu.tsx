import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/Select';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@/lib/i18n';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return (
    <Select<Language>
      label={t('language.label')}
      hideLabel
      value={current}
      onChange={(lng) => void i18n.changeLanguage(lng)}
      // Each language is named in itself, so it can be found whatever the current one.
      options={LANGUAGES.map((value) => ({ value, label: t(`language.names.${value}`) }))}
    />
  );
}
