import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toLocalInputValue } from '@/components/charts/glucose-display';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { QuietHoursSection } from './QuietHoursSection';
import { ReminderList } from './ReminderList';
import { useUserSettings } from './reminders-api';
import { TodayTimeline } from './TodayTimeline';

const DEFAULT_ZONE = 'Europe/Paris';

/**
 * /reminders (PRODUCT.md §5): today's timeline, the patient's reminders and their quiet hours.
 * `timeZones` is the list the settings page offers, handed over by the app (features never
 * import each other).
 */
export function RemindersPage({ timeZones }: { timeZones: readonly string[] }) {
  const { t } = useTranslation('reminders');
  useDocumentTitle(t('title'));
  const settings = useUserSettings();

  let content;
  if (settings.isPending) content = <LoadingScreen variant="patient" />;
  else if (settings.isError) content = <p role="alert">{errorMessage(settings.error, t)}</p>;
  else {
    const timeZone = settings.data.timezone || DEFAULT_ZONE;
    content = (
      <>
        <TodayTimeline />
        <ReminderList
          context={{
            timeZone,
            today: toLocalInputValue(Date.now(), timeZone).slice(0, 10),
            timeZones,
            pushEnabled: settings.data.notificationsPush,
            emailEnabled: settings.data.emailAlerts,
          }}
        />
        <QuietHoursSection />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-4">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
        <p className="flex items-start gap-2 text-sm text-muted">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('noDose')}
        </p>
      </div>
      {content}
    </div>
  );
}
