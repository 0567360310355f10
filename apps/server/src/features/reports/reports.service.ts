import { lastLocalDays, localDaysOf, type LocalDaysPeriod } from '@glucosuivi/domain/glucose/timezone';
import type { GlucoseMetricsDto, GlucosePeriod } from '@glucosuivi/domain/measurements/summary.schemas';
import type { WeeklyReport } from '@glucosuivi/domain/reports/reports.schemas';
import { comparePeriods } from '@glucosuivi/domain/measurements/glucose-figures';
import { fhirBundleChunks } from '@glucosuivi/domain/fhir/fhir.bundle';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events/event-bus';
import { mealStatistics } from '@glucosuivi/domain/glucose/logbook';
import type { Actor, Database, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { pgError, PG } from '../../platform/db/pg-error';
import { adviceInTx, ownAdviceInTx, visibleTo } from '../advice/advice.service';
import { ownNameInTx, type ClientInfo } from '../care-team/care-team.service';
import { withPatient } from '../doctor/doctor.service';
import { readingPreferencesInTx } from '../settings/settings.service';
import { countAlertsInPeriod } from '../alerts/alerts.service';
import { exportAllMeasurements, exportGlucosePages, exportHealthMeasurements, glucosePeriodInTx, glucoseReadingsInTx, latestByKindInTx, taggedMeterReadingsInTx } from '../measurements/measurements.service';
import { getProfile, loadPatientContext, requirePatient, type PatientContext } from '../profile/profile.service';
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
  return deps.database.asActor(patient, async (tx) => {
    const context = await loadPatientContext(tx, patient.userId);
    return reportInputInTx(tx, patient.userId, context, now, days, {
      reader: { language: context.language, glucoseUnit: context.glucoseUnit, preparedFor: null },
      glucose: true,
      results: RESULT_CATEGORIES,
      advice: async (period) => (await ownAdviceInTx(deps, tx, patient.userId, context, period)).findings,
    });
  });
}

const RESULT_CATEGORIES = ['hba1c', 'lipids', 'blood_pressure', 'weight'] as const;
type ResultCategory = (typeof RESULT_CATEGORIES)[number];

/** Who reads the report and what of the patient's data it may hold. */
interface ReportScope {
  reader: { language: GlucoseReportInput['language']; glucoseUnit: GlucoseReportInput['glucoseUnit']; preparedFor: string | null };
  glucose: boolean;
  results: readonly ResultCategory[];
  advice: (period: LocalDaysPeriod) => Promise<GlucoseReportInput['advice']>;
}

async function reportInputInTx(tx: Tx, patientId: string, context: PatientContext, now: Date, days: number, scope: ReportScope): Promise<GlucoseReportInput> {
  const period = lastLocalDays(now.getTime(), days, context.timeZone);
  const glucose = scope.glucose ? await glucosePeriodInTx(tx, patientId, context, period) : null;
  const series = scope.glucose ? await glucoseReadingsInTx(tx, patientId, new Date(period.from), new Date(period.to)) : { t: [], v: [] };
  // The meter logbook: only for a meter period, and only when readings carry meal tags.
  const logbook = glucose?.basis === 'meter' ? mealStatistics(await taggedMeterReadingsInTx(tx, patientId, new Date(period.from), new Date(period.to))) : null;
  const latest = await latestByKindInTx(tx, patientId);
  for (const category of RESULT_CATEGORIES) if (!scope.results.includes(category)) latest[category] = null;
  return {
    ...scope.reader,
    patientName: [context.firstName, context.lastName].filter(Boolean).join(' '),
    timeZone: context.timeZone,
    targets: context.targets,
    from: period.from,
    to: period.to,
    days: period.days,
    generatedAt: now.getTime(),
    glucose,
    latest,
    series,
    logbook,
    advice: await scope.advice(period),
  };
}

/**
 * A professional's copy of the patient's report, for a patient who shares `reports` with them
 * (else `not_found`, as for an unknown patient): the same pages, drawn only from the categories
 * shared, in the professional's language and unit, never counted against the patient's plan.
 * The download is written to the patient's access log first, inside the transaction that reads:
 * the database refuses a professional's log row of a category not shared (migration 0035), so
 * without `reports` nothing is read even if the check above were gone.
 */
export async function patientReportPdf(deps: FhirExportDeps, actor: Actor | null, patientId: string, days: number, client: ClientInfo): Promise<Buffer> {
  const input = await withPatient(deps, actor, patientId, client, 'reports', async ({ tx, professional, scopes, now, logRead }) => {
    const visible = visibleTo(scopes);
    const results = RESULT_CATEGORIES.filter((category) => scopes.includes(category));
    try {
      await logRead(['reports', ...new Set([...visible.categories, ...results])]);
    } catch (error) {
      if (pgError(error)?.code === PG.insufficientPrivilege) throw new AppError('not_found');
      throw error;
    }
    const context = await loadPatientContext(tx, patientId);
    const reader = await readingPreferencesInTx(tx, professional.userId);
    return reportInputInTx(tx, patientId, context, now, days, {
      reader: { ...reader, preparedFor: await ownNameInTx(tx, professional.userId) },
      glucose: visible.glucose,
      results,
      advice: (period) => adviceInTx(tx, patientId, context, period, visible),
    });
  });
  return renderGlucoseReport(input);
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
