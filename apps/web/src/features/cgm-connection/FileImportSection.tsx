import { useState, type ChangeEvent } from 'react';
import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GlucoseImportCheck, GlucoseImportResult } from '@glucosuivi/domain/imports/imports.schemas';
import { formatDay } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { errorMessage } from '@/lib/errors';
import { checkImport, useImportGlucose, useUserSettings } from './import-api';
import { prepareImport, type PreparedImport } from './file-import';

const DEFAULT_ZONE = 'Europe/Paris';

/** Plural chosen by `count`, number shown as the reader writes it (`n`: "2 349" in French). */
const counted = (count: number, language: string) => ({ count, n: count.toLocaleString(language) });

type Stage =
  | { step: 'idle' }
  | { step: 'busy' }
  | { step: 'refused'; message: string }
  | { step: 'ready'; prepared: PreparedImport; check: GlucoseImportCheck }
  | { step: 'done'; prepared: PreparedImport; result: GlucoseImportResult };

/**
 * Import of a LibreView or Dexcom Clarity export. The file is read and checked in the browser
 * (nothing leaves the device but the readings), the server says how many are already stored,
 * and the import is one all-or-nothing request.
 */
export function FileImportSection() {
  const { t, i18n } = useTranslation('cgmConnection');
  const settings = useUserSettings();
  const timeZone = settings.data?.timezone || DEFAULT_ZONE;
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const importer = useImportGlucose();
  const [fileName, setFileName] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    importer.reset();
    setFileName(chosen?.name ?? null);
    if (!chosen) return setStage({ step: 'idle' });
    setStage({ step: 'busy' });
    const prepared = await prepareImport(chosen, timeZone);
    if (!prepared.ok) return setStage({ step: 'refused', message: t(`fileErrors.${prepared.error.code}`, prepared.error.params) });
    try {
      const check = await checkImport(prepared.value.body);
      setStage({ step: 'ready', prepared: prepared.value, check });
    } catch (error) {
      setStage({ step: 'refused', message: errorMessage(error, t) });
    }
  }

  function onImport(prepared: PreparedImport) {
    importer.mutate(prepared.body, { onSuccess: (result) => setStage({ step: 'done', prepared, result }) });
  }

  return (
    <section aria-labelledby="file-import-title" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h2 id="file-import-title" className="text-xl font-bold">
        {t('import.title')}
      </h2>
      <p className="text-sm text-muted">{t('import.intro')}</p>
      <div className="flex flex-col gap-2">
        <span id="glucose-file-label" className="font-semibold">
          {t('import.fileLabel')}
        </span>
        {/* The browser's own file button speaks the browser's language: ours speaks the patient's. */}
        <div className="flex flex-wrap items-center gap-3">
          <input
            id="glucose-file"
            type="file"
            accept=".csv,text/csv"
            aria-labelledby="glucose-file-label"
            aria-describedby="glucose-file-name glucose-file-hint"
            onChange={(event) => void onFile(event)}
            className="peer sr-only"
          />
          <label
            htmlFor="glucose-file"
            className={buttonClasses('secondary', 'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus')}
          >
            <FileUp aria-hidden="true" className="size-5" />
            {t('import.choose')}
          </label>
          <span id="glucose-file-name" className="min-w-0 text-sm break-all">
            {fileName ?? t('import.noFile')}
          </span>
        </div>
        <p id="glucose-file-hint" className="text-sm text-muted">
          {t('import.fileHint')}
        </p>
      </div>

      {stage.step === 'busy' ? (
        <p role="status" className="text-sm">
          {t('import.reading')}
        </p>
      ) : null}
      {stage.step === 'refused' ? (
        <p role="alert" className="rounded-lg border border-red-700 p-3 text-sm font-medium text-red-800 dark:text-red-300">
          {stage.message}
        </p>
      ) : null}
      {stage.step === 'ready' ? (
        <Preview prepared={stage.prepared} check={stage.check} timeZone={timeZone} language={i18n.language}>
          {importer.isPending ? (
            <div className="flex flex-col gap-1">
              <span id="import-progress-label" className="text-sm">
                {t('import.importing')}
              </span>
              <progress aria-labelledby="import-progress-label" className="h-3 w-full" />
            </div>
          ) : stage.check.readings - stage.check.alreadyPresent > 0 ? (
            <Button onClick={() => onImport(stage.prepared)}>{t('import.submit', counted(stage.check.readings - stage.check.alreadyPresent, i18n.language))}</Button>
          ) : (
            <p role="status" className="text-sm font-medium">
              {t('import.nothingNew')}
            </p>
          )}
          {importer.isError ? (
            <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
              {errorMessage(importer.error, t)}
            </p>
          ) : null}
        </Preview>
      ) : null}
      {stage.step === 'done' ? (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-line p-3">
          <p className="font-semibold">{t('import.done', counted(stage.result.inserted, i18n.language))}</p>
          {stage.result.alreadyPresent > 0 ? <p className="text-sm">{t('import.doneSkipped', counted(stage.result.alreadyPresent, i18n.language))}</p> : null}
          <Link to="/patient-dashboard" className="inline-flex min-h-11 items-center font-semibold text-primary underline">
            {t('import.toDashboard')}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

function Preview({
  prepared,
  check,
  timeZone,
  language,
  children,
}: {
  prepared: PreparedImport;
  check: GlucoseImportCheck;
  timeZone: string;
  language: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('cgmConnection');
  const rows: [string, string][] = [
    [t('preview.format'), t(`formats.${prepared.body.format}`)],
    [t('preview.device'), prepared.device ?? t('preview.unknownDevice')],
    [t('preview.unit'), prepared.body.unit],
    [t('preview.period'), t('preview.periodValue', { from: formatDay(check.first, language, timeZone), to: formatDay(check.last, language, timeZone) })],
    [t('preview.readings'), check.readings.toLocaleString(language)],
    [t('preview.alreadyPresent'), check.alreadyPresent.toLocaleString(language)],
    [t('preview.toImport'), (check.readings - check.alreadyPresent).toLocaleString(language)],
  ];
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-bold">{t('preview.title')}</h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold">{term}</dt>
            <dd className="mb-1 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      {prepared.clamped > 0 ? <p className="text-sm text-muted">{t('preview.clamped', counted(prepared.clamped, language))}</p> : null}
      {prepared.skipped > 0 ? <p className="text-sm text-muted">{t('preview.skipped', counted(prepared.skipped, language))}</p> : null}
      {prepared.repeatedHour > 0 ? <p className="text-sm text-muted">{t('preview.repeatedHour', counted(prepared.repeatedHour, language))}</p> : null}
      {children}
    </div>
  );
}
