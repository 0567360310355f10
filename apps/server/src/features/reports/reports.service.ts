import type { GlucoseMetricsDto, GlucosePeriod } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { WeeklyReport } from '@glucosuivi/domain/reports/reports.schemas';
import type { Actor, Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import { countAlertsInPeriod } from '../alerts/alerts.service';
import { exportAllMeasurements, glucosePeriodInTx, glucoseReadingsInTx, latestByKindInTx } from '../measurements/measurements.service';
import { loadPatientContext, requirePatient } from '../profile/profile.service';
import { renderGlucoseReport } from './glucose-report.pdf';
import { measurementsCsv } from './measurements.csv';

export interface ReportsDeps {
  database: Database;
  clock: Clock;
}

const DAY_MS = 86_400_000;

export async function exportCsv(deps: ReportsDeps, actor: Actor | null): Promise<string> {
  const { records, context } = await exportAllMeasurements(deps, actor);
  return measurementsCsv(records, { language: context.language, timeZone: context.timeZone, glucoseUnit: context.glucoseUnit });
}

export async function glucoseReportPdf(deps: ReportsDeps, actor: Actor | null, days: number): Promise<Buffer> {
  const patient = requirePatient(actor);
  const to = deps.clock.now();
  const from = new Date(to.getTime() - days * DAY_MS);
  const data = await deps.database.asActor(patient, async (tx) => {
    const context = await loadPatientContext(tx, patient.userId);
    return {
      context,
      glucose: await glucosePeriodInTx(tx, patient.userId, context, from, to),
      series: await glucoseReadingsInTx(tx, patient.userId, from, to),
      latest: await latestByKindInTx(tx, patient.userId),
    };
  });
  const { context } = data;
  return renderGlucoseReport({
    language: context.language,
    patientName: [context.firstName, context.lastName].filter(Boolean).join(' '),
    timeZone: context.timeZone,
    glucoseUnit: context.glucoseUnit,
    targets: context.targets,
    from: from.getTime(),
    to: to.getTime(),
    days,
    generatedAt: to.getTime(),
    glucose: data.glucose,
    latest: data.latest,
    series: data.series,
  });
}

function delta(current: number | null | undefined, previous: number | null | undefined): number | null {
  return current === null || current === undefined || previous === null || previous === undefined ? null : current - previous;
}

function deltas(current: GlucoseMetricsDto | null, previous: GlucoseMetricsDto | null): WeeklyReport['deltas'] {
  return {
    mean: delta(current?.mean, previous?.mean),
    gmi: delta(current?.gmi, previous?.gmi),
    cv: delta(current?.cv, previous?.cv),
    inRange: delta(current?.bands.in_range, previous?.bands.in_range),
    belowRange: delta(current?.belowRange, previous?.belowRange),
    aboveRange: delta(current?.aboveRange, previous?.aboveRange),
    gri: delta(current?.gri, previous?.gri),
    activePercent: delta(current?.activePercent, previous?.activePercent),
  };
}

/** The last 7 days against the 7 before, for the weekly report page. */
export async function weeklyReport(deps: ReportsDeps, actor: Actor | null): Promise<WeeklyReport> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  const weekStart = new Date(now.getTime() - 7 * DAY_MS);
  const previousStart = new Date(now.getTime() - 14 * DAY_MS);
  return deps.database.asActor(patient, async (tx) => {
    const context = await loadPatientContext(tx, patient.userId);
    const week = async (from: Date, to: Date) => {
      const period: GlucosePeriod = await glucosePeriodInTx(tx, patient.userId, context, from, to);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        basis: period.basis,
        readings: period.readings,
        metrics: period.metrics,
        hypoAlerts: await countAlertsInPeriod(tx, patient.userId, ['hypo', 'urgent_hypo'], from, to),
        hyperAlerts: await countAlertsInPeriod(tx, patient.userId, ['hyper'], from, to),
      };
    };
    const current = await week(weekStart, now);
    const previous = await week(previousStart, weekStart);
    return {
      glucoseUnit: context.glucoseUnit,
      timeZone: context.timeZone,
      current,
      previous,
      deltas: deltas(current.metrics, previous.metrics),
    };
  });
}
