import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Lock, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { patientAnalytics, patientGlucoseSeries } from '@glucosuivi/domain/doctor/doctor.contract';
import type { ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';
import type { PatientAnalytics } from '@glucosuivi/domain/doctor/doctor.schemas';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { AdviceCard } from '@/components/advice/AdviceCard';
import { advicePeriodFor } from '@/components/advice/advice-view';
import { useProfessionalAdvice } from '@/components/advice/use-advice';
import { useChartNights } from '@/components/advice/use-chart-nights';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { Card } from '@/components/glucose-dashboard/Card';
import { ChartsSection } from '@/components/glucose-dashboard/ChartsSection';
import { GlucoseOverview } from '@/components/glucose-dashboard/GlucoseOverview';
import { MetricsCard } from '@/components/glucose-dashboard/MetricsCard';
import { DEFAULT_PERIOD, seriesWindow, type PeriodDays } from '@/components/glucose-dashboard/dashboard-view';
import { PeriodCaption, PeriodPicker } from '@/components/glucose-dashboard/PeriodPicker';
import { TrendCards, type TrendKind } from '@/components/glucose-dashboard/TrendCards';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { ApiError, errorMessage } from '@/lib/errors';
import { professionalKeys } from '@/lib/queries/query-keys';
import { useRealtimeTopic } from '@/lib/realtime/RealtimeProvider';
import { patientTopic } from '@glucosuivi/domain/realtime/realtime.schemas';
import { DoctorPage } from './DoctorPage';
import { NotShared } from './NotShared';
import { PatientAlerts } from './PatientAlerts';
import { PatientEntries } from './PatientEntries';
import { PatientMessages } from './PatientMessages';
import { PatientNotes } from './PatientNotes';
import { PatientReport } from './PatientReport';
import { PatientTargets } from './PatientTargets';
import { patientName } from './triage-view';

/** The categories whose data are entries (the others are reports and alerts). */
const MEASUREMENT_CATEGORIES: readonly ShareCategory[] = ['glucose', 'hba1c', 'lipids', 'blood_pressure', 'weight', 'events'];

const isNotFound = (error: unknown) => error instanceof ApiError && error.code === 'not_found';

/**
 * /doctor/patients/:patientId: the patient's own dashboard, read-only and limited to what they
 * share with this professional, with the professional's tools (targets, alerts, private notes)
 * and the conversation of their care link.
 */
export function PatientPage() {
  const { t } = useTranslation('doctor');
  const { patientId = '' } = useParams();
  const [days, setDays] = useState<PeriodDays>(DEFAULT_PERIOD);
  // What this patient shares with the reader refreshes while the page is open.
  useRealtimeTopic(patientId ? patientTopic(patientId) : null);
  const analytics = useQuery({
    queryKey: [...professionalKeys.patient(patientId), 'summary', days],
    queryFn: ({ signal }) => apiCall(patientAnalytics, { params: { patientId }, query: { days }, signal }),
    // A 404 is an answer (not linked, or no longer shared), not a hiccup worth retrying.
    retry: (count, error) => !isNotFound(error) && count < 1,
    // Changing the period keeps the page (and a note being typed) while the new figures load;
    // another patient never shows the previous one's data.
    placeholderData: (previous, query) => (query?.queryKey[2] === patientId ? previous : undefined),
  });
  const name = analytics.data ? patientName(analytics.data.patient) : t('patient.titleFallback');
  useDocumentTitle(analytics.isError && isNotFound(analytics.error) ? t('patient.notFound.title') : name);

  if (analytics.isPending) {
    return (
      <DoctorPage title={t('patient.titleFallback')}>
        <LoadingScreen variant="doctor" />
      </DoctorPage>
    );
  }
  if (analytics.isError) {
    if (isNotFound(analytics.error)) return <PatientNotFound />;
    return (
      <DoctorPage title={t('patient.titleFallback')}>
        <p role="alert" className="rounded-lg border border-line bg-surface p-4">
          {errorMessage(analytics.error, t)}
        </p>
      </DoctorPage>
    );
  }
  return <PatientView key={patientId} patientId={patientId} data={analytics.data} days={days} onDays={setDays} />;
}

function PatientNotFound() {
  const { t } = useTranslation('doctor');
  return (
    <DoctorPage title={t('patient.notFound.title')} width="max-w-3xl">
      <section className="rounded-2xl border border-line bg-surface p-6 text-center" data-testid="patient-not-found">
        <SearchX aria-hidden="true" className="mx-auto mb-3 size-10 text-muted" />
        <p className="mx-auto max-w-prose">{t('patient.notFound.text')}</p>
        <Link to="/doctor" className={buttonClasses('primary', 'mt-4')} data-button>
          {t('patient.back')}
        </Link>
      </section>
    </DoctorPage>
  );
}

function PatientView({ patientId, data, days, onDays }: { patientId: string; data: PatientAnalytics; days: PeriodDays; onDays: (d: PeriodDays) => void }) {
  const { t, i18n } = useTranslation('doctor');
  const language = i18n.resolvedLanguage ?? 'fr';
  const settings = useGlucoseSettings();
  const { summary } = data;
  const shares = (c: ShareCategory) => summary.shared.includes(c);
  // The reader's unit; the patient's time zone, so days and hours are the patient's own.
  const unit = settings.unit;
  const timeZone = summary.period.timeZone;
  // The chart starts where the summary's period starts (the one period rule).
  const span = useMemo(() => ({ from: summary.period.from, to: seriesWindow(days, Date.now()).to }), [days, summary.period.from]);
  const series = useQuery({
    queryKey: [...professionalKeys.patient(patientId), 'series', span.from, span.to],
    queryFn: ({ signal }) => apiCall(patientGlucoseSeries, { params: { patientId }, query: span, signal }),
    enabled: shares('glucose'),
  });
  const advicePeriod = advicePeriodFor(days);
  const advice = useProfessionalAdvice(patientId, advicePeriod);
  const nights = useChartNights({ advice: advice.data, period: advicePeriod, days, setDays: onDays, chartReady: series.data !== undefined });
  const glucoseSummary: Summary | null = summary.glucose ? { ...summary, glucose: summary.glucose, openAlerts: summary.openAlerts ?? 0 } : null;
  const categoryList = (list: readonly ShareCategory[]) => list.map((c) => t(`categories.${c}`)).join(', ');
  const trendsOther = useMemo(
    () => ({
      heightCm: null,
      notShared: (kind: TrendKind) => (summary.shared.includes(kind) ? null : <NotShared long />),
    }),
    [summary.shared],
  );

  return (
    <DoctorPage
      title={patientName(data.patient)}
      actions={
        <Link to="/doctor" className={buttonClasses('secondary')} data-button>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('patient.back')}
        </Link>
      }
      intro={
        <div className="flex flex-col gap-1" data-testid="patient-scopes">
          <p>{t('patient.readOnly')}</p>
          <p>
            <span className="font-semibold text-fg">{t('patient.sharedLabel')}</span> {categoryList(summary.shared)}
          </p>
          {summary.notShared.length > 0 ? (
            <p>
              <span className="font-semibold text-fg">{t('patient.notSharedLabel')}</span> {categoryList(summary.notShared)}
            </p>
          ) : null}
        </div>
      }
    >
      <PeriodPicker value={days} onChange={nights.changePeriod} />
      <PeriodCaption period={summary.period} />
      {glucoseSummary ? (
        <>
          <GlucoseOverview summary={glucoseSummary} unit={unit} timeZone={timeZone} series={series.data} />
          <ChartsSection
            summary={glucoseSummary}
            unit={unit}
            timeZone={timeZone}
            language={language}
            series={series}
            span={span}
            withContexts={false}
            highlight={nights.chartHighlight}
            afterCurve={<MetricsCard summary={glucoseSummary} unit={unit} language={language} />}
          />
        </>
      ) : (
        <Card id="glucose" title={t('patient.glucoseTitle')}>
          <NotShared long />
        </Card>
      )}
      <AdviceCard
        advice={advice}
        days={advicePeriod}
        unit={unit}
        reader="professional"
        nights={glucoseSummary ? nights.nights : undefined}
        notice={
          shares('glucose') ? null : (
            <p className="inline-flex items-center gap-1 text-sm text-muted italic" data-testid="advice-not-shared">
              <Lock aria-hidden="true" className="size-3.5 shrink-0" />
              {t('advice:glucoseNotShared')}
            </p>
          )
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <TrendCards summary={summary} unit={unit} timeZone={timeZone} other={trendsOther} />
        <PatientAlerts patientId={patientId} shared={shares('alerts')} unit={unit} timeZone={timeZone} />
      </div>
      <PatientEntries patientId={patientId} shared={MEASUREMENT_CATEGORIES.some(shares)} unit={unit} timeZone={timeZone} />
      <PatientReport patientId={patientId} shared={shares('reports')} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PatientTargets patientId={patientId} targets={summary.targets} setBy={data.targetsSetBy} unit={unit} />
        <PatientNotes patientId={patientId} timeZone={settings.timeZone} />
      </div>
      <PatientMessages patientId={patientId} />
    </DoctorPage>
  );
}
