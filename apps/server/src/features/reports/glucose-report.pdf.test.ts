import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bandPercents, targetsForPreset } from '@glucosuivi/domain/glucose/bands';
import { mealStatistics } from '@glucosuivi/domain/glucose/logbook';
import { hoursAndMinutes, minutesPerDay } from '@glucosuivi/domain/glucose/time-per-day';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { generateManualReadings } from '@glucosuivi/domain/demo/manual-generator';
import { summarizeGlucosePeriod } from '@glucosuivi/domain/measurements/glucose-period';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { scratchDir } from '../../test/scratch';
import { renderGlucoseReport, type GlucoseReportInput } from './glucose-report.pdf';
import { write } from './report-drawing';
import type { ReportLanguage } from './reports.texts';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const ZONE = 'Europe/Paris';
const popplerInstalled = spawnSync('pdftoppm', ['-v']).error === undefined;
const noLatest = { glucose: null, hba1c: null, lipids: null, blood_pressure: null, weight: null, event: null };

/** A report input as the service builds it, from generated readings (no database). */
function reportInput(kind: 'cgm' | 'meter', language: ReportLanguage, glucoseUnit: GlucoseUnit, extra: Partial<GlucoseReportInput> = {}): GlucoseReportInput {
  const period = lastLocalDays(NOW, 14, ZONE);
  const targets = targetsForPreset('standard');
  let t: number[];
  let v: number[];
  let device: number[];
  let logbook: GlucoseReportInput['logbook'] = null;
  if (kind === 'cgm') {
    const cgm = generateCgmDays({ seed: 3, days: 14, endAt: NOW - 5 * 60_000 });
    t = [...cgm.t];
    v = [...cgm.v];
    device = t.map(() => 1);
  } else {
    const manual = generateManualReadings({ seed: 4, days: 14, endAt: NOW - 60_000 }).glucose.filter((g) => g.measuredAt >= period.from);
    t = manual.map((g) => g.measuredAt);
    v = manual.map((g) => g.mgdl);
    device = t.map(() => 0);
    logbook = mealStatistics(manual.map((g) => ({ v: g.mgdl, context: g.context })));
  }
  const glucose = summarizeGlucosePeriod(
    { t: Float64Array.from(t), v: Float64Array.from(v), device: Uint8Array.from(device) },
    { periodStart: period.from, periodEnd: period.to, periodDays: period.days, timeZone: ZONE, targets },
  );
  return {
    language,
    glucoseUnit,
    patientName: 'Camille Martin',
    preparedFor: null,
    timeZone: ZONE,
    targets,
    from: period.from,
    to: period.to,
    days: period.days,
    generatedAt: NOW,
    glucose,
    latest: noLatest,
    series: { t, v },
    logbook,
    advice: [],
    ...extra,
  };
}

async function pdfFile(input: GlucoseReportInput, name: string): Promise<string> {
  const file = join(scratchDir('gs-agp-'), `${name}.pdf`);
  const pdf = await renderGlucoseReport(input);
  writeFileSync(file, pdf);
  if (process.env.KEEP_REPORT_PDF) writeFileSync(`${process.env.KEEP_REPORT_PDF}-${name}.pdf`, pdf);
  return file;
}

/** Pages as pdftoppm renders them (one PNG per page). */
function renderedPages(file: string): number {
  const dir = scratchDir('gs-agp-png-');
  execFileSync('pdftoppm', ['-r', '40', '-png', file, join(dir, 'page')]);
  return readdirSync(dir).filter((f) => f.endsWith('.png')).length;
}

const text = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[\u00A0\u202F]/g, ' ');

describe.skipIf(!popplerInstalled)('the AGP report PDF', () => {
  it('is one page for 14 days of CGM, with each range’s target and time per day, GMI and the CV target with ≤', async () => {
    const input = reportInput('cgm', 'fr', 'mg/dL');
    const file = await pdfFile(input, 'cgm-fr');
    expect(renderedPages(file)).toBe(1);
    const page = text(file);
    for (const heading of ['Statistiques glycémiques et objectifs', 'Temps dans les plages', 'Profil glycémique ambulatoire (AGP)', 'Profils quotidiens']) expect(page).toContain(heading);
    const metrics = input.glucose!.metrics!;
    const printed = bandPercents(metrics.bands);
    const minutes = minutesPerDay(printed);
    const time = (m: number) => {
      const { hours, minutes: rest } = hoursAndMinutes(m);
      return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
    };
    const pct = (x: number) => `${x.toFixed(1).replace('.', ',')} %`;
    // Each range on one line: its label, its target, its share and time per day.
    const rows: [string, string, number, number][] = [
      ['Dans la cible 70–180 mg/dL', '> 70 %', printed.in_range, minutes.in_range],
      ['Sous 70 mg/dL', '< 4 %', printed.low + printed.very_low, minutes.low + minutes.very_low],
      ['Sous 54 mg/dL', '< 1 %', printed.very_low, minutes.very_low],
      ['Au-dessus de 180 mg/dL', '< 25 %', printed.high + printed.very_high, minutes.high + minutes.very_high],
      ['Au-dessus de 250 mg/dL', '< 5 %', printed.very_high, minutes.very_high],
    ];
    // Without -layout each table row is one line of text (-layout may drop a narrow space).
    const raw = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[\u00A0\u202F]/g, ' ');
    for (const [label, target, share, m] of rows) {
      const line = raw.split('\n').find((l) => l.includes(label) && l.includes(target));
      expect(line, label).toBeDefined();
      expect(line!.replace(/\s+/g, ' ')).toContain(`${pct(Math.round(share * 10) / 10)} (${time(m)})`);
    }
    expect(page).toMatch(/Variabilité \(CV\)\s+\d+,\d %\s+Objectif ≤ 36 %/);
    expect(page).not.toContain('<=');
    expect(page).toContain(`GMI`);
    // The y-axis names its unit and the range limits.
    expect(page).toMatch(/mg\/dL/);
  });

  it('prints in the reader’s unit and language', async () => {
    const file = await pdfFile(reportInput('cgm', 'en', 'mmol/L'), 'cgm-en');
    expect(renderedPages(file)).toBe(1);
    const page = text(file);
    for (const label of ['Glucose statistics and targets', 'Target range 3.9–10.0 mmol/L', 'Below 3.9 mmol/L', 'Below 3.0 mmol/L', 'Above 10.0 mmol/L', 'Above 13.9 mmol/L', 'Target ≤ 36%']) {
      expect(page).toContain(label);
    }
    const es = text(await pdfFile(reportInput('cgm', 'es', 'mg/dL'), 'cgm-es'));
    for (const label of ['Estadísticas de glucosa y objetivos', 'En rango 70–180 mg/dL', 'Objetivo ≤ 36 %', 'Perfiles diarios']) expect(es).toContain(label);
  });

  it('keeps the meter report for a meter period, with readings by time of day and the meal logbook', async () => {
    const input = reportInput('meter', 'fr', 'mg/dL');
    const file = await pdfFile(input, 'meter-fr');
    expect(renderedPages(file)).toBe(1);
    const page = text(file);
    for (const present of ['Répartition des mesures', 'Mesures selon l’heure', 'Matin (6 h – 12 h)', 'Carnet : mesures autour des repas', 'Avant repas (à jeun compris)', 'Après repas', '80 – 130 mg/dL', '< 180 mg/dL']) {
      expect(page).toContain(present);
    }
    for (const absent of ['GMI (indicateur', 'Profil glycémique ambulatoire', 'Statistiques glycémiques et objectifs']) expect(page).not.toContain(absent);
    const before = input.logbook!.find((row) => row.group === 'before_meal')!;
    const line = page.split('\n').find((l) => l.includes('Avant repas'))!.replace(/\s+/g, ' ');
    expect(line).toContain(`${before.inTargetPercent!.toFixed(1).replace('.', ',')} % (${before.inTarget}/${before.n})`);
  });

  it('adds a second page only for the results and advice the patient has', async () => {
    const results = {
      ...noLatest,
      hba1c: { id: '00000000-0000-4000-8000-000000000001', kind: 'hba1c' as const, measuredAt: new Date(NOW - 20 * 86_400_000).toISOString(), percent: 7.1, method: 'lab' as const, note: null, createdAt: new Date(NOW).toISOString(), entryUnit: '%' as const },
    } as unknown as GlucoseReportInput['latest'];
    const file = await pdfFile(reportInput('cgm', 'fr', 'mg/dL', { latest: results }), 'cgm-results');
    expect(renderedPages(file)).toBe(2);
    const second = execFileSync('pdftotext', ['-f', '2', '-l', '2', file, '-'], { encoding: 'utf8' });
    expect(second).toContain('Autres résultats');
    expect(second).toContain('HbA1c');
  });

  it('prints ≤, ≥ and − in regular, bold and italic text, which Helvetica’s WinAnsi cannot', async () => {
    const { default: PDFDocument } = await import('pdfkit');
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
    write(doc, 'Helvetica', 'CV ≤ 36 %', 40, 40);
    write(doc, 'Helvetica-Bold', 'TIR ≥ 70 %', 40, 60);
    write(doc, 'Helvetica-Oblique', 'écart − 5 points', 40, 80);
    doc.end();
    await ended;
    const file = join(scratchDir('gs-agp-'), 'glyphs.pdf');
    writeFileSync(file, Buffer.concat(chunks));
    const printed = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(printed).toContain('CV ≤ 36 %');
    expect(printed).toContain('TIR ≥ 70 %');
    expect(printed).toContain('écart − 5 points');
    // Each style has its own embedded fallback: regular, bold and italic DejaVu Sans.
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    for (const face of ['DejaVuSans ', 'DejaVuSans-Bold', 'DejaVuSans-Oblique']) expect(fonts).toContain(face);
  });
});
