import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/document-title';
import { FileImportSection } from './FileImportSection';

/**
 * /cgm-connection (PRODUCT.md §5 CGM connection): bringing a sensor's readings in. Today: the
 * import of a LibreView or Dexcom Clarity export file, read in the browser.
 */
export function CgmConnectionPage() {
  const { t } = useTranslation('cgmConnection');
  useDocumentTitle(t('title'));
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-4">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
        <p className="text-muted">{t('intro')}</p>
      </div>
      <FileImportSection />
    </div>
  );
}
