import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/Select';
import { THEME_MODES, type ThemeMode } from '@/lib/theme';
import { useTheme } from '@/lib/theme-context';

export function ThemeMenu({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const { mode, setMode } = useTheme();
  return (
    <Select<ThemeMode>
      label={t('theme.label')}
      hideLabel={!showLabel}
      value={mode}
      onChange={setMode}
      options={THEME_MODES.map((value) => ({ value, label: t(`theme.modes.${value}`) }))}
    />
  );
}
