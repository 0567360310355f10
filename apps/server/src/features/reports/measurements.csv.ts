import { formatGlucose, formatHba1c, formatLipid, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { MeasurementRecord } from '@glucosuivi/domain/measurements/measurements.schemas';
import { csvDocument, type CsvValue } from '@glucosuivi/domain/shared/csv';
import { REPORT_TEXTS, type ReportLanguage } from './reports.texts';

/**
 * CSV for French Excel, by the domain's one CSV writer (BOM, semicolons, CRLF, formula-safe),
 * numbers with decimal commas. One line per record; canonical values in their own columns, and the
 * value in the unit the person entered (glucose: the unit of their settings) beside them.
 */

function localDateTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

export function measurementsCsv(
  records: MeasurementRecord[],
  options: { language: ReportLanguage; timeZone: string; glucoseUnit: GlucoseUnit },
): string {
  const t = REPORT_TEXTS[options.language].csv;
  const header = [
    t.dateLocal, t.dateUtc, t.kind, t.value, t.unit, t.userValue, t.userUnit, t.total, t.hdl, t.ldl,
    t.triglycerides, t.systolic, t.diastolic, t.pulse, t.detail, t.source, t.device, t.note,
  ];
  const lines: CsvValue[][] = [header];
  for (const r of records) {
    // value, unit, userValue, userUnit, total, hdl, ldl, tg, systolic, diastolic, pulse, detail, source, device
    let row: CsvValue[] = [];
    switch (r.kind) {
      case 'glucose':
        row = [r.valueMgdl, 'mg/dL', formatGlucose(r.valueMgdl, options.glucoseUnit), options.glucoseUnit, null, null, null, null, null, null, null, r.context, r.source, r.deviceId];
        break;
      case 'hba1c':
        row = [r.percent, '%', formatHba1c(r.percent, r.entryUnit), r.entryUnit, null, null, null, null, null, null, null, r.method, null, null];
        break;
      case 'lipids': {
        const entered = (['total', 'hdl', 'ldl', 'triglycerides'] as const)
          .map((k) => {
            const v = r[`${k}Mgdl`];
            return v === null ? '–' : String(formatLipid(v, k, r.entryUnit)).replace('.', ',');
          })
          .join(' / ');
        row = [null, 'mg/dL', entered, r.entryUnit, r.totalMgdl, r.hdlMgdl, r.ldlMgdl, r.triglyceridesMgdl, null, null, null, null, null, null];
        break;
      }
      case 'blood_pressure':
        row = [null, 'mmHg', null, null, null, null, null, null, r.systolic, r.diastolic, r.pulse, [r.arm, r.position].filter(Boolean).join(' '), null, null];
        break;
      case 'weight':
        row = [r.kg, 'kg', r.kg, 'kg', null, null, null, null, null, null, null, null, null, null];
        break;
      case 'event': {
        const e = r.event;
        const [value, unit, detail] =
          e.type === 'insulin'
            ? [e.units, 'U', `insulin ${e.insulinType}`]
            : e.type === 'carbs'
              ? [e.grams, 'g', 'carbs']
              : e.type === 'activity'
                ? [e.minutes, 'min', 'activity']
                : e.type === 'medication'
                  ? [null, null, `medication ${e.name}`]
                  : [null, null, 'note'];
        row = [value, unit, value, unit, null, null, null, null, null, null, null, detail, null, null];
        break;
      }
    }
    lines.push([localDateTime(r.measuredAt, options.timeZone), r.measuredAt, t.kinds[r.kind], ...row, r.note]);
  }
  return csvDocument(lines, { decimalSeparator: ',' });
}
