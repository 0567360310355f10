import { lastLocalDays, localDaysOf, type LocalDaysPeriod } from '@glucosuivi/domain/glucose/timezone';
import type { GlucoseMetricsDto, GlucosePeriod } from '@glucosuivi/domain/measurements/summary.schemas';
import type { WeeklyReport } from '@glucosuivi/domain/reports/reports.schemas';
import { comparePeriods } from '@glucosuivi/domain/measurements/glucose-figures';
import { fhirBundleChunks } from '@glucosuivi/domain/fhir/fhir.bundle';
import type { Actor, Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events/event-bus';
import { ownAdviceInTx } from '../advice/advice.service';
import { countAlertsInPeriod } from '../alerts/alerts.service';
import { exportAllMeasurements, exportGlucosePages, exportHealthMeasurements, glucosePeriodInTx, glucoseReadingsInTx, latestByKindInTx } from '../measurements/measurements.service';
import { getProfile, loadPatientContext, requirePatient } from '../profile/profile.service';
import { countedPdfReport } from '../subscription/subscription.service';
import { renderGlucoseReport, type GlucoseReportInput } from './glucose-report.pdf';
import { measurementsCsv } from './measurements.csv';

export interface ReportsDeps {
  database: Database;
  clock: Clock;
}

/** The FHIR export also reads the profile (birth year), whose service takes its full deps; it publishes nothing. */
export interface FhirExportDeps extends ReportsDeps {
  events: EventBus;
}

export async function exportCsv(deps: ReportsDeps, actor: Actor | null): Promise<string> {
  const { records, context } = await exportAllMeasurements(deps, actor);
  return measurementsCsv(records, { language: context.language, timeZone: context.timeZone, glucoseUnit: context.glucoseUnit });
}

/**
 * Every measurement as a FHIR R4 Bundle, as JSON text written while glucose pages are read. The
 * patient check and the first reads happen before it is returned, so a refusal is an HTTP error,
 * not a broken download.
 */
export async function fhirExport(deps: FhirExportDeps, actor: Actor | null): Promise<AsyncIterable<string>> {
  const patient = requirePatient(actor);
  const [health, profile] = await Promise.all([exportHealthMeasurements(deps, patient), getProfile(deps, patient)]);
  const { context } = health;
  return fhirBundleChunks({
    patient: { userId: patient.userId, firstName: context.firstName, lastName: context.lastName, birthYear: profile.birthYear, language: context.language },
    timeZone: context.timeZone,
    generatedAt: deps.clock.now().getTime(),
    health: health.records,
    glucosePages: exportGlucosePages(deps, patient),
  });
}

/**
 * The patient's own PDF report, counted against the free plan's monthly quota: the fourth of a
 * local month is refused with `premium_required` and not counted (subscription service).
 */
export async function glucoseReportPdf(deps: ReportsDeps, actor: Actor | null, days: number): Promise<Buffer> {
  const patient = requirePatient(actor);
  return countedPdfReport(deps, patient.userId, async () => renderGlucoseReport(await glucoseReportInput(deps, patient, days)));
}

/** What the PDF prints (exported so tests can read its figures without a PDF text extractor). */
export async function glucoseReportInput(deps: ReportsDeps, actor: Actor | null, days: number): Promise<GlucoseReportInput> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  const data = await deps.database.asActor(patient, async (tx) => {
    const context = await loadPatientContext(tx, patient.userId);
    const period = lastLocalDays(now.getTime(), days, context.timeZone);
    return {
      context,
      period,
      glucose: await glucosePeriodInTx(tx, patient.userId, context, period),
      series: await glucoseReadingsInTx(tx, patient.userId, new Date(period.from), new Date(period.to)),
      latest: await latestByKindInTx(tx, patient.userId),
      advice: (await ownAdviceInTx(deps, tx, patient.userId, context, period)).findings,
    };
  });
  const { context } = data;
  return {
    language: context.language,
    patientName: [context.firstName, context.lastName].filter(Boolean).join(' '),
    timeZone: context.timeZone,
    glucoseUnit: context.glucoseUnit,
    targets: context.targets,
    from: data.period.from,
    to: data.period.to,
    days: data.period.days,
    generatedAt: now.getTime(),
    glucose: data.glucose,
    latest: data.latest,
    series: data.series,
    advice: data.advice,
  };
}

function delta(current: number | null | undefined, previous: number | null | undefined): number | null {
  return current === null || current === undefined || previous === null || previous === undefined ? null : current - previous;
}

/**
 * The changes of each metric, only between two weeks read the same way with enough data each
 * (comparePeriods); GMI, GRI and sensor time only where both weeks show them.
 */
function deltas(current: GlucoseMetricsDto | null, previous: GlucoseMetricsDto | null, comparable: boolean): WeeklyReport['deltas'] {
  if (!comparable) return { mean: null, gmi: null, cv: null, inRange: null, belowRange: null, aboveRange: null, gri: null, activePercent: null };
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
  return deps.database.asActor(patient, async (tx) => {
    const context = await loadPatientContext(tx, patient.userId);
    // This week: the last 7 local days (today included); the week before: the 7 whole local
    // days before it. Both by the dashboard's rule (lastLocalDays).
    const thisWeek = lastLocalDays(now.getTime(), 7, context.timeZone);
    const fortnight = lastLocalDays(now.getTime(), 14, context.timeZone);
    const weekBefore = localDaysOf(fortnight.from, thisWeek.from, context.timeZone);
    const week = async (localDays: LocalDaysPeriod) => {
      const from = new Date(localDays.from);
      const to = new Date(localDays.to);
      const period: GlucosePeriod = await glucosePeriodInTx(tx, patient.userId, context, localDays);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        basis: period.basis,
        figures: period.figures,
        meter: period.meter,
        readings: period.readings,
        metrics: period.metrics,
        hypoAlerts: await countAlertsInPeriod(tx, patient.userId, ['hypo', 'urgent_hypo'], from, to),
        hyperAlerts: await countAlertsInPeriod(tx, patient.userId, ['hyper'], from, to),
      };
    };
    const current = await week(thisWeek);
    const previous = await week(weekBefore);
    const comparison = comparePeriods(current.figures, previous.figures);
    return {
      glucoseUnit: context.glucoseUnit,
      timeZone: context.timeZone,
      current,
      previous,
      comparison,
      deltas: deltas(current.metrics, previous.metrics, comparison.comparable),
    };
  });
}
