import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getProfile } from '@glucosuivi/domain/profile/profile.contract';
import { listMeasurements } from '@glucosuivi/domain/measurements/measurements.contract';
import type { MeasurementRecord } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatDateTime, formatNumber } from '@/components/charts/glucose-display';
import { patientDataKeys } from '@/lib/queries/patient-data';
import { apiCall } from '@/lib/api-client';
import { bmi, recordValue } from './dashboard-view';

export type TrendKind = 'hba1c' | 'lipids' | 'blood_pressure' | 'weight';
const KINDS: readonly TrendKind[] = ['hba1c', 'lipids', 'blood_pressure', 'weight'];

/** Blood pressure below which no alert is raised (PRODUCT.md §3: ≥ 140/90 alerts). */
const BP_TARGET = { systolic: 140, diastolic: 90 };

function useLastTwo(kind: TrendKind, enabled: boolean) {
  return useQuery({
    queryKey: [...patientDataKeys.measurements, 'list', kind, 2],
    queryFn: ({ signal }) => apiCall(listMeasurements, { query: { kind, limit: 2 }, signal }),
    enabled,
  });
}

/**
 * Someone else's data (a professional reading a patient): the summary is all there is, so no
 * change from the previous value, and a kind may be replaced by a "not shared" mark.
 */
export interface OtherReader {
  heightCm: number | null;
  notShared: (kind: TrendKind) => ReactNode | null;
}

function TrendCard({ kind, summary, unit, timeZone, heightCm, other }: { kind: TrendKind; summary: Pick<Summary, 'latest' | 'targets'>; unit: GlucoseUnit; timeZone: string; heightCm: number | null; other?: OtherReader | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'fr';
  const lastTwo = useLastTwo(kind, !other);
  const hidden = other?.notShared(kind) ?? null;
  const latest = summary.latest[kind] as MeasurementRecord | null;
  const previous = lastTwo.data?.items[1] ?? null;
  const hba1cMax = summary.targets.hba1cMaxPercent;
  let target: { text: string; met: boolean | null } | null = null;
  let change: string | null = null;
  if (latest?.kind === 'hba1c' && hba1cMax !== null) {
    target = { text: t('trends.hba1cTarget', { limit: formatNumber(hba1cMax, language, 1) }), met: latest.percent <= hba1cMax };
    if (previous?.kind === 'hba1c') change = t('trends.change', { value: signed(latest.percent - previous.percent, language, 1), unit: '%' });
  } else if (latest?.kind === 'blood_pressure') {
    target = {
      text: t('trends.bpTarget', { systolic: BP_TARGET.systolic, diastolic: BP_TARGET.diastolic }),
      met: latest.systolic < BP_TARGET.systolic && latest.diastolic < BP_TARGET.diastolic,
    };
    if (previous?.kind === 'blood_pressure')
      change = t('trends.change', { value: `${signed(latest.systolic - previous.systolic, language, 0)}/${signed(latest.diastolic - previous.diastolic, language, 0)}`, unit: 'mmHg' });
  } else if (latest?.kind === 'weight') {
    const index = bmi(latest.kg, heightCm);
    target = index === null ? { text: t('trends.bmiUnknown'), met: null } : { text: t('trends.bmi', { value: formatNumber(index, language, 1) }), met: null };
    if (previous?.kind === 'weight') change = t('trends.change', { value: signed(latest.kg - previous.kg, language, 1), unit: 'kg' });
  } else if (latest?.kind === 'lipids') {
    target = { text: t('trends.lipidsTarget'), met: null };
  }
  return (
    <article className="rounded-xl border border-line bg-surface p-4" aria-labelledby={`trend-${kind}`}>
      <h3 id={`trend-${kind}`} className="font-semibold">
        {t(`measurements:kinds.${kind}`)}
      </h3>
      {hidden ? (
        <div className="mt-1 text-sm">{hidden}</div>
      ) : latest ? (
        <>
          <p className="mt-1 text-lg font-bold tabular-nums">{recordValue(latest, unit, language, t)}</p>
          <p className="text-sm text-muted">{formatDateTime(latest.measuredAt, language, timeZone)}</p>
          {change ? <p className="text-sm">{change}</p> : null}
          {target ? (
            <p className="mt-1 text-sm">
              {target.text}
              {target.met === null ? null : <span className="font-semibold"> · {target.met ? t('tir.met') : t('tir.notMet')}</span>}
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-1 text-sm text-muted">{t('trends.none')}</p>
      )}
    </article>
  );
}

function signed(x: number, language: string, decimals: number): string {
  const s = formatNumber(Math.abs(x), language, decimals);
  return x > 0 ? `+${s}` : x < 0 ? `−${s}` : s;
}

/** HbA1c, lipids, blood pressure and weight: the last value, its change and its target. */
export function TrendCards({ summary, unit, timeZone, other }: { summary: Pick<Summary, 'latest' | 'targets'>; unit: GlucoseUnit; timeZone: string; other?: OtherReader }) {
  const { t } = useTranslation('dashboard');
  const profile = useQuery({ queryKey: patientDataKeys.profile, queryFn: ({ signal }) => apiCall(getProfile, { signal }), enabled: !other });
  return (
    <section aria-labelledby="trends-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="trends-title" className="mb-3 text-xl font-semibold">
        {t('trends.title')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {KINDS.map((kind) => (
          <TrendCard key={kind} kind={kind} summary={summary} unit={unit} timeZone={timeZone} heightCm={other ? other.heightCm : (profile.data?.heightCm ?? null)} other={other} />
        ))}
      </div>
    </section>
  );
}
