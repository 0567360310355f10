import { Download } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { patientReportPdf } from '@glucosuivi/domain/reports/reports.contract';
import { Segmented } from '@/components/charts/Segmented';
import { Card } from '@/components/glucose-dashboard/Card';
import { buttonClasses } from '@/components/ui/button-styles';
import { downloadFile } from '@/lib/download-file';
import { errorMessage } from '@/lib/errors';
import { NotShared } from './NotShared';

/** The periods a professional files a report over. */
const PERIODS = [14, 30, 90] as const;
type ReportPeriod = (typeof PERIODS)[number];

/** The PDF link of a period (the session cookie authenticates the download). */
export function patientReportHref(patientId: string, days: ReportPeriod): string {
  return `${patientReportPdf.path.replace(':patientId', encodeURIComponent(patientId))}?days=${days}`;
}

/**
 * The patient's PDF report for the professional's file, over a chosen period, when the patient
 * shares their reports. Fetched by the page (the link stays a link, for a new tab), so a refusal
 * — the patient stopped sharing a moment ago — is said on the page rather than saved as a file.
 */
export function PatientReport({ patientId, shared }: { patientId: string; shared: boolean }) {
  const { t } = useTranslation('doctor');
  const [days, setDays] = useState<ReportPeriod>(14);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    downloadFile(patientReportHref(patientId, days), t('report.fileName'))
      .catch((caught: unknown) => setError(() => caught))
      .finally(() => setBusy(false));
  };
  return (
    <Card id="patient-report" title={t('report.title')}>
      {shared ? (
        <div className="flex flex-col gap-3" data-testid="patient-report">
          <p>{t('report.text')}</p>
          <Segmented
            name="patient-report-days"
            legend={t('report.period')}
            value={String(days) as `${ReportPeriod}`}
            options={PERIODS.map((d) => ({ value: String(d) as `${ReportPeriod}`, label: t('report.days', { count: d }) }))}
            onChange={(v) => setDays(Number(v) as ReportPeriod)}
          />
          <div>
            <a href={patientReportHref(patientId, days)} className={buttonClasses('primary')} data-button download onClick={download} aria-busy={busy}>
              <Download aria-hidden="true" className="size-4" />
              {t('report.download')}
            </a>
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {errorMessage(error, t)}
            </p>
          ) : null}
          <p className="text-sm text-muted">{t('report.logged')}</p>
        </div>
      ) : (
        <div data-testid="patient-report-not-shared">
          <NotShared long />
        </div>
      )}
    </Card>
  );
}
