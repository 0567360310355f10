import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviceResponseSchema } from '@glucosuivi/domain/advice/advice.schemas';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import { roundHalfUp } from '@glucosuivi/domain/glucose/stats';
import { bandPercents } from '@glucosuivi/domain/glucose/bands';
import { buildAppWithServices, type App } from '../../app';
import { fixedClock } from '../../platform/clock';
import { rowsOf } from '../../platform/db/open-database';
import { actingAs, headerActor } from '../../test/fixtures';
import { TEST_ORIGIN } from '../../test/test-app';
import { createTestDatabase, MIGRATIONS_FOLDER, type TestDatabase } from '../../test/test-database';
import { glucoseReportInput } from '../reports/reports.service';
import { unzipTexts } from '../../test/unzip';
import { seedDemo } from './demo.seed';
import { scratchDir } from '../../test/scratch';

/**
 * "The last 14 days" of the demo CGM patient, read through every surface that shows it: the
 * patient's dashboard, the professional's list and patient page, a share link made for those
 * days, the weekly report and the PDF. One rule (lastLocalDays) gives one set of figures.
 */
describe('the demo CGM patient through every surface', () => {
  let database: TestDatabase;
  let built: App;
  // 09:00 UTC is 10:00 in Paris: UTC midnight and Paris midnight differ, as do now − 14 × 24 h
  // and the start of the 14th local day, so any surface using another rule shows other numbers.
  const now = new Date('2026-11-24T09:00:00Z');
  const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
  let camille: { userId: string; role: 'patient' };
  let jean: { userId: string; role: 'patient' };
  let doctor: { userId: string; role: 'doctor' };

  beforeAll(async () => {
    database = await createTestDatabase();
    built = await buildAppWithServices({
      database,
      clock: fixedClock(now),
      migrationsFolder: MIGRATIONS_FOLDER,
      version: 'test',
      mailer: { send: async () => undefined },
      authSecret: 'test-secret-test-secret-test-secret-0123456789',
      publicUrl: TEST_ORIGIN,
      adminEmails: ['admin@glucosuivi.fr'],
      resolveActor: headerActor,
    });
    await built.app.ready();
    await seedDemo({ accountsDeps: built.accountsDeps, database, dataDir: scratchDir('gs-period-'), adminEmail: 'admin@glucosuivi.fr', now, days: 90 });
    const idOf = async (email: string) =>
      rowsOf<{ id: string }>(await database.db.execute(sql`select id from "user" where email = ${email}`))[0]!.id;
    camille = { userId: await idOf('camille.dupont@demo.glucosuivi.fr'), role: 'patient' };
    jean = { userId: await idOf('jean.martin@demo.glucosuivi.fr'), role: 'patient' };
    doctor = { userId: await idOf('dr.bernard@demo.glucosuivi.fr'), role: 'doctor' };
  }, 600_000);
  afterAll(async () => {
    await built?.app.close();
    await database?.destroy();
  });

  const get = async (url: string, actor?: { userId: string; role: string }) => {
    const res = await built.app.inject({ url, headers: actor ? actingAs(actor as never) : {} });
    expect(res.statusCode, url).toBe(200);
    return res;
  };

  it('gives the same readings, time in range and mean on the dashboard, triage, patient page, share page, weekly report and PDF', async () => {
    const period = lastLocalDays(now.getTime(), 14, 'Europe/Paris');
    const dashboard = (await get('/api/measurements/summary?days=14', camille)).json();
    const metrics = dashboard.glucose.metrics;
    expect(dashboard.period.from).toBe(new Date(period.from).toISOString());
    expect(dashboard.glucose.basis).toBe('cgm');
    // The database's own count of the period's readings.
    const n = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from glucose_readings where patient_id = ${camille.userId} and measured_at >= ${new Date(period.from).toISOString()}::timestamptz and measured_at < ${now.toISOString()}::timestamptz`,
      ),
    )[0]!.n;
    expect(dashboard.glucose.readings).toBe(n);
    expect(metrics.n).toBe(n);
    expect(metrics.daysOfData).toBe(14);

    // The professional's list (standard bands; the demo patient has the standard targets).
    const triage = (await get('/api/doctor/patients?filter=all&sort=worst_first', doctor)).json();
    const row = triage.items.find((r: { patientId: string }) => r.patientId === camille.userId);
    expect(row.glucose.readings).toBe(n);
    expect(row.glucose.inRange).toBe(bandPercents(metrics.bands).in_range);
    expect(row.glucose.gmi).toBe(roundHalfUp(metrics.gmi, 1));

    // The professional's patient page.
    const page = (await get(`/api/doctor/patients/${camille.userId}/summary?days=14`, doctor)).json();
    expect(page.summary.period).toEqual(dashboard.period);
    expect(page.summary.glucose.readings).toBe(n);
    expect(page.summary.glucose.metrics.bands).toEqual(metrics.bands);
    expect(page.summary.glucose.metrics.mean).toBe(metrics.mean);

    // A share link for those 14 days, as the share form makes it.
    const created = await built.app.inject({
      method: 'POST',
      url: '/api/care-team/share-links',
      // A state-changing request from the app's own pages carries its Origin.
      headers: { ...actingAs(camille), origin: TEST_ORIGIN },
      payload: { categories: ['glucose'], from: new Date(period.from).toISOString(), to: now.toISOString(), expiresInHours: 24 },
    });
    expect(created.statusCode).toBe(201);
    const share = (await get(`/api/share/${created.json().path.split('/').pop()}`)).json();
    expect(share.summary.period.days).toBe(14);
    expect(share.summary.glucose.readings).toBe(n);
    expect(share.summary.glucose.metrics.bands).toEqual(metrics.bands);
    expect(share.summary.glucose.metrics.mean).toBe(metrics.mean);

    // The weekly report: this week is the dashboard's 7 days, and both weeks make the 14.
    const weekly = (await get('/api/reports/weekly', camille)).json();
    const seven = (await get('/api/measurements/summary?days=7', camille)).json();
    expect(weekly.current.from).toBe(seven.period.from);
    expect(weekly.current.readings).toBe(seven.glucose.readings);
    expect(weekly.current.metrics.bands).toEqual(seven.glucose.metrics.bands);
    expect(weekly.current.metrics.mean).toBe(seven.glucose.metrics.mean);
    expect(weekly.previous.from).toBe(dashboard.period.from);
    expect(weekly.current.readings + weekly.previous.readings).toBe(n);

    // The PDF: what it is given to print, and (where pdftotext exists, as in CI) the printed
    // text (shares with one decimal as on the dashboard, mg/dL without decimals).
    const input = await glucoseReportInput({ database, clock: fixedClock(now) }, camille, 14);
    expect(input.from).toBe(period.from);
    expect(input.days).toBe(14);
    expect(input.glucose?.readings).toBe(n);
    expect(input.glucose?.metrics?.bands).toEqual(metrics.bands);
    expect(input.glucose?.metrics?.mean).toBe(metrics.mean);
    expect(input.series.t).toHaveLength(n);
    if (hasPdftotext) {
      const pdf = await get('/api/reports/glucose.pdf?days=14', camille);
      const dir = scratchDir('gs-period-pdf-');
      writeFileSync(join(dir, 'r.pdf'), pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-raw', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).replace(/[\u00A0\u202F]/g, ' ');
      // The AGP report's statistics: one line per figure, its label first, then its value (and target).
      const lines = text.split('\n');
      const lineOf = (label: string) => lines.find((l) => l.startsWith(label)) ?? '';
      expect(lineOf('Mesures ').replace(/\s/g, '')).toBe(`Mesures${n}`);
      expect(lineOf('Dans la cible 70–180 mg/dL > 70 %')).toContain(`${bandPercents(metrics.bands).in_range.toFixed(1).replace('.', ',')} % (`);
      expect(lineOf('Glycémie moyenne')).toContain(`${Math.round(metrics.mean)} mg/dL`);
      expect(text).toContain('14 jours');
    }
  }, 120_000);

  it('shows Jean, who uses a meter, meter figures on every surface: no GMI, GRI, sensor time or unfounded trend', async () => {
    const dashboard = (await get('/api/measurements/summary?days=14', jean)).json();
    const metrics = dashboard.glucose.metrics;
    expect(dashboard.glucose.basis).toBe('meter');
    expect([metrics.gmi, metrics.gri, metrics.griZone, metrics.activePercent, dashboard.glucose.agp]).toEqual([null, null, null, null, null]);
    expect(dashboard.glucose.figures).toMatchObject({ cgm: false, cgmWithheld: 'no_cgm' });
    expect(dashboard.glucose.meter.readingsPerDay).toBeCloseTo(dashboard.glucose.readings / 14, 1);

    // The professional's list and patient page: the same rule.
    const triage = (await get('/api/doctor/patients?filter=all&sort=worst_first', doctor)).json();
    const row = triage.items.find((r: { patientId: string }) => r.patientId === jean.userId);
    expect(row.glucose.readings).toBe(dashboard.glucose.readings);
    expect(row.glucose.gmi).toBeNull();
    const page = (await get(`/api/doctor/patients/${jean.userId}/summary?days=14`, doctor)).json();
    expect([page.summary.glucose.metrics.gmi, page.summary.glucose.metrics.gri, page.summary.glucose.metrics.activePercent]).toEqual([null, null, null]);

    // The weekly report: meter weeks, compared only when both hold a reading a day on average.
    const weekly = (await get('/api/reports/weekly', jean)).json();
    expect(weekly.current.basis).toBe('meter');
    expect([weekly.deltas.gmi, weekly.deltas.gri, weekly.deltas.activePercent]).toEqual([null, null, null]);
    expect(weekly.comparison.comparable).toBe(weekly.current.readings >= 7 && weekly.previous.readings >= 7);

    // Advice reads him as a meter user: shares "of your readings", never a sensor's wear time.
    const advice = adviceResponseSchema.parse((await get('/api/advice?days=14', jean)).json());
    for (const finding of advice.findings) {
      if (finding.kind === 'insufficient_data') expect(finding.evidence.source).toBe('meter');
      if (finding.kind === 'time_below_range') expect(finding.evidence.basis).toBe('readings');
      expect(['high_variability', 'tir_change']).not.toContain(finding.kind);
    }

    if (hasPdftotext) {
      const pdf = await get('/api/reports/glucose.pdf?days=14', jean);
      const dir = scratchDir('gs-meter-pdf-');
      writeFileSync(join(dir, 'r.pdf'), pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).replace(/[\u00A0\u202F]/g, ' ');
      for (const absent of ['Temps dans la cible', 'GMI (indicateur', 'Indice de risque glycémique', 'Temps de capteur actif', 'Profil glycémique ambulatoire']) expect(text).not.toContain(absent);
      for (const present of ['Répartition des mesures', 'Mesures dans la cible', 'Mesures par jour', 'Écart type', 'Mesures sous 70 mg/dL', 'Mesures au-dessus de 180 mg/dL', 'Mesures selon l’heure', 'Carnet : mesures autour des repas', 'Avant repas (à jeun compris)']) {
        expect(text).toContain(present);
      }
      expect(text.replace(/\s+/g, ' ')).toContain('ne se calculent qu’à partir d’un capteur de glucose en continu');
    }
  }, 120_000);

  it("names Camille's recurring night hypos over 14 days, and Dr Bernard sees the same finding", async () => {
    const period = lastLocalDays(now.getTime(), 14, 'Europe/Paris');
    const own = adviceResponseSchema.parse((await get('/api/advice?days=14', camille)).json());
    expect(own.period).toEqual({ start: period.from, end: now.getTime(), days: 14 });
    const night = own.findings.find((f) => f.kind === 'night_hypo');
    if (night?.kind !== 'night_hypo') throw new Error('no night_hypo finding for the demo patient');
    expect(night.evidence.nights.length).toBeGreaterThanOrEqual(2);
    // Last night's seeded hypo is one of them; every night lies in the period.
    expect(night.evidence.nights.at(-1)?.date).toBe(period.lastDay);
    for (const n of night.evidence.nights) expect(n.start >= period.from && n.end <= now.getTime()).toBe(true);
    const seen = adviceResponseSchema.parse((await get(`/api/doctor/patients/${camille.userId}/advice?days=14`, doctor)).json());
    expect(seen.findings.find((f) => f.kind === 'night_hypo')).toEqual(night);
  });

  it('puts all 90 days of readings in the data archive', async () => {
    const res = await get('/api/accounts/export.zip', camille);
    const files = unzipTexts(res.rawPayload);
    const readings = JSON.parse(files['mesures/glycemies.json'] as string) as { id: string; measuredAt: string }[];
    const stored = rowsOf<{ n: number; first: string | Date }>(
      await database.db.execute(sql`select count(*)::int as n, min(measured_at) as first from glucose_readings where patient_id = ${camille.userId}`),
    )[0]!;
    // 90 days of a sensor with realistic gaps: the first reading is 90 days old.
    expect(new Date(stored.first).getTime()).toBeLessThan(now.getTime() - 89 * 86_400_000);
    expect(stored.n).toBeGreaterThan(80 * 288);
    expect(readings).toHaveLength(stored.n);
    expect(new Set(readings.map((r) => r.id)).size).toBe(stored.n);
    expect(readings[0]?.measuredAt).toBe(new Date(stored.first).toISOString());
    expect((files['mesures/glycemies.csv'] as string).trimEnd().split('\r\n')).toHaveLength(stored.n + 1);
  }, 120_000);

  it("keeps every patient's daily aggregates equal to a recomputation from the readings", async () => {
    // The seed loads CGM uploads in bulk (triggers off, aggregates rebuilt per upload) and Jean's
    // readings one by one (triggers on): both must leave what the readings say, day by local day.
    const fromReadings = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`
        with r as (
          select g.patient_id, (g.measured_at at time zone glucose_patient_zone(g.patient_id))::date as day,
                 g.value_mgdl::float8 as v, floor(g.value_mgdl::float8 + 0.5) as b, g.source, g.measured_at
            from glucose_readings g)
        select patient_id, day::text as day, count(*)::int as n,
               (count(*) filter (where source in ('cgm', 'import', 'nightscout')))::int as n_device,
               (count(*) filter (where b < 54))::int as n_very_low,
               (count(*) filter (where b >= 54 and b < 70))::int as n_low,
               (count(*) filter (where b >= 70 and b <= 180))::int as n_in_range,
               (count(*) filter (where b > 180 and b <= 250))::int as n_high,
               (count(*) filter (where b > 250))::int as n_very_high,
               max(measured_at) as last_at, sum(v)::real as sum_mgdl, sum(v * v)::real as sum_squares
          from r group by patient_id, day order by patient_id, day`),
    );
    const kept = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`
        select patient_id, day::text as day, n, n_device, n_very_low, n_low, n_in_range, n_high, n_very_high, last_at, sum_mgdl, sum_squares
          from glucose_daily_aggregates order by patient_id, day`),
    );
    // Camille's 90 days, Jean's and the 28 other patients' 14.
    expect(new Set(fromReadings.map((row) => row.patient_id)).size).toBe(30);
    expect(kept).toHaveLength(fromReadings.length);
    kept.forEach((row, i) => {
      const { sum_mgdl: sum, sum_squares: squares, ...counts } = row;
      const { sum_mgdl: expectedSum, sum_squares: expectedSquares, ...expectedCounts } = fromReadings[i]!;
      expect(counts).toEqual(expectedCounts);
      // Sums kept as real (float4), possibly added in another order: equal to float4 precision.
      expect(Math.abs(Number(sum) - Number(expectedSum))).toBeLessThanOrEqual(1e-6 * Number(expectedSum));
      expect(Math.abs(Number(squares) - Number(expectedSquares))).toBeLessThanOrEqual(1e-6 * Number(expectedSquares));
    });
  });
});
