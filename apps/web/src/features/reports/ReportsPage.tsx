import { useQueryClient } from '@tanstack/react-query';
import { Download, FileJson, FileSpreadsheet } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportFhirBundle, exportMeasurementsCsv, glucoseReportPdf } from '@glucosuivi/domain/reports/reports.contract';
import { REPORT_DAYS } from '@glucosuivi/domain/reports/reports.schemas';
import { Segmented } from '@/components/charts/Segmented';
import { ErrorWithUpgrade } from '@/components/subscription/UpgradeLink';
import { buttonClasses } from '@/components/ui/button-styles';
import { useDocumentTitle } from '@/lib/document-title';
import { subscriptionKeys } from '@/lib/queries/query-keys';
import { downloadFile } from '@/lib/download-file';

type ReportDays = (typeof REPORT_DAYS)[number];

/** The PDF link of a period (the session cookie authenticates the download). */
export function pdfHref(days: ReportDays): string {
  return `${glucoseReportPdf.path}?days=${days}`;
}

const PDF_FILE_NAME = 'glucosuivi-rapport.pdf';

/**
 * The PDF is fetched by the page (the link stays a link, for a new tab or a browser without
 * scripts): a refusal — the free plan's monthly limit — is then said on the page with the way to
 * premium, and a successful download refreshes this month's count.
 */
function usePdfDownload() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = (event: MouseEvent<HTMLAnchorElement>, days: ReportDays) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    downloadFile(pdfHref(days), PDF_FILE_NAME)
      .then(() => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }))
      .catch((caught: unknown) => setError(() => caught))
      .finally(() => setBusy(false));
  };
  return { busy, error, download };
}

/** /reports: the glucose report as a PDF for the care team, every measurement as CSV or as FHIR R4. */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  useDocumentTitle(t('title'));
  const [days, setDays] = useState<ReportDays>(14);
  const pdf = usePdfDownload();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-6 sm:px-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <section aria-labelledby="pdf-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
        <h2 id="pdf-title" className="text-xl font-semibold">
          {t('pdf.title')}
        </h2>
        <p>{t('pdf.text')}</p>
        <Segmented
          name="report-days"
          legend={t('pdf.period')}
          value={String(days) as `${ReportDays}`}
          options={REPORT_DAYS.map((d) => ({ value: String(d) as `${ReportDays}`, label: t('days', { count: d }) }))}
          onChange={(v) => setDays(Number(v) as ReportDays)}
        />
        <div>
          <a href={pdfHref(days)} className={buttonClasses('primary')} data-button download onClick={(event) => pdf.download(event, days)} aria-busy={pdf.busy}>
            <Download aria-hidden="true" className="size-4" />
            {t('pdf.download')}
          </a>
        </div>
        {pdf.error ? <ErrorWithUpgrade error={pdf.error} /> : null}
        <p className="text-sm text-muted">{t('pdf.sufficiency')}</p>
      </section>
      <section aria-labelledby="csv-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
        <h2 id="csv-title" className="text-xl font-semibold">
          {t('csv.title')}
        </h2>
        <p>{t('csv.text')}</p>
        <div>
          <a href={exportMeasurementsCsv.path} className={buttonClasses('secondary')} data-button download>
            <FileSpreadsheet aria-hidden="true" className="size-4" />
            {t('csv.download')}
          </a>
        </div>
        <p>{t('csv.fhirText')}</p>
        <div>
          <a href={exportFhirBundle.path} className={buttonClasses('secondary')} data-button download>
            <FileJson aria-hidden="true" className="size-4" />
            {t('csv.fhirDownload')}
          </a>
        </div>
      </section>
      <section aria-labelledby="weekly-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
        <h2 id="weekly-title" className="text-xl font-semibold">
          {t('weekly.title')}
        </h2>
        <p>{t('weekly.text')}</p>
        <div>
          <Link to="/weekly-report" className={buttonClasses('secondary')} data-button>
            {t('weekly.open')}
          </Link>
        </div>
      </section>
    </div>
  );
}
