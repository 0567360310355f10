import { useQuery } from '@tanstack/react-query';
import { Clock, Link2Off, ShieldCheck } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { viewShare } from '@glucosuivi/domain/care-team/care-team.contract';
import type { SharedView } from '@glucosuivi/domain/care-team/care-team.schemas';
import type { MeasurementRecord } from '@glucosuivi/domain/measurements/measurements.schemas';
import { decodeGlucoseSeries } from '@glucosuivi/domain/measurements/series-encoding';
import { seriesColumns } from '@glucosuivi/domain/glucose/series';
import { GlucoseChart } from '@/components/charts/GlucoseChart';
import { formatDateTime, formatGlucoseValue, formatNumber } from '@/components/charts/glucose-display';
import { recordValue } from '@/components/charts/record-value';
import { TimeInRangeBar } from '@/components/charts/TimeInRangeBar';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { formatDay } from './format';
import { bandTargets, shareUnavailable } from './share-view';

/** The record kinds shown as "latest value" cards, with the category that shares each. */
const RECORD_CARDS = [
  { kind: 'hba1c', category: 'hba1c' },
  { kind: 'lipids', category: 'lipids' },
  { kind: 'blood_pressure', category: 'blood_pressure' },
  { kind: 'weight', category: 'weight' },
  { kind: 'event', category: 'events' },
] as const;

/**
 * /partage/:token — read-only view of a secure share link, without an account: a banner with the
 * expiry, then exactly the categories and period the patient chose. Expired or revoked links
 * show a page that says so and no data.
 */
export function SharePage() {
  const { t } = useTranslation('careTeam');
  const { token = '' } = useParams();
  useDocumentTitle(t('public.title'));
  const view = useQuery({
    queryKey: ['share-view', token],
    queryFn: ({ signal }) => apiCall(viewShare, { params: { token }, signal }),
    // Each view is logged for the patient: never refetch behind the reader's back.
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (view.isPending) return <LoadingScreen variant="dashboard" />;
  if (view.isError) {
    const reason = shareUnavailable(view.error);
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-10 text-center" data-testid="share-unavailable">
        <Link2Off aria-hidden="true" className="mx-auto size-12 text-muted" />
        <h1 className="text-2xl font-bold sm:text-3xl">{reason ? t('public.unavailableTitle') : t('public.errorTitle')}</h1>
        <p>{reason ? t(`public.unavailable.${reason}`) : errorMessage(view.error, t)}</p>
        {reason ? <p className="text-sm text-muted">{t('public.unavailableHint')}</p> : null}
      </div>
    );
  }
  return <SharedData view={view.data} />;
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-canvas p-4 sm:p-5" data-testid={`share-${id}`}>
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function SharedData({ view }: { view: SharedView }) {
  const { t, i18n } = useTranslation('careTeam');
  const language = i18n.resolvedLanguage ?? 'fr';
  const { summary } = view;
  const timeZone = summary.period.timeZone;
  const unit = summary.glucoseUnit;
  const name = [view.patient.firstName, view.patient.lastName].filter(Boolean).join(' ');
  const has = (c: string) => view.categories.includes(c as SharedView['categories'][number]);
  const columns = useMemo(() => (view.series ? seriesColumns(decodeGlucoseSeries(view.series.series)) : null), [view.series]);
  const glucose = summary.glucose;
  const m = glucose?.metrics ?? null;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 py-6 sm:px-4">
      {/* A page reached by a secret link: kept out of search engines, and its address out of Referer headers. */}
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <div role="note" aria-labelledby="share-banner-title" className="flex gap-3 rounded-2xl border-2 border-primary bg-surface p-4" data-testid="share-banner">
        <ShieldCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <div>
          <p id="share-banner-title" className="font-semibold">
            {t('public.banner', { name })}
          </p>
          <p className="mt-1 inline-flex items-center gap-1 font-medium">
            <Clock aria-hidden="true" className="size-4" />
            {t('public.expires', { date: formatDateTime(view.expiresAt, language, timeZone) })}
          </p>
          <p className="text-sm text-muted">
            {t('public.period', { from: formatDay(view.period.from, language, timeZone), to: formatDay(view.period.to, language, timeZone) })}
            {' · '}
            {t('public.categories', { list: view.categories.map((c) => t(`categories.${c}.label`)).join(', ') })}
          </p>
        </div>
      </div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('public.heading', { name })}</h1>

      {has('glucose') && glucose ? (
        <>
          <Card id="glucose" title={t('public.glucose')}>
            {m ? (
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                <Metric label={t('dashboard:metrics.mean')} value={`${formatGlucoseValue(m.mean, unit, language)} ${unit}`} />
                {m.gmi !== null ? <Metric label={t('dashboard:metrics.gmi')} value={`${formatNumber(m.gmi, language, 1)} %`} /> : null}
                <Metric label={t('dashboard:metrics.cv')} value={m.cv === null ? '—' : `${formatNumber(m.cv, language, 1)} %`} />
                <Metric label={t('dashboard:metrics.readings')} value={formatNumber(glucose.readings, language, 0)} />
              </dl>
            ) : (
              <p className="text-muted">{t('public.noData')}</p>
            )}
          </Card>
          {m ? (
            <Card id="tir" title={t('dashboard:tir.title')}>
              <TimeInRangeBar bands={m.bands} range={summary.targets.range} unit={unit} targets={bandTargets(glucose.targetChecks)} />
            </Card>
          ) : null}
          {columns && columns.t.length > 0 ? (
            <Card id="chart" title={t('dashboard:chart.title')}>
              <GlucoseChart
                t={columns.t}
                v={columns.v}
                from={Date.parse(view.period.from)}
                to={Date.parse(view.period.to)}
                unit={unit}
                range={summary.targets.range}
                timeZone={timeZone}
                language={language}
                label={t('public.chartLabel', { name })}
              />
              <p className="mt-2 text-xs text-muted">{t('dashboard:chart.keyboard')}</p>
            </Card>
          ) : null}
        </>
      ) : null}

      {RECORD_CARDS.some((c) => has(c.category)) ? (
        <Card id="records" title={t('public.records')}>
          <ul className="grid gap-3 sm:grid-cols-2">
            {RECORD_CARDS.filter((c) => has(c.category)).map(({ kind, category }) => {
              const latest = summary.latest[kind] as MeasurementRecord | null;
              return (
                <li key={kind} className="rounded-xl border border-line bg-surface p-4" data-testid={`share-record-${category}`}>
                  <h3 className="font-semibold">{t(`categories.${category}.label`)}</h3>
                  {latest ? (
                    <>
                      <p className="mt-1 text-lg font-bold tabular-nums">
                        {kind === 'event' ? `${t(`measurements:eventTypes.${latest.kind === 'event' ? latest.event.type : 'note'}`)} · ` : null}
                        {recordValue(latest, unit, language, t)}
                      </p>
                      <p className="text-sm text-muted">{formatDateTime(latest.measuredAt, language, timeZone)}</p>
                    </>
                  ) : null}
                  <p className={latest ? 'text-sm' : 'mt-1 text-sm text-muted'}>{t('public.count', { count: summary.counts[kind] })}</p>
                </li>
              );
            })}
          </ul>
        </Card>
      ) : null}

      {has('alerts') && summary.openAlerts !== null ? (
        <Card id="alerts" title={t('categories.alerts.label')}>
          <p>{t('public.openAlerts', { count: summary.openAlerts })}</p>
        </Card>
      ) : null}

      <p className="text-sm text-muted">{t('public.footer')}</p>
    </div>
  );
}
