import { renderFinding } from '@glucosuivi/domain/advice/advice.texts';
import { formatGlucoseNumber, formatHba1c } from '@glucosuivi/domain/glucose/units';
import { drawAgp, drawDaily, drawStatistics } from './agp-report.pdf';
import { drawLogbook, drawMeterStatistics, drawTimeOfDay } from './meter-report.pdf';
import { COLORS, heading, note, PAGE, write, type GlucoseReportInput, type Metrics, type Page } from './report-drawing';
import { formatDate, formatNumber, formatPercent, NBSP, REPORT_LOCALES, REPORT_TEXTS, winAnsi } from './reports.texts';

export type { GlucoseReportInput } from './report-drawing';

const AGP_HEIGHT = 200;

/**
 * The glucose report. Its first page is the whole clinical picture and never spills: a sensor
 * period is the standard AGP report (agp-report.pdf.ts), a meter period the meter report
 * (meter-report.pdf.ts). Every element is placed at a computed position, single lines never
 * wrap. A second page holds only what the patient added beside their glucose: their latest
 * results (HbA1c, lipids, blood pressure, weight) and the period's advice findings.
 */
export async function renderGlucoseReport(input: GlucoseReportInput): Promise<Buffer> {
  const t = REPORT_TEXTS[input.language];
  // pdfkit and its font metrics load with the first PDF drawn, not at every server start.
  const { default: PDFDocument } = await import('pdfkit');
  const title = input.glucose?.figures.cgm ? t.agpReport.title : t.title;
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: `GlucoSuivi — ${title}`, Author: 'GlucoSuivi' } });
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
      `${formatGlucoseNumber(mgdl, input.glucoseUnit, REPORT_LOCALES[input.language]).replace(/[\u202F\u2009]/g, NBSP)}${NBSP}${input.glucoseUnit}`,
    label: (name: string) => `${name}${t.colon} `,
  };

  let y = drawHeader(page, title);
  const glucose = input.glucose;
  if (!glucose) {
    doc.fillColor(COLORS.text).fontSize(10);
    write(doc, 'Helvetica', t.glucoseNotShared, page.left, y + 6, { width: page.width });
  } else if (!glucose.metrics) {
    doc.fillColor(COLORS.text).fontSize(10);
    write(doc, 'Helvetica', t.noGlucose, page.left, y + 6, { width: page.width });
  } else if (glucose.basis === 'meter') {
    y = drawMeterStatistics(page, glucose.metrics, y + 6);
    y = drawWithheldNote(page, glucose.metrics, y);
    y = drawTimeOfDay(page, y + 2);
    y = drawLogbook(page, y);
    drawDailySection(page, y + 2);
  } else {
    y = drawStatistics(page, glucose.metrics, y + 6);
    y = drawWithheldNote(page, glucose.metrics, y);
    if (glucose.agp) {
      y = heading(page, t.agp, page.left, y + 2);
      y = note(page, t.agpReport.agpDescription, page.left, y, page.width) + 12;
      drawAgp(page, { x: page.left + 36, y, w: page.width - 36 - 30, h: AGP_HEIGHT });
      y += AGP_HEIGHT + 16;
    }
    drawDailySection(page, y);
  }
  drawFooter(page);
  drawAddedPage(page);

  doc.end();
  return done;
}

function drawHeader({ doc, input, t, left, width, label }: Page, title: string): number {
  doc.fillColor(COLORS.text).fontSize(15);
  write(doc, 'Helvetica-Bold', `GlucoSuivi — ${title}`, left, PAGE.margin, { width, lineBreak: false });
  doc.fontSize(9.5).fillColor(COLORS.text);
  const period = t.period(formatDate(input.language, input.from, input.timeZone), formatDate(input.language, input.to - 1, input.timeZone), input.days);
  write(doc, 'Helvetica', `${label(t.patient)}${input.patientName}   ·   ${period}`, left, PAGE.margin + 20, { width, lineBreak: false });
  doc.fontSize(7.5).fillColor(COLORS.muted);
  const generated = t.generatedOn(formatDate(input.language, input.generatedAt, input.timeZone));
  write(doc, 'Helvetica', input.preparedFor ? `${generated} · ${t.preparedFor(input.preparedFor)}` : generated, left, PAGE.margin + 33, { width, lineBreak: false });
  doc.lineWidth(0.6).strokeColor(COLORS.grid).moveTo(left, PAGE.margin + 45).lineTo(left + width, PAGE.margin + 45).stroke();
  return PAGE.margin + 48;
}

/** Why GMI, GRI, sensor time and the AGP are missing; else whether the report is representative. */
function drawWithheldNote(page: Page, metrics: Metrics, y: number): number {
  const figures = page.input.glucose?.figures;
  const text = figures?.cgmWithheld ? page.t.cgmWithheld[figures.cgmWithheld] : !metrics.sufficiency.sufficient ? page.t.insufficient : null;
  if (!text) return y;
  // A meter's note explains, it does not warn.
  page.doc.fontSize(7.5).fillColor(figures?.cgmWithheld === 'no_cgm' ? COLORS.muted : COLORS.low);
  return write(page.doc, 'Helvetica-Oblique', text, page.left, y, { width: page.width }) + 6;
}

function drawDailySection(page: Page, top: number): void {
  let y = heading(page, page.t.daily, page.left, top);
  y = note(page, page.t.agpReport.dailyDescription, page.left, y, page.width) + 2;
  drawDaily(page, { x: page.left, y, w: page.width });
}

function drawFooter({ doc, t, left, width }: Page): void {
  doc.fontSize(7).fillColor(COLORS.muted);
  write(doc, 'Helvetica-Oblique', t.disclaimer, left, PAGE.height - PAGE.margin - 9, { width, lineBreak: false });
}

/** The second page, only when the patient has results or the period has findings. */
function drawAddedPage(page: Page): void {
  const { input } = page;
  const { hba1c, lipids, blood_pressure: bp, weight } = input.latest;
  const hasResults = Boolean(hba1c || lipids || bp || weight);
  if (!hasResults && input.advice.length === 0) return;
  page.doc.addPage();
  let y = PAGE.margin;
  if (hasResults) y = drawOtherResults(page, y) + 10;
  drawAdvice(page, y);
}

/** HbA1c, lipids, blood pressure and weight (latest of each); returns the y below. */
function drawOtherResults({ doc, input, t, left, width, label }: Page, top: number): number {
  doc.fontSize(11).fillColor(COLORS.text);
  write(doc, 'Helvetica-Bold', t.otherResults, left, top, { width });
  doc.fontSize(9);
  const when = (iso: string) => ` (${formatDate(input.language, Date.parse(iso), input.timeZone)})`;
  const { hba1c, lipids, blood_pressure: bp, weight } = input.latest;
  const lines = [
    `${label(t.hba1c)}${hba1c ? `${formatPercent(input.language, hba1c.percent, 1)} / ${formatHba1c(hba1c.percent, 'mmol/mol')}${NBSP}mmol/mol${when(hba1c.measuredAt)}` : t.none}`,
  ];
  if (lipids) {
    const parts = (['total', 'hdl', 'ldl', 'triglycerides'] as const)
      .map((k) => {
        const value = lipids[`${k}Mgdl`];
        return value === null ? null : `${t.lipidNames[k]} ${formatNumber(input.language, value / 100, 2)}${NBSP}g/L`;
      })
      .filter((part): part is string => part !== null);
    lines.push(`${label(t.lipids)}${parts.join(', ')}${when(lipids.measuredAt)}`);
  } else {
    lines.push(`${label(t.lipids)}${t.none}`);
  }
  lines.push(`${label(t.bloodPressure)}${bp ? `${bp.systolic}/${bp.diastolic}${NBSP}mmHg${when(bp.measuredAt)}` : t.none}`);
  lines.push(`${label(t.weight)}${weight ? `${formatNumber(input.language, weight.kg, 1)}${NBSP}kg${when(weight.measuredAt)}` : t.none}`);
  let y = doc.y + 2;
  for (const line of lines) y = write(doc, 'Helvetica', line, left, y, { width });
  return y;
}

/** Facts printed per finding; a post-meal finding over 90 days may hold dozens. */
const ADVICE_EVIDENCE_SHOWN = 4;

/**
 * The findings as the patient reads them on screen (renderFinding, in the report's language and
 * unit), kept short: the title, the first facts of the evidence as one paragraph, what to
 * discuss. The 15/15 rule and the emergency numbers close the section once, however many
 * findings call for them.
 */
function drawAdvice({ doc, input, t, left, width }: Page, top: number): void {
  if (input.advice.length === 0) return;
  doc.fontSize(11).fillColor(COLORS.text);
  let y = write(doc, 'Helvetica-Bold', t.advice, left, top, { width });
  const safety = new Set<string>();
  for (const finding of input.advice) {
    const text = renderFinding(finding, input.language, input.glucoseUnit);
    doc.fontSize(9).fillColor(finding.severity === 'urgent' ? COLORS.very_low : COLORS.text);
    y = write(doc, 'Helvetica-Bold', winAnsi(text.title), left, y + 5, { width });
    const shown = text.evidence.slice(0, ADVICE_EVIDENCE_SHOWN);
    if (text.evidence.length > shown.length) shown.push(t.moreEvidence(text.evidence.length - shown.length));
    doc.fontSize(8).fillColor(COLORS.text);
    y = write(doc, 'Helvetica', winAnsi(shown.join(' · ')), left + 8, y, { width: width - 8 });
    doc.fillColor(COLORS.muted);
    y = write(doc, 'Helvetica-Oblique', winAnsi(text.discuss), left + 8, y, { width: width - 8 });
    for (const line of text.safety) safety.add(line);
  }
  if (safety.size === 0) return;
  doc.fontSize(9).fillColor(COLORS.very_low);
  write(doc, 'Helvetica-Bold', winAnsi([...safety].join(' ')), left, y + 5, { width });
}
