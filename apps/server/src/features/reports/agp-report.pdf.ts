import { bandLimits, bandPercents } from '@glucosuivi/domain/glucose/bands';
import { hoursAndMinutes, minutesPerDay } from '@glucosuivi/domain/glucose/time-per-day';
import { formatGlucoseNumber, glucoseDecimals } from '@glucosuivi/domain/glucose/units';
import { dayNumberToIsoDate, getZoneOffsetResolver, localDayNumber, localToUtc, DAY_MS } from '@glucosuivi/domain/glucose/timezone';
import { BAND_ORDER, COLORS, heading, note, write, yScale, type Box, type Metrics, type Page } from './report-drawing';
import { formatDuration, formatNumber, formatPercent, NBSP, REPORT_LOCALES } from './report-format';

/**
 * The CGM page, laid out as the standard AGP report (International Consensus on Time in Range):
 * glucose statistics with each range's target and time per day, the time-in-ranges bar, the
 * AGP curve with its percentiles and target lines, and 14 daily profiles.
 */

type BandShares = ReturnType<typeof bandPercents>;

/** A glucose value with its unit, in the reader's unit ("70 mg/dL", "3,9 mmol/L"). */
function limitText({ input }: Page, mgdl: number, withUnit = true): string {
  const shown = formatGlucoseNumber(mgdl, input.glucoseUnit, REPORT_LOCALES[input.language]).replace(/[\u202F\u2009]/g, NBSP);
  return withUnit ? `${shown}${NBSP}${input.glucoseUnit}` : shown;
}

/** Share and time per day: "72,3 % (17 h 21 min)". */
function shareAndTime(page: Page, percent: number, minutes: number): string {
  const { hours, minutes: rest } = hoursAndMinutes(minutes);
  return `${formatPercent(page.input.language, percent, 1)} (${formatDuration(hours, rest)})`;
}

/** The statistics and targets block (left) and the time-in-ranges bar (right); returns the y below both. */
export function drawStatistics(page: Page, metrics: Metrics, top: number): number {
  const { doc, input, t, left } = page;
  const printed = bandPercents(metrics.bands);
  const minutes = minutesPerDay(printed);
  const { range } = input.targets;
  const targets = input.targets;
  const a = t.agpReport;
  const pct = (value: number | null, kind: 'min' | 'max') =>
    value === null ? a.noTarget : kind === 'min' ? a.moreThan(formatPercent(input.language, value)) : a.lessThan(formatPercent(input.language, value));

  let y = heading(page, a.statistics, left, top, 330);
  if (metrics.activePercent !== null) {
    doc.fontSize(8).fillColor(COLORS.text);
    y = write(doc, 'Helvetica', `${page.label(a.sensorActive)}${formatPercent(input.language, metrics.activePercent, 1)}`, left, y + 1, { width: 330 }) + 3;
  }
  const cols = { range: left, target: left + 150, measured: left + 205 };
  doc.fontSize(7.5).fillColor(COLORS.muted);
  write(doc, 'Helvetica-Bold', a.rangesHeading.range, cols.range, y, { width: 145, lineBreak: false });
  write(doc, 'Helvetica-Bold', a.rangesHeading.target, cols.target, y, { width: 52, lineBreak: false });
  write(doc, 'Helvetica-Bold', a.rangesHeading.measured, cols.measured, y, { width: 130, lineBreak: false });
  y += 11;
  const rows: { label: string; target: string; value: string; color: string }[] = [
    {
      label: a.inRange(`${limitText(page, range.lowBelow, false)}–${limitText(page, range.highAbove)}`),
      target: pct(targets.inRangeMinPercent, 'min'),
      value: shareAndTime(page, printed.in_range, minutes.in_range),
      color: COLORS.in_range,
    },
    {
      label: a.below(limitText(page, range.lowBelow)),
      target: pct(targets.belowRangeMaxPercent, 'max'),
      value: shareAndTime(page, Math.round((printed.low + printed.very_low) * 10) / 10, minutes.low + minutes.very_low),
      color: COLORS.low,
    },
    {
      label: a.below(limitText(page, range.veryLowBelow)),
      target: pct(targets.veryLowMaxPercent, 'max'),
      value: shareAndTime(page, printed.very_low, minutes.very_low),
      color: COLORS.very_low,
    },
    {
      label: a.above(limitText(page, range.highAbove)),
      target: pct(targets.aboveRangeMaxPercent, 'max'),
      value: shareAndTime(page, Math.round((printed.high + printed.very_high) * 10) / 10, minutes.high + minutes.very_high),
      color: COLORS.high,
    },
    {
      label: a.above(limitText(page, range.veryHighAbove)),
      target: pct(targets.veryHighMaxPercent, 'max'),
      value: shareAndTime(page, printed.very_high, minutes.very_high),
      color: COLORS.very_high,
    },
  ];
  for (const row of rows) {
    doc.rect(cols.range, y + 1.5, 5, 5).fill(row.color);
    doc.fontSize(8).fillColor(COLORS.text);
    write(doc, 'Helvetica', row.label, cols.range + 8, y, { width: 140, lineBreak: false });
    write(doc, 'Helvetica', row.target, cols.target, y, { width: 52, lineBreak: false });
    write(doc, 'Helvetica-Bold', row.value, cols.measured, y, { width: 130, lineBreak: false });
    y += 11.5;
  }
  doc.font('Helvetica-Oblique');
  y = note(page, a.tirBenefit, left, y + 1, 330, 7) + 5;
  y = drawKeyFigures(page, metrics, y);
  const barBottom = drawBandBar(page, printed, minutes, { x: left + 350, y: top + 18, w: 20, h: 150 });
  return Math.max(y, barBottom) + 6;
}

/** Mean, GMI, CV against its target, GRI and the readings count, two to a line. */
function drawKeyFigures(page: Page, metrics: Metrics, top: number): number {
  const { doc, input, t, left, glucoseText } = page;
  const lines: { name: string; value: string; extra?: string }[] = [{ name: t.mean, value: glucoseText(metrics.mean) }];
  if (metrics.gmi !== null) lines.push({ name: t.gmi, value: formatPercent(input.language, metrics.gmi, 1) });
  const cvTarget = input.targets.cvMaxPercent;
  lines.push({
    name: t.cv,
    value: metrics.cv === null ? '—' : formatPercent(input.language, metrics.cv, 1),
    extra: cvTarget === null ? undefined : t.agpReport.cvTarget(formatPercent(input.language, cvTarget)),
  });
  if (metrics.gri !== null && metrics.griZone !== null) lines.push({ name: t.gri(metrics.griZone), value: formatNumber(input.language, metrics.gri, 0) });
  lines.push({ name: t.readings, value: formatNumber(input.language, metrics.n, 0) });
  let y = top;
  for (const line of lines) {
    doc.fontSize(8).fillColor(COLORS.muted);
    write(doc, 'Helvetica', line.name, left, y + 1, { width: 200, lineBreak: false });
    doc.fontSize(9.5).fillColor(COLORS.text);
    write(doc, 'Helvetica-Bold', line.value, left + 205, y, { width: 60, lineBreak: false });
    if (line.extra) {
      doc.fontSize(8).fillColor(COLORS.muted);
      write(doc, 'Helvetica', line.extra, left + 262, y + 1, { width: 80, lineBreak: false });
    }
    y += 12;
  }
  return y;
}

/** The stacked bar and, beside it, each band's bounds, share and time per day; returns its bottom. */
function drawBandBar(page: Page, printed: BandShares, minutes: Record<(typeof BAND_ORDER)[number], number>, bar: Box): number {
  const { doc, input, t } = page;
  const { range } = input.targets;
  // The same bounds as the dashboard's labels (domain bandLimits), in the reader's unit.
  const shown = (value: number) => `${formatNumber(input.language, value, glucoseDecimals(input.glucoseUnit))}`;
  const bounds = Object.fromEntries(
    bandLimits(range, input.glucoseUnit).map(({ band, from, to }) => [
      band,
      from === null ? `${band === 'very_low' ? '<' : '>'} ${shown(to as number)}${NBSP}${input.glucoseUnit}` : `${shown(from)}–${shown(to as number)}${NBSP}${input.glucoseUnit}`,
    ]),
  ) as Record<(typeof BAND_ORDER)[number], string>;
  heading(page, t.timeInRanges, bar.x, bar.y - 18, 180);
  let cursor = bar.y;
  for (const band of BAND_ORDER) {
    const h = Math.max((bar.h * printed[band]) / 100, printed[band] > 0 ? 1 : 0);
    doc.rect(bar.x, cursor, bar.w, h).fill(COLORS[band]);
    cursor += h;
  }
  let y = bar.y;
  for (const band of BAND_ORDER) {
    doc.fontSize(8).fillColor(COLORS.text);
    write(doc, 'Helvetica-Bold', `${t.bands[band]} ${bounds[band]}`, bar.x + bar.w + 8, y, { width: 165, lineBreak: false });
    write(doc, 'Helvetica', shareAndTime(page, printed[band], minutes[band]), bar.x + bar.w + 8, y + 10, { width: 165, lineBreak: false });
    y += 30;
  }
  return bar.y + bar.h;
}

/** The AGP: 5–95 % and 25–75 % bands, the median, then the target lines over them, a labelled y-axis. */
export function drawAgp(page: Page, box: Box): void {
  const { doc, input } = page;
  const agp = input.glucose?.agp;
  if (!agp) return;
  const { range } = input.targets;
  doc.save();
  const n = agp.minuteOfDay.length;
  const xAt = (i: number) => box.x + ((agp.minuteOfDay[i] as number) / 1440) * box.w;
  const path = (values: (number | null)[], reverse: boolean, started: boolean) => {
    for (let k = 0; k < n; k++) {
      const i = reverse ? n - 1 - k : k;
      const v = values[i];
      if (v === null || v === undefined) continue;
      if (!started) doc.moveTo(xAt(i), yScale(box, v));
      else doc.lineTo(xAt(i), yScale(box, v));
      started = true;
    }
    return started;
  };
  if (path(agp.p95, false, false)) {
    path(agp.p5, true, true);
    doc.closePath().fill(COLORS.band95);
  }
  if (path(agp.p75, false, false)) {
    path(agp.p25, true, true);
    doc.closePath().fill(COLORS.band75);
  }
  if (path(agp.p50, false, false)) doc.lineWidth(1.6).strokeColor(COLORS.median).stroke();
  // The 5 % and 95 % curves dotted, as the outer edges of the lighter band.
  for (const values of [agp.p5, agp.p95]) {
    if (path(values, false, false)) doc.lineWidth(0.5).dash(2, { space: 1.5 }).strokeColor(COLORS.median).stroke().undash();
  }
  // Hours: vertical grid and labels under the box.
  doc.lineWidth(0.4).strokeColor(COLORS.grid);
  for (let hour = 0; hour <= 24; hour += 3) {
    const x = box.x + (hour / 24) * box.w;
    doc.moveTo(x, box.y).lineTo(x, box.y + box.h).stroke();
    doc.font('Helvetica').fillColor(COLORS.muted).fontSize(6.5).text(`${String(hour).padStart(2, '0')}:00`, x - 14, box.y + box.h + 3, { width: 28, align: 'center', lineBreak: false });
  }
  // Target lines drawn over the bands: the range in green, the very low and very high limits dashed.
  for (const [mgdl, strong] of [[range.lowBelow, true], [range.highAbove, true], [range.veryLowBelow, false], [range.veryHighAbove, false]] as const) {
    const yy = yScale(box, mgdl);
    if (strong) doc.lineWidth(1).strokeColor(COLORS.targetLine).moveTo(box.x, yy).lineTo(box.x + box.w, yy).stroke();
    else doc.lineWidth(0.6).strokeColor(COLORS.muted).dash(3, { space: 2 }).moveTo(box.x, yy).lineTo(box.x + box.w, yy).stroke().undash();
  }
  drawYAxis(page, box);
  drawPercentileLabels(page, box);
  doc.lineWidth(0.5).strokeColor(COLORS.muted).rect(box.x, box.y, box.w, box.h).stroke();
  doc.restore();
}

/** The y-axis: the four thresholds and the top of the scale in the reader's unit, the unit above. */
function drawYAxis(page: Page, box: Box): void {
  const { doc, input } = page;
  const { range } = input.targets;
  doc.font('Helvetica-Bold').fontSize(6.5).fillColor(COLORS.muted).text(input.glucoseUnit, box.x - 34, box.y - 10, { width: 32, align: 'right', lineBreak: false });
  for (const mgdl of [range.veryLowBelow, range.lowBelow, range.highAbove, range.veryHighAbove, 350]) {
    const yy = yScale(box, mgdl);
    doc.lineWidth(0.5).strokeColor(COLORS.muted).moveTo(box.x - 3, yy).lineTo(box.x, yy).stroke();
    const strong = mgdl === range.lowBelow || mgdl === range.highAbove;
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(6.5).fillColor(strong ? COLORS.targetLine : COLORS.muted);
    doc.text(limitText(page, mgdl, false), box.x - 34, yy - 3, { width: 30, align: 'right', lineBreak: false });
  }
}

/** "95 %", "75 %"… at the right end of each percentile curve. */
function drawPercentileLabels(page: Page, box: Box): void {
  const { doc, input } = page;
  const agp = input.glucose?.agp;
  if (!agp) return;
  const lastOf = (values: (number | null)[]) => {
    for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null && values[i] !== undefined) return values[i] as number;
    return null;
  };
  let previousY = -Infinity;
  for (const [p, values] of [[95, agp.p95], [75, agp.p75], [50, agp.p50], [25, agp.p25], [5, agp.p5]] as const) {
    const v = lastOf(values);
    if (v === null) continue;
    // Labels never overlap: each at least 7 points below the one above.
    const yy = Math.max(yScale(box, v) - 3, previousY + 7);
    previousY = yy;
    doc.font(p === 50 ? 'Helvetica-Bold' : 'Helvetica').fontSize(6.5).fillColor(COLORS.median);
    doc.text(formatPercent(input.language, p), box.x + box.w + 3, yy, { width: 26, lineBreak: false });
  }
}

/** 14 daily profiles, midnight to midnight, two rows of 7; lows filled red, highs orange; returns the y below. */
export function drawDaily(page: Page, area: { x: number; y: number; w: number }): number {
  const { doc, input } = page;
  const offsetOf = getZoneOffsetResolver(input.timeZone);
  const lastDay = localDayNumber(offsetOf, input.to - 1);
  const days = Math.min(14, input.days);
  const columns = 7;
  const gap = 4;
  const cellW = (area.w - gap * (columns - 1)) / columns;
  const cellH = 62;
  const rowH = cellH + 14;
  const meterDots = input.glucose?.basis === 'meter';
  const weekday = new Intl.DateTimeFormat(REPORT_LOCALES[input.language], { weekday: 'short', timeZone: 'UTC' });
  let cursor = 0;
  for (let index = 0; index < days; index++) {
    const day = lastDay - (days - 1 - index);
    const start = localToUtc(offsetOf, day * DAY_MS);
    const end = localToUtc(offsetOf, (day + 1) * DAY_MS);
    const box = { x: area.x + (index % columns) * (cellW + gap), y: area.y + 10 + Math.floor(index / columns) * rowH, w: cellW, h: cellH };
    const date = dayNumberToIsoDate(day);
    doc.font('Helvetica').fillColor(COLORS.muted).fontSize(6.5);
    doc.text(`${weekday.format(day * DAY_MS)} ${date.slice(8, 10)}/${date.slice(5, 7)}`, box.x, box.y - 9, { width: box.w, align: 'center', lineBreak: false });
    const points: { x: number; v: number; t: number }[] = [];
    for (; cursor < input.series.t.length && (input.series.t[cursor] as number) < end; cursor++) {
      const ti = input.series.t[cursor] as number;
      if (ti >= start) points.push({ x: box.x + ((ti - start) / (end - start)) * box.w, v: input.series.v[cursor] as number, t: ti });
    }
    drawDay(page, box, points, meterDots);
  }
  return area.y + 10 + Math.ceil(days / columns) * rowH;
}

/** One day's cell: target lines, lows and highs filled between the curve and the limit, the curve. */
function drawDay(page: Page, box: Box, points: { x: number; v: number; t: number }[], meterDots: boolean): void {
  const { doc, input } = page;
  const { range } = input.targets;
  const lowY = yScale(box, range.lowBelow);
  const highY = yScale(box, range.highAbove);
  doc.save();
  doc.lineWidth(0.4).strokeColor(COLORS.grid).rect(box.x, box.y, box.w, box.h).stroke();
  const targetLines = () => {
    doc.lineWidth(0.5).strokeColor(COLORS.targetLine);
    doc.moveTo(box.x, lowY).lineTo(box.x + box.w, lowY).stroke();
    doc.moveTo(box.x, highY).lineTo(box.x + box.w, highY).stroke();
  };
  if (meterDots) {
    targetLines();
    // Finger-sticks hours apart are points, coloured by their range.
    for (const p of points) {
      const color = p.v < range.lowBelow - 0.5 ? COLORS.low : p.v >= range.highAbove + 0.5 ? COLORS.very_high : COLORS.median;
      doc.circle(p.x, yScale(box, p.v), 1.4).fill(color);
    }
    doc.restore();
    return;
  }
  // Runs of readings no more than 15 minutes apart; a longer gap breaks the curve.
  const runs: (typeof points)[] = [];
  for (const p of points) {
    const run = runs[runs.length - 1];
    if (run && p.t - run[run.length - 1]!.t <= 15 * 60_000) run.push(p);
    else runs.push([p]);
  }
  const fillBetween = (run: typeof points, limitY: number, clip: Box, color: string) => {
    doc.save();
    doc.rect(clip.x, clip.y, clip.w, clip.h).clip();
    doc.moveTo(run[0]!.x, limitY);
    for (const p of run) doc.lineTo(p.x, yScale(box, p.v));
    doc.lineTo(run[run.length - 1]!.x, limitY).closePath().fill(color);
    doc.restore();
  };
  for (const run of runs) {
    fillBetween(run, lowY, { x: box.x, y: lowY, w: box.w, h: box.y + box.h - lowY }, COLORS.low);
    fillBetween(run, highY, { x: box.x, y: box.y, w: box.w, h: highY - box.y }, COLORS.high);
    doc.moveTo(run[0]!.x, yScale(box, run[0]!.v));
    for (const p of run.slice(1)) doc.lineTo(p.x, yScale(box, p.v));
    doc.lineWidth(0.6).strokeColor(COLORS.median).stroke();
  }
  // The limits over the fills, as on the AGP.
  targetLines();
  doc.restore();
}
