import type { SettingsPatch, UserSettings } from '@glucosuivi/domain/settings/settings.schemas';
import { useRef, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Select } from '@/components/ui/Select';
import { StatusMessage } from '@/components/ui/StatusMessage';
import { Switch } from '@/components/ui/Switch';
import { useDocumentTitle } from '@/lib/document-title';
import { disablePushOnThisBrowser, enablePushOnThisBrowser, requestTestNotification } from '@/lib/push/web-push';
import { ApiError } from '@/lib/errors';
import { LANGUAGES, isLanguage, type Language } from '@/lib/i18n';
import { useSession, type SessionUser } from '@/lib/session';
import { useTheme } from '@/lib/theme-context';
import { AccountSection } from './AccountSection';
import { SessionsSection } from './SessionsSection';
import { TIMEZONES } from './settings-api';
import { TwoFactorSetting } from './TwoFactorDialog';
import { useSettingsQuery, useUpdateSetting } from './use-settings';
import { useSettingsT } from './settings-i18n';

type BooleanSetting = 'notificationsPush' | 'emailAlerts' | 'biometricAuth' | 'dataSharing' | 'locationAccess' | 'dataSync' | 'autoBackup';

/** Saves one change; `revert` undoes what the page already applied (theme, language) when the server refuses it. */
type SaveSetting = (patch: SettingsPatch, revert?: () => void) => void;

export function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id ?? title}-title`} className="rounded-2xl border border-line bg-canvas p-5">
      <h2 id={`${id ?? title}-title`} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      <div className="flex flex-col divide-y divide-line [&>*]:py-3">{children}</div>
    </section>
  );
}

/** Asks the browser for notification permission ('denied' where there are no notifications). */
async function askNotificationPermission(): Promise<NotificationPermission> {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'denied';
  try {
    return await Notification.requestPermission();
  } catch {
    return 'denied';
  }
}

/** /settings and /doctor-settings (spec §2): every toggle, preferences, security and account. */
export function SettingsPage() {
  const { t } = useSettingsT();
  const { user, isPending } = useSession();
  const settings = useSettingsQuery(Boolean(user));
  const update = useUpdateSetting();
  useDocumentTitle(t('title'));

  if (isPending) return <StatusMessage>{t('loading')}</StatusMessage>;
  const unauthenticated = settings.error instanceof ApiError && settings.error.code === 'unauthenticated';
  if (!user || unauthenticated) {
    return (
      <Page>
        <p role="alert" className="rounded-lg border border-line bg-surface p-4">
          {t('errors.notSignedIn')}
        </p>
      </Page>
    );
  }
  if (settings.isPending) return <StatusMessage>{t('loading')}</StatusMessage>;
  if (settings.isError || !settings.data) {
    return (
      <Page>
        <p role="alert" className="rounded-lg border border-line bg-surface p-4">
          {t('errors.loadFailed')}
        </p>
      </Page>
    );
  }
  const data: UserSettings = settings.data;
  const save: SaveSetting = (patch, revert) => update.mutate(patch, revert ? { onError: revert } : undefined);

  const toggle = (field: BooleanSetting) => (checked: boolean) => save({ [field]: checked });

  return (
    <Page>
      <NotificationsSection data={data} save={save} toggle={toggle} />

      <Section id="security" title={t('sections.security')}>
        <Switch
          label={t('fields.biometricAuth.label')}
          description={t('fields.biometricAuth.description')}
          checked={data.biometricAuth}
          onCheckedChange={toggle('biometricAuth')}
        />
        <TwoFactorSetting enabled={data.twoFactorAuth || user.twoFactorEnabled} />
      </Section>

      <Section id="privacy" title={t('sections.privacy')}>
        <Switch
          label={t('fields.dataSharing.label')}
          description={t('fields.dataSharing.description')}
          checked={data.dataSharing}
          onCheckedChange={toggle('dataSharing')}
        />
        <Switch
          label={t('fields.locationAccess.label')}
          description={t('fields.locationAccess.description')}
          checked={data.locationAccess}
          onCheckedChange={toggle('locationAccess')}
        />
      </Section>

      <Section id="data" title={t('sections.data')}>
        <Switch
          label={t('fields.dataSync.label')}
          description={t('fields.dataSync.description')}
          checked={data.dataSync}
          onCheckedChange={toggle('dataSync')}
        />
        <Switch
          label={t('fields.autoBackup.label')}
          description={t('fields.autoBackup.description')}
          checked={data.autoBackup}
          onCheckedChange={toggle('autoBackup')}
        />
      </Section>

      <PreferencesSection data={data} save={save} />

      <SessionsSection />
      <AccountSection user={user as SessionUser} />
    </Page>
  );
}

/**
 * Push needs the browser's permission before the setting is saved (spec §4, §8); then this browser
 * subscribes and the server sends the test notification through the push service, the same way
 * every reminder and alert will come. E-mail alerts are a plain toggle.
 */
function NotificationsSection({
  data,
  save,
  toggle,
}: {
  data: UserSettings;
  save: SaveSetting;
  toggle: (field: BooleanSetting) => (checked: boolean) => void;
}) {
  const { t } = useSettingsT();
  // A second click while the browser subscribes would race the first.
  const busy = useRef(false);
  const onPush = async (checked: boolean) => {
    if (busy.current) return;
    busy.current = true;
    try {
      if (!checked) {
        save({ notificationsPush: false });
        await disablePushOnThisBrowser();
        return;
      }
      const permission = await askNotificationPermission();
      if (permission !== 'granted') {
        // The toggle stays off: nothing is saved.
        toast.error(t('push.blockedTitle'), { description: t('push.blockedText') });
        return;
      }
      const registered = await enablePushOnThisBrowser();
      // Saved either way: the choice is the person's, and other browsers of theirs may receive.
      save({ notificationsPush: true });
      if (registered) await requestTestNotification();
      else toast.warning(t('push.notRegisteredTitle'), { description: t('push.notRegisteredText') });
    } finally {
      busy.current = false;
    }
  };

  return (
    <Section id="notifications" title={t('sections.notifications')}>
      <Switch
        label={t('fields.notificationsPush.label')}
        description={t('fields.notificationsPush.description')}
        checked={data.notificationsPush}
        onCheckedChange={(checked) => void onPush(checked)}
      />
      <Switch
        label={t('fields.emailAlerts.label')}
        description={t('fields.emailAlerts.description')}
        checked={data.emailAlerts}
        onCheckedChange={toggle('emailAlerts')}
      />
    </Section>
  );
}

/** Theme and language apply at once and come back if the server refuses the change. */
function PreferencesSection({ data, save }: { data: UserSettings; save: SaveSetting }) {
  const { t, rawT, i18n } = useSettingsT();
  const { setMode, resolved } = useTheme();
  const onDarkMode = (checked: boolean) => {
    const before = resolved;
    setMode(checked ? 'dark' : 'light');
    save({ darkMode: checked, autoThemeEnabled: false }, () => setMode(before));
  };

  const onLanguage = (language: Language) => {
    const before = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';
    // The new catalogs load first, so the confirmation is already in the chosen language.
    void i18n.changeLanguage(language).then(() => save({ language }, () => void i18n.changeLanguage(before)));
  };

  const zones: readonly string[] = (TIMEZONES as readonly string[]).includes(data.timezone) ? TIMEZONES : [data.timezone, ...TIMEZONES];

  return (
    <Section id="preferences" title={t('sections.preferences')}>
      <Select
        label={t('fields.glucoseUnit.label')}
        className="justify-between"
        value={data.glucoseUnit}
        onChange={(glucoseUnit) => save({ glucoseUnit })}
        options={[
          { value: 'mg/dl', label: t('fields.glucoseUnit.mgdl') },
          { value: 'mmol/l', label: t('fields.glucoseUnit.mmoll') },
        ]}
      />
      <Switch
        label={t('fields.darkMode.label')}
        description={t('fields.darkMode.description')}
        checked={data.darkMode}
        onCheckedChange={onDarkMode}
      />
      <Select<Language>
        label={t('fields.language.label')}
        className="justify-between"
        value={data.language}
        onChange={onLanguage}
        options={LANGUAGES.map((value) => ({ value, label: rawT(`language.names.${value}`) }))}
      />
      <Select
        label={t('fields.timezone.label')}
        className="justify-between"
        value={data.timezone}
        onChange={(timezone) => save({ timezone })}
        options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
      />
    </Section>
  );
}

function Page({ children }: { children: ReactNode }) {
  const { t } = useSettingsT();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <p className="text-muted">{t('intro')}</p>
      </div>
      {children}
    </div>
  );
}
