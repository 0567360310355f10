import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adviceResponseSchema } from '@glucosuivi/domain/advice/advice.schemas';
import { renderFinding } from '@glucosuivi/domain/advice/advice.texts';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { weeklyReportSchema } from '@glucosuivi/domain/reports/reports.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { userSettings } from '../settings/settings.tables';
import { scratchDir } from '../../test/scratch';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const DAY = 86_400_000;
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

describe('reports: CSV export, PDF report, weekly comparison', () => {
  let t: TestApp;
  let patient: TestUser;

  const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(patient), payload });

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database, { firstName: 'Hélène', lastName: 'Lefèvre-Çelik', glucoseUnit: 'mmol/l' });
    const cgm = generateCgmDays({ seed: 3, days: 14, endAt: NOW - 5 * 60_000 });
    const readings = cgm.t.map((time, i) => ({ measuredAt: new Date(time).toISOString(), value: cgm.v[i] as number }));
    const res = await t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(patient), payload: { source: 'cgm', deviceId: 'libre', unit: 'mg/dL', readings } });
    expect(res.statusCode).toBe(200);
    for (const payload of [
      { kind: 'glucose', measuredAt: new Date(NOW - DAY).toISOString(), value: 3.6, unit: 'mmol/L', context: 'fasting', note: '=HYPERLINK("x");ok' },
      { kind: 'hba1c', measuredAt: new Date(NOW - 20 * DAY).toISOString(), value: 53, unit: 'mmol/mol' },
      { kind: 'lipids', measuredAt: new Date(NOW - 20 * DAY).toISOString(), unit: 'g/L', total: 1.9, hdl: 0.5, ldl: 1.15, triglycerides: 1.2 },
      { kind: 'blood_pressure', measuredAt: new Date(NOW - 2 * DAY).toISOString(), systolic: 132, diastolic: 84, pulse: 70 },
      { kind: 'weight', measuredAt: new Date(NOW - 3 * DAY).toISOString(), kg: 68.5 },
      { kind: 'event', measuredAt: new Date(NOW - 3 * DAY).toISOString(), event: { type: 'insulin', units: 6.5, insulinType: 'rapid' } },
    ]) {
      expect((await add(payload)).statusCode).toBe(201);
    }
  }, 60_000);
  afterAll(async () => t?.close());

  it('exports every record as French-Excel CSV: BOM, semicolons, decimal commas, one line per record', async () => {
    const res = await t.app.inject({ url: '/api/measurements/export.csv', headers: actingAs(patient) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const [header, ...rows] = lines;
    expect(header?.split(';')[0]).toBe('Date (heure locale)');
    // Every glucose record lies within the last 30 days.
    const glucoseCount = Number((await t.app.inject({ url: '/api/measurements/summary?days=30', headers: actingAs(patient) })).json().counts.glucose);
    expect(rows).toHaveLength(glucoseCount + 5);
    const manual = rows.find((r) => r.includes('fasting'));
    // canonical 64,9 mg/dL, and 3,6 in the patient's unit (mmol/L); the note is quoted and defused.
    expect(manual?.split(';').slice(2, 7)).toEqual(['Glycémie', '64,9', 'mg/dL', '3,6', 'mmol/L']);
    expect(manual).toContain(`"'=HYPERLINK(""x"");ok"`);
    const lipids = rows.find((r) => r.includes('Bilan lipidique'))?.split(';');
    expect(lipids?.slice(7, 11)).toEqual(['190', '50', '115', '120']);
    expect(rows.find((r) => r.includes('HbA1c'))?.split(';').slice(3, 7)).toEqual(['7', '%', '53', 'mmol/mol']);
  });

  it.skipIf(!hasPdftotext)('renders the AGP report on one first page, the results and advice on a second one', async () => {
    const res = await t.app.inject({ url: '/api/reports/glucose.pdf?days=14', headers: actingAs(patient) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(scratchDir('gs-pdf-'), 'report.pdf');
    writeFileSync(file, res.rawPayload);
    if (process.env.KEEP_REPORT_PDF) writeFileSync(process.env.KEEP_REPORT_PDF, res.rawPayload);
    const info = execFileSync('pdfinfo', [file]).toString();
    // The patient has results and findings: the report page, then the page of what they added.
    expect(info).toMatch(/Pages:\s+2\n/);
    const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-raw', file, '-']).toString();
    for (const section of ['Statistiques glycémiques et objectifs', 'Temps dans les plages', 'Profil glycémique ambulatoire (AGP)', 'Profils quotidiens']) expect(firstPage).toContain(section);
    expect(firstPage).not.toContain('Autres résultats');
    const secondPage = execFileSync('pdftotext', ['-f', '2', '-l', '2', '-raw', file, '-']).toString();
    expect(secondPage).toContain('Autres résultats');
    expect(secondPage).toContain('HbA1c');
    const text = execFileSync('pdftotext', ['-raw', file, '-']).toString();
    expect(text).toContain('Hélène Lefèvre-Çelik');
    expect(text).toContain('GMI');
    // The patient reads mmol/L: the ranges and the axis in mmol/L.
    expect(text).toContain('Dans la cible 3,9–10,0 mmol/L');
    expect(text).toMatch(/Objectif ≤ 36 %/);
    // French typography: a space before the colon and the percent sign (a non-breaking one in
    // the PDF; pdftotext prints it as a plain space, reports.texts.test.ts checks the character).
    expect(text).toMatch(/Patient : /);
    expect(text).toMatch(/\d %/);
    expect(text).not.toMatch(/\d%/);
  });

  it.skipIf(!hasPdftotext)("prints the period's advice findings as the patient reads them, with the 15/15 rule", async () => {
    const advice = adviceResponseSchema.parse((await t.app.inject({ url: '/api/advice?days=14', headers: actingAs(patient) })).json());
    // The generated fortnight has night lows below 54 mg/dL: the most pressing finding names them.
    expect(advice.findings[0]).toMatchObject({ kind: 'night_hypo', showHypoTreatment: true });
    const res = await t.app.inject({ url: '/api/reports/glucose.pdf?days=14', headers: actingAs(patient) });
    const file = join(scratchDir('gs-pdf-'), 'advice.pdf');
    writeFileSync(file, res.rawPayload);
    // Without -layout, each paragraph comes out as running text whatever the columns.
    const text = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
    expect(text).toContain('Points à discuter avec votre équipe soignante');
    for (const finding of advice.findings) {
      const rendered = renderFinding(finding, 'fr', 'mmol/L');
      expect(text).toContain(rendered.title);
      expect(text).toContain(rendered.discuss.replace(/\s+/g, ' '));
    }
    const night = renderFinding(advice.findings[0]!, 'fr', 'mmol/L');
    expect(text).toContain(night.evidence[0]!.replace(/[\u202F\u00A0]/g, ' '));
    expect(text).toContain('Prenez 15 g de sucre rapide, puis contrôlez à nouveau après 15 minutes.');
    expect(text).toContain('appelez le 15 (SAMU) ou le 112');
  });
  if (!hasPdftotext) it.skip('PDF text check skipped: pdftotext is not installed (apt-get install poppler-utils)', () => undefined);

  it('writes the PDF labels in the patient’s language', async () => {
    const english = await createTestUser(t.database, { firstName: 'John' });
    await t.database.db.update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, english.userId));
    const res = await t.app.inject({ url: '/api/reports/glucose.pdf', headers: actingAs(english) });
    expect(res.statusCode).toBe(200);
    if (!hasPdftotext) return;
    const file = join(scratchDir('gs-pdf-'), 'en.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('Glucose report');
    expect(text).toContain('No glucose readings in this period.');
  });

  it('compares the last 7 days with the 7 before', async () => {
    const res = await t.app.inject({ url: '/api/reports/weekly', headers: actingAs(patient) });
    expect(res.statusCode).toBe(200);
    const report = weeklyReportSchema.parse(res.json());
    expect(report).toMatchObject({ glucoseUnit: 'mmol/L', timeZone: 'Europe/Paris' });
    expect(report.current.to).toBe(new Date(NOW).toISOString());
    expect(report.previous.to).toBe(report.current.from);
    // A sensor fortnight and one finger-stick: read from the sensor, and comparable.
    expect(report.current.basis).toBe('mixed');
    expect(report.comparison).toEqual({ comparable: true, reason: null });
    expect(report.deltas.mean).toBeCloseTo((report.current.metrics?.mean ?? 0) - (report.previous.metrics?.mean ?? 0), 9);
  });

  it('gives a new patient with one reading no GMI, GRI or sensor time and no trend against an empty week', async () => {
    const newcomer = await createTestUser(t.database, { firstName: 'Nouveau' });
    const one = { kind: 'glucose', measuredAt: new Date(NOW - 3_600_000).toISOString(), value: 112, unit: 'mg/dL', context: 'fasting' };
    expect((await t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(newcomer), payload: one })).statusCode).toBe(201);
    const summary = (await t.app.inject({ url: '/api/measurements/summary?days=14', headers: actingAs(newcomer) })).json();
    expect([summary.glucose.metrics.gmi, summary.glucose.metrics.gri, summary.glucose.metrics.activePercent]).toEqual([null, null, null]);
    expect(summary.glucose.figures).toMatchObject({ basis: 'meter', cgm: false, cgmWithheld: 'no_cgm', enough: false });
    const report = weeklyReportSchema.parse((await t.app.inject({ url: '/api/reports/weekly', headers: actingAs(newcomer) })).json());
    expect(report.comparison).toEqual({ comparable: false, reason: 'current_too_little' });
    expect(Object.values(report.deltas).every((d) => d === null)).toBe(true);
    if (!hasPdftotext) return;
    const file = join(scratchDir('gs-pdf-'), 'one.pdf');
    writeFileSync(file, (await t.app.inject({ url: '/api/reports/glucose.pdf?days=14', headers: actingAs(newcomer) })).rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    for (const absent of ['GMI (indicateur', 'Indice de risque glycémique', 'Temps de capteur actif', 'Temps dans la cible']) expect(text).not.toContain(absent);
    expect(text).toContain('Mesures dans la cible');
  });

  it.skipIf(!hasPdftotext)('prints no GMI, GRI, sensor time or AGP for a sensor worn 3 days of 14, and says why', async () => {
    const briefly = await createTestUser(t.database, { firstName: 'Bref' });
    const cgm = generateCgmDays({ seed: 5, days: 3, endAt: NOW - 5 * 60_000 });
    const readings = cgm.t.map((time, i) => ({ measuredAt: new Date(time).toISOString(), value: cgm.v[i] as number }));
    const up = await t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(briefly), payload: { source: 'cgm', deviceId: 'libre', unit: 'mg/dL', readings } });
    expect(up.statusCode).toBe(200);
    const file = join(scratchDir('gs-pdf-'), 'brief.pdf');
    writeFileSync(file, (await t.app.inject({ url: '/api/reports/glucose.pdf?days=14', headers: actingAs(briefly) })).rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    for (const absent of ['GMI (indicateur', 'Indice de risque glycémique', 'Temps de capteur actif', 'Profil glycémique ambulatoire']) expect(text).not.toContain(absent);
    expect(text.replace(/\s+/g, ' ')).toContain('Le capteur a fonctionné moins de 70 % de la période');
  });

  it('refuses a PDF period other than 7, 14, 30 or 90 days', async () => {
    expect((await t.app.inject({ url: '/api/reports/glucose.pdf?days=3', headers: actingAs(patient) })).statusCode).toBe(400);
  });
});
