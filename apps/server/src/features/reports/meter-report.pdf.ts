import { bandLimits, bandPercents } from '@glucosuivi/domain/glucose/bands';
import { ADA_MEAL_TARGETS, localMinuteOfDay, readingsByTimeOfDay } from '@glucosuivi/domain/glucose/logbook';
import { glucoseDecimals } from '@glucosuivi/domain/glucose/units';
import { BAND_ORDER, COLORS, heading, note, write, yScale, type Box, type Metrics, type Page } from './report-drawing';
import { formatNumber, formatPercent, NBSP } from './report-format';

/**
 * The meter page: shares of readings (not of time), the meter's own figures, readings by time
 * of day and the meal logbook. No GMI, GRI, sensor time or AGP: they need continuous data.
 */

type BandShares = ReturnType<typeof bandPercents>;

/** Shares of readings with the meter's figures beside them; returns the y below. */
export function drawMeterStatistics(page: Page, metrics: Metrics, top: number): number {
  const { t, left } = page;
  let y = heading(page, t.readingsInRanges, left, top) + 2;
  const printed = bandPercents(metrics.bands);
  const barH = 130;
  drawBandBar(page, metrics, printed, { x: left, y, w: 22, h: barH });
  const my = drawMeterFigures(page, metrics, printed, y);
  y = Math.max(y + barH + 6, my);
  return y;
}

function drawBandBar({ doc, input, t }: Page, metrics: Metrics, printed: BandShares, bar: Box): void {
  const shown = (value: number) => `${formatNumber(input.language, value, glucoseDecimals(input.glucoseUnit))}${NBSP}${input.glucoseUnit}`;
  const limits = Object.fromEntries(
    bandLimits(input.targets.range, input.glucoseUnit).map(({ band, from, to }) => [
      band,
      from === null ? `${band === 'very_low' ? '<' : '>'} ${shown(to as number)}` : `${shown(from)} – ${shown(to as number)}`,
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
    doc.rect(bar.x + bar.w + 8, legendY + 2, 7, 7).fill(COLORS[band]);
    doc.fillColor(COLORS.text).fontSize(8.5);
    write(doc, 'Helvetica', `${t.bands[band]} (${limits[band]})${t.colon} ${formatPercent(input.language, printed[band], 1)}`, bar.x + bar.w + 19, legendY, { width: 240, lineBreak: false });
    legendY += 26;
  }
}

/** The meter's figures in a right-hand column; returns the y below its last line. */
function drawMeterFigures({ doc, input, t, left, width, glucoseText }: Page, metrics: Metrics, printed: BandShares, top: number): number {
  const mx = left + 300;
  let my = top;
  const line = (name: string, value: string) => {
    doc.fontSize(8).fillColor(COLORS.muted);
    write(doc, 'Helvetica', name, mx, my, { width: width - 300, lineBreak: false });
    doc.fontSize(10).fillColor(COLORS.text);
    write(doc, 'Helvetica-Bold', value, mx, my + 9, { width: width - 300, lineBreak: false });
    my += 23;
  };
  const meter = input.glucose?.meter;
  const { range } = input.targets;
  line(t.readingsInRange, formatPercent(input.language, printed.in_range, 1));
  line(t.mean, glucoseText(metrics.mean));
  line(t.sd, metrics.sd === null ? '—' : glucoseText(metrics.sd));
  line(t.cv, metrics.cv === null ? '—' : formatPercent(input.language, metrics.cv, 1));
  line(t.readings, formatNumber(input.language, metrics.n, 0));
  if (meter) {
    line(t.readingsPerDay, formatNumber(input.language, meter.readingsPerDay, 1));
    line(t.lows(glucoseText(range.lowBelow)), t.countWithin(meter.lows, meter.veryLows, glucoseText(range.veryLowBelow), 'below'));
    line(t.highs(glucoseText(range.highAbove)), t.countWithin(meter.highs, meter.veryHighs, glucoseText(range.veryHighAbove), 'above'));
  }
  return my;
}

/** Every reading at its local time of day over the period, and the four slots' figures; returns the y below. */
export function drawTimeOfDay(page: Page, top: number): number {
  const { doc, input, t, left, width, glucoseText } = page;
  const m = t.meterReport;
  let y = heading(page, m.timeOfDay, left, top);
  y = note(page, m.timeOfDayNote, left, y, width) + 8;
  const box: Box = { x: left + 30, y, w: 300, h: 105 };
  const { range } = input.targets;
  doc.save();
  doc.lineWidth(0.4).strokeColor(COLORS.grid);
  for (let hour = 0; hour <= 24; hour += 6) {
    const x = box.x + (hour / 24) * box.w;
    doc.moveTo(x, box.y).lineTo(x, box.y + box.h).stroke();
    doc.font('Helvetica').fontSize(6.5).fillColor(COLORS.muted).text(`${String(hour).padStart(2, '0')}:00`, x - 14, box.y + box.h + 3, { width: 28, align: 'center', lineBreak: false });
  }
  doc.font('Helvetica-Bold').fontSize(6.5).fillColor(COLORS.muted).text(input.glucoseUnit, box.x - 32, box.y - 9, { width: 30, align: 'right', lineBreak: false });
  for (const mgdl of [range.veryLowBelow, range.lowBelow, range.highAbove, range.veryHighAbove]) {
    const yy = yScale(box, mgdl);
    const strong = mgdl === range.lowBelow || mgdl === range.highAbove;
    doc.lineWidth(strong ? 0.9 : 0.5).strokeColor(strong ? COLORS.targetLine : COLORS.grid).moveTo(box.x, yy).lineTo(box.x + box.w, yy).stroke();
    doc.font('Helvetica').fontSize(6.5).fillColor(strong ? COLORS.targetLine : COLORS.muted);
    doc.text(glucoseText(mgdl).split(NBSP)[0] ?? '', box.x - 32, yy - 3, { width: 29, align: 'right', lineBreak: false });
  }
  const minutes = localMinuteOfDay(input.series.t, input.timeZone);
  for (let i = 0; i < minutes.length; i++) {
    const v = input.series.v[i] as number;
    const color = v < range.lowBelow - 0.5 ? COLORS.low : v >= range.highAbove + 0.5 ? COLORS.very_high : COLORS.median;
    doc.circle(box.x + (minutes[i]! / 1440) * box.w, yScale(box, v), 1.5).fill(color);
  }
  doc.lineWidth(0.5).strokeColor(COLORS.muted).rect(box.x, box.y, box.w, box.h).stroke();
  doc.restore();
  let sy = box.y;
  for (const slot of readingsByTimeOfDay(input.series, input.timeZone, range)) {
    doc.fontSize(8).fillColor(COLORS.text);
    write(doc, 'Helvetica-Bold', m.slots[slot.slot], box.x + box.w + 16, sy, { width: width - box.w - 46, lineBreak: false });
    doc.fontSize(7.5).fillColor(COLORS.muted);
    const mean = slot.mean === null ? '—' : glucoseText(slot.mean);
    write(doc, 'Helvetica', m.slotLine(slot.n, mean, slot.lows, slot.highs), box.x + box.w + 16, sy + 10, { width: width - box.w - 46, lineBreak: false });
    sy += 26;
  }
  return box.y + box.h + 16;
}

/** The logbook table: each meal group against its own target (ADA unless the patient has theirs); returns the y below. */
export function drawLogbook(page: Page, top: number): number {
  const { doc, input, t, left, glucoseText } = page;
  const rows = input.logbook;
  if (!rows) return top;
  const m = t.meterReport;
  let y = heading(page, m.logbook, left, top) + 2;
  const cols = [left, left + 150, left + 200, left + 265, left + 365, left + 440];
  const head = [m.logbookHeading.group, m.logbookHeading.n, m.logbookHeading.mean, m.logbookHeading.minMax, m.logbookHeading.inTarget, m.logbookHeading.target];
  doc.fontSize(7.5).fillColor(COLORS.muted);
  head.forEach((text, i) => write(doc, 'Helvetica-Bold', text, cols[i], y, { width: (cols[i + 1] ?? left + 530) - cols[i]! - 4, lineBreak: false }));
  y += 11;
  const targets = ADA_MEAL_TARGETS;
  for (const row of rows) {
    const target =
      row.group === 'before_meal'
        ? m.targetBetween(glucoseText(targets.beforeMeal.min).split(NBSP)[0] ?? '', glucoseText(targets.beforeMeal.max))
        : row.group === 'after_meal'
          ? m.targetBelow(glucoseText(targets.afterMealBelow))
          : '—';
    const cells = [
      m.groups[row.group],
      formatNumber(input.language, row.n, 0),
      glucoseText(row.mean),
      `${glucoseText(row.min).split(NBSP)[0]} – ${glucoseText(row.max)}`,
      row.inTargetPercent === null ? '—' : `${formatPercent(input.language, row.inTargetPercent, 1)} (${row.inTarget}/${row.n})`,
      target,
    ];
    doc.fontSize(8).fillColor(COLORS.text);
    cells.forEach((text, i) => write(doc, i === 0 ? 'Helvetica-Bold' : 'Helvetica', text, cols[i], y, { width: (cols[i + 1] ?? left + 530) - cols[i]! - 4, lineBreak: false }));
    y += 11;
  }
  return note(page, m.targetSource, left, y + 1) + 6;
}
