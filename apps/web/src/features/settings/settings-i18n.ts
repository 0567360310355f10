import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type SettingsT = (key: string, options?: Record<string, unknown>) => string;

/**
 * The settings texts live in `common:settingsPage.*` (lib/i18n.ts registers no `settings`
 * namespace yet): `t` reads them by their short key, `rawT` is the app's own `t`.
 */
export function useSettingsT() {
  const { t: rawT, i18n } = useTranslation();
  const t = useCallback<SettingsT>((key, options) => rawT(`settingsPage.${key}`, options ?? {}), [rawT]);
  return { t, rawT, i18n };
}
