import type PDFKitDocument from 'pdfkit';
import type { AdviceFinding } from '@glucosuivi/domain/advice/advice.schemas';
import { renderFinding } from '@glucosuivi/domain/advice/advice.texts';
import { bandLimits as domainBandLimits, bandPercents, type GlucoseTargets } from '@glucosuivi/domain/glucose/bands';
import { formatGlucoseNumber, formatHba1c, glucoseDecimals, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { dayNumberToIsoDate, getZoneOffsetResolver, localDayNumber, localToUtc, DAY_MS } from '@glucosuivi/domain/glucose/timezone';
import type { GlucosePeriod, Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { formatDate, formatNumber, formatPercent, NBSP, REPORT_LOCALES, REPORT_TEXTS, winAnsi, type ReportLanguage, type ReportTexts } from './reports.texts';

/**
 * The one-page AGP-style report, drawn with pdfkit's vector paths and its built-in Helvetica
 * (WinAnsi: French and Spanish accents, no emoji, no U+202F — see reports.texts.ts).
 */

export interface GlucoseReportInput {
  language: ReportLanguage;
  patientName: string;
  timeZone: string;
  glucoseUnit: GlucoseUnit;
  targets: GlucoseTargets;
  from: number;
  to: number;
  days: number;
  generatedAt: number;
  glucose: GlucosePeriod;
  latest: Summary['latest'];
  /** Readings of the period (ascending) for the daily charts. */
  series: { t: ArrayLike<number>; v: ArrayLike<number> };
  /** The period's advice findings, most pressing first (GET /api/advice gives the same). */
  advice: AdviceFinding[];
}

const COLORS = {
  very_high: '#E67E22',
  high: '#F5B041',
  in_range: '#27AE60',
  low: '#E74C3C',
  very_low: '#922B21',
  text: '#1C2833',
  muted: '#5D6D7E',
  grid: '#D5D8DC',
  band95: '#AED6F1',
  band75: '#5DADE2',
  median: '#1A5276',
  target: '#A9DFBF',
};
const BAND_ORDER = ['very_high', 'high', 'in_range', 'low', 'very_low'] as const;
const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const Y_MAX_MGDL = 350;
const Y_MIN_MGDL = 40;

export async function renderGlucoseReport(input: GlucoseReportInput): Promise<Buffer> {
  const t = REPORT_TEXTS[input.language];
  // pdfkit and its font metrics load with the first PDF drawn, not at every server start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: `GlucoSuivi — ${t.title}`, Author: 'GlucoSuivi' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const page: Page = {
    doc,
    input,
    t,
    left: PAGE.margin,
    width: PAGE.width - 2 * PAGE.margin,
    glucoseText: (mgdl: number) =>
      `${formatGlucoseNumber(mgdl, input.glucoseUnit, REPORT_LOCALES[input.language])}${NBSP}${input.glucoseUnit}`,
    label: (name: string) => `${name}${t.colon} `,
  };

  drawHeader(page);
  let y = doc.y + 8;
  const metrics = input.glucose.metrics;
  if (!metrics) {
    doc.fillColor(COLORS.text).fontSize(11).text(t.noGlucose, page.left, y);
    y = doc.y + 10;
  } else {
    y = drawGlucoseSections(page, metrics, y);
  }
  drawOtherResults(page, y);
  drawAdvice(page);
  drawDisclaimer(page);

  doc.end();
  return done;
}

type Doc = InstanceType<typeof PDFKitDocument>;
type Box = { x: number; y: number; w: number; h: number };
type Metrics = NonNullable<GlucosePeriod['metrics']>;

/** What every section of the page draws with: the document, its input and texts, the column and the formatters. */
interface Page {
  doc: Doc;
  input: GlucoseReportInput;
  t: ReportTexts;
  left: number;
  width: number;
  glucoseText: (mgdl: number) => string;
  label: (name: string) => string;
}

function drawHeader({ doc, input, t, left, label }: Page): void {
  doc.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(16).text(`GlucoSuivi — ${t.title}`, left, PAGE.margin);
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.text);
  doc.text(`${label(t.patient)}${input.patientName}`);
  doc.text(t.period(formatDate(input.language, input.from, input.timeZone), formatDate(input.language, input.to - 1, input.timeZone), input.days));
  doc.fillColor(COLORS.muted).fontSize(8).text(t.generatedOn(formatDate(input.language, input.generatedAt, input.timeZone)));
}

/** Time in ranges with the metrics, then the AGP and the daily charts; returns the y below them. */
function drawGlucoseSections(page: Page, metrics: Metrics, top: number): number {
  const { doc, input, t, left, width } = page;
  const { figures } = input.glucose;
  // A meter's shares are shares of its readings, not of time.
  const heading = figures.basis === 'meter' ? t.readingsInRanges : t.timeInRanges;
  doc.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(11).text(heading, left, top);
  let y = doc.y + 4;
  const barH = 150;
  // The shares as the dashboard prints them: one decimal, adding up to exactly 100 %.
  const printed = bandPercents(metrics.bands);
  drawBandBar(page, metrics, printed, { x: left, y, w: 26, h: barH });
  const my = drawMetrics(page, metrics, printed, y);
  y = Math.max(y + barH + 8, my);
  // Why GMI, GRI, sensor time and the AGP are missing; else whether the report is representative.
  const note = figures.cgmWithheld ? t.cgmWithheld[figures.cgmWithheld] : !metrics.sufficiency.sufficient ? t.insufficient : null;
  if (note) {
    // A meter's note explains, it does not warn.
    doc.font('Helvetica-Oblique').fontSize(8).fillColor(figures.cgmWithheld === 'no_cgm' ? COLORS.muted : COLORS.low).text(note, left, y, { width });
    y = doc.y + 6;
  }

  if (input.glucose.agp) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(COLORS.text).text(t.agp, left, y);
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted).text(t.agpLegend);
    y = doc.y + 4;
    drawAgp(doc, input, { x: left + 46, y, w: width - 46, h: 170 }, page.glucoseText);
    y += 170 + 18;
  }

  // Daily mini charts: the last 14 local days of the period.
  doc.font('Helvetica-Bold').fontSize(11).fillColor(COLORS.text).text(t.daily, left, y);
  y = doc.y + 4;
  return drawDaily(doc, input, { x: left, y, w: width }) + 8;
}

type BandShares = ReturnType<typeof bandPercents>;

/** The stacked band bar and, beside it, each band's bounds and printed share. */
function drawBandBar({ doc, input, t }: Page, metrics: Metrics, printed: BandShares, bar: Box): void {
  // The same bounds as the dashboard's labels (domain bandLimits), printed in the patient's unit.
  const shown = (value: number) => `${formatNumber(input.language, value, glucoseDecimals(input.glucoseUnit))}${NBSP}${input.glucoseUnit}`;
  const bandLimits = Object.fromEntries(
    domainBandLimits(input.targets.range, input.glucoseUnit).map(({ band, from, to }) => [
      band,
      from === null ? (band === 'very_low' ? `< ${shown(to as number)}` : `> ${shown(to as number)}`) : `${shown(from)} – ${shown(to as number)}`,
    ]),
  ) as Record<(typeof BAND_ORDER)[number], string>;
  let cursor = bar.y;
  for (const band of BAND_ORDER) {
    const share = metrics.bands[band];
    const h = Math.max((bar.h * share) / 100, share > 0 ? 1 : 0);
    doc.rect(bar.x, cursor, bar.w, h).fill(COLORS[band]);
    cursor += h;
  }
  let legendY = bar.y;
  for (const band of BAND_ORDER) {
    doc.rect(bar.x + bar.w + 8, legendY + 2, 8, 8).fill(COLORS[band]);
    doc.fillColor(COLORS.text).font('Helvetica').fontSize(9);
    doc.text(`${t.bands[band]} (${bandLimits[band]})${t.colon} ${formatPercent(input.language, printed[band], 1)}`, bar.x + bar.w + 20, legendY, {
      width: 230,
    });
    legendY += 30;
  }
}

/** The metrics column on the right; returns the y below its last line. */
function drawMetrics({ doc, input, t, left, width, glucoseText }: Page, metrics: Metrics, printed: BandShares, top: number): number {
  const mx = left + 300;
  let my = top;
  const metricLine = (name: string, value: string) => {
    doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted).text(name, mx, my, { width: width - 300 });
    my = doc.y;
    doc.font('Helvetica-Bold').fontSize(12).fillColor(COLORS.text).text(value, mx, my);
    my = doc.y + 4;
  };
  const meter = input.glucose.meter;
  metricLine(meter ? t.readingsInRange : t.timeInRange, formatPercent(input.language, printed.in_range, 1));
  metricLine(t.mean, glucoseText(metrics.mean));
  if (metrics.gmi !== null) metricLine(t.gmi, formatPercent(input.language, metrics.gmi, 1));
  if (meter) metricLine(t.sd, metrics.sd === null ? '—' : glucoseText(metrics.sd));
  metricLine(t.cv, metrics.cv === null ? '—' : formatPercent(input.language, metrics.cv, 1));
  if (metrics.gri !== null && metrics.griZone !== null) metricLine(t.gri(metrics.griZone), formatNumber(input.language, metrics.gri, 0));
  if (metrics.activePercent !== null) metricLine(t.activeTime, formatPercent(input.language, metrics.activePercent));
  metricLine(t.readings, formatNumber(input.language, metrics.n, 0));
  if (meter) {
    const { range } = input.targets;
    metricLine(t.readingsPerDay, formatNumber(input.language, meter.readingsPerDay, 1));
    metricLine(t.lows(glucoseText(range.lowBelow)), t.countWithin(meter.lows, meter.veryLows, glucoseText(range.veryLowBelow), 'below'));
    metricLine(t.highs(glucoseText(range.highAbove)), t.countWithin(meter.highs, meter.veryHighs, glucoseText(range.veryHighAbove), 'above'));
  }
  return my;
}

/** HbA1c, lipids, blood pressure and weight (latest of each). */
function drawOtherResults({ doc, input, t, left, label }: Page, y: number): void {
  doc.font('Helvetica-Bold').fontSize(11).fillColor(COLORS.text).text(t.otherResults, left, y);
  doc.font('Helvetica').fontSize(9);
  const when = (iso: string) => ` (${formatDate(input.language, Date.parse(iso), input.timeZone)})`;
  const { hba1c, lipids, blood_pressure: bp, weight } = input.latest;
  doc.text(
    `${label(t.hba1c)}${hba1c ? `${formatPercent(input.language, hba1c.percent, 1)} / ${formatHba1c(hba1c.percent, 'mmol/mol')}${NBSP}mmol/mol${when(hba1c.measuredAt)}` : t.none}`,
  );
  if (lipids) {
    const parts = (['total', 'hdl', 'ldl', 'triglycerides'] as const)
      .map((k) => {
        const value = lipids[`${k}Mgdl`];
        return value === null ? null : `${t.lipidNames[k]} ${formatNumber(input.language, value / 100, 2)}${NBSP}g/L`;
      })
      .filter((part): part is string => part !== null);
    doc.text(`${label(t.lipids)}${parts.join(', ')}${when(lipids.measuredAt)}`);
  } else {
    doc.text(`${label(t.lipids)}${t.none}`);
  }
  doc.text(`${label(t.bloodPressure)}${bp ? `${bp.systolic}/${bp.diastolic}${NBSP}mmHg${when(bp.measuredAt)}` : t.none}`);
  doc.text(`${label(t.weight)}${weight ? `${formatNumber(input.language, weight.kg, 1)}${NBSP}kg${when(weight.measuredAt)}` : t.none}`);
}

/** Facts printed per finding; a post-meal finding over 90 days may hold dozens. */
const ADVICE_EVIDENCE_SHOWN = 4;

/**
 * The findings as the patient reads them on screen (renderFinding, in the report's language and
 * unit), kept short: the title, the first facts of the evidence as one paragraph, what to
 * discuss. The 15/15 rule and the emergency numbers close the section once, however many
 * findings call for them. Past the foot of the page the text flows onto a second one.
 */
function drawAdvice({ doc, input, t, left, width }: Page): void {
  if (input.advice.length === 0) return;
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(COLORS.text).text(t.advice, left, doc.y, { width });
  const safety = new Set<string>();
  for (const finding of input.advice) {
    const text = renderFinding(finding, input.language, input.glucoseUnit);
    doc.moveDown(0.3);
    doc.font('Helvetica-Bold').fontSize(9).fillColor(finding.severity === 'urgent' ? COLORS.very_low : COLORS.text);
    doc.text(winAnsi(text.title), left, doc.y, { width });
    const shown = text.evidence.slice(0, ADVICE_EVIDENCE_SHOWN);
    if (text.evidence.length > shown.length) shown.push(t.moreEvidence(text.evidence.length - shown.length));
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.text).text(winAnsi(shown.join(' · ')), left + 8, doc.y, { width: width - 8 });
    doc.font('Helvetica-Oblique').fillColor(COLORS.muted).text(winAnsi(text.discuss), left + 8, doc.y, { width: width - 8 });
    for (const line of text.safety) safety.add(line);
  }
  if (safety.size === 0) return;
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(COLORS.very_low).text(winAnsi([...safety].join(' ')), left, doc.y, { width });
}

function drawDisclaimer({ doc, t, left, width }: Page): void {
  doc.moveDown(0.5);
  doc.font('Helvetica-Oblique').fontSize(7).fillColor(COLORS.muted).text(t.disclaimer, left, doc.y, { width });
}

function yScale(box: Box, mgdl: number): number {
  const clamped = Math.min(Y_MAX_MGDL, Math.max(Y_MIN_MGDL, mgdl));
  return box.y + box.h - ((clamped - Y_MIN_MGDL) / (Y_MAX_MGDL - Y_MIN_MGDL)) * box.h;
}

function drawAgp(doc: Doc, input: GlucoseReportInput, box: Box, glucoseText: (mgdl: number) => string): void {
  const agp = input.glucose.agp;
  if (!agp) return;
  const { range } = input.targets;
  doc.save();
  doc.rect(box.x, yScale(box, range.highAbove), box.w, yScale(box, range.lowBelow) - yScale(box, range.highAbove)).fill(COLORS.target);
  doc.lineWidth(0.5).strokeColor(COLORS.grid);
  for (let hour = 0; hour <= 24; hour += 3) {
    const x = box.x + (hour / 24) * box.w;
    doc.moveTo(x, box.y).lineTo(x, box.y + box.h).stroke();
    doc.fillColor(COLORS.muted).fontSize(7).text(`${String(hour).padStart(2, '0')}:00`, x - 12, box.y + box.h + 3, { width: 24, align: 'center' });
  }
  for (const mgdl of [range.veryLowBelow, range.lowBelow, range.highAbove, range.veryHighAbove]) {
    const yy = yScale(box, mgdl);
    doc.moveTo(box.x, yy).lineTo(box.x + box.w, yy).stroke();
    doc.fillColor(COLORS.muted).fontSize(6).text(glucoseText(mgdl), box.x - 46, yy - 3, { width: 44, align: 'right', lineBreak: false });
  }
  const n = agp.minuteOfDay.length;
  const xAt = (i: number) => box.x + ((agp.minuteOfDay[i] as number) / 1440) * box.w;
  const area = (upper: (number | null)[], lower: (number | null)[], color: string) => {
    let started = false;
    for (let i = 0; i < n; i++) {
      const u = upper[i];
      if (u === null || u === undefined) continue;
      if (!started) doc.moveTo(xAt(i), yScale(box, u));
      else doc.lineTo(xAt(i), yScale(box, u));
      started = true;
    }
    for (let i = n - 1; i >= 0; i--) {
      const l = lower[i];
      if (l === null || l === undefined) continue;
      doc.lineTo(xAt(i), yScale(box, l));
    }
    if (started) doc.closePath().fillOpacity(0.9).fill(color);
  };
  area(agp.p95, agp.p5, COLORS.band95);
  area(agp.p75, agp.p25, COLORS.band75);
  doc.fillOpacity(1);
  let started = false;
  for (let i = 0; i < n; i++) {
    const m = agp.p50[i];
    if (m === null || m === undefined) continue;
    if (!started) doc.moveTo(xAt(i), yScale(box, m));
    else doc.lineTo(xAt(i), yScale(box, m));
    started = true;
  }
  if (started) doc.lineWidth(1.5).strokeColor(COLORS.median).stroke();
  doc.lineWidth(0.5).strokeColor(COLORS.muted).rect(box.x, box.y, box.w, box.h).stroke();
  doc.restore();
}

function drawDaily(doc: Doc, input: GlucoseReportInput, area: { x: number; y: number; w: number }): number {
  const offsetOf = getZoneOffsetResolver(input.timeZone);
  const lastDay = localDayNumber(offsetOf, input.to - 1);
  const days = Math.min(14, input.days);
  const columns = 7;
  const gap = 4;
  const cellW = (area.w - gap * (columns - 1)) / columns;
  const cellH = 46;
  const { range } = input.targets;
  const meterDots = input.glucose.basis === 'meter';
  let index = 0;
  let cursor = 0;
  for (let k = days - 1; k >= 0; k--) {
    const day = lastDay - k;
    const start = localToUtc(offsetOf, day * DAY_MS);
    const end = localToUtc(offsetOf, (day + 1) * DAY_MS);
    const col = index % columns;
    const row = Math.floor(index / columns);
    const box = { x: area.x + col * (cellW + gap), y: area.y + row * (cellH + 14), w: cellW, h: cellH };
    doc.save();
    doc.rect(box.x, yScale(box, range.highAbove), box.w, yScale(box, range.lowBelow) - yScale(box, range.highAbove)).fill(COLORS.target);
    doc.lineWidth(0.4).strokeColor(COLORS.grid).rect(box.x, box.y, box.w, box.h).stroke();
    let started = false;
    let previousT = Number.NaN;
    for (; cursor < input.series.t.length && (input.series.t[cursor] as number) < end; cursor++) {
      const ti = input.series.t[cursor] as number;
      if (ti < start) continue;
      const x = box.x + ((ti - start) / (end - start)) * box.w;
      const yy = yScale(box, input.series.v[cursor] as number);
      // Finger-sticks hours apart are points, not a line (which the 15-minute rule would never draw).
      if (meterDots) {
        doc.circle(x, yy, 1.2).fill(COLORS.median);
        continue;
      }
      // A gap of more than 15 minutes breaks the line instead of drawing a false straight segment.
      if (!started || ti - previousT > 15 * 60_000) doc.moveTo(x, yy);
      else doc.lineTo(x, yy);
      started = true;
      previousT = ti;
    }
    if (started) doc.lineWidth(0.6).strokeColor(COLORS.median).stroke();
    doc.restore();
    const date = dayNumberToIsoDate(day);
    doc.fillColor(COLORS.muted).font('Helvetica').fontSize(6).text(`${date.slice(8, 10)}/${date.slice(5, 7)}`, box.x, box.y + box.h + 2, { width: box.w, align: 'center' });
    index++;
  }
  return area.y + Math.ceil(days / columns) * (cellH + 14);
}
