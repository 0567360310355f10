import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/document-title';
import { FileImportSection } from './FileImportSection';
import { FollowSiteSection } from './FollowSiteSection';
import { useUserSettings } from './import-api';
import { UploadersSection } from './UploadersSection';

const DEFAULT_ZONE = 'Europe/Paris';

/**
 * /cgm-connection (PRODUCT.md §5 CGM connection): bringing a sensor's readings in, continuously
 * from the sensor app (Nightscout-compatible uploads) or at once from an export file.
 */
export function CgmConnectionPage() {
  const { t } = useTranslation('cgmConnection');
  useDocumentTitle(t('title'));
  const timeZone = useUserSettings().data?.timezone || DEFAULT_ZONE;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-4">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
        <p className="text-muted">{t('intro')}</p>
      </div>
      <UploadersSection timeZone={timeZone} />
      <FollowSiteSection timeZone={timeZone} />
      <FileImportSection />
    </div>
  );
}
