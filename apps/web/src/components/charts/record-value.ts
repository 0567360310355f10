import { formatHba1c, formatLipid, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { MeasurementRecord } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { TFunction } from 'i18next';
import { formatGlucoseValue, formatNumber } from './glucose-display';

/**
 * One line describing a record in the reader's unit: "65 mg/dL", "132/84 mmHg"… Shared by the
 * pages that show someone's records (the public share page, the professional's patient page);
 * the patient's own dashboard re-exports it (components/glucose-dashboard/dashboard-view.ts).
 */
export function recordValue(record: MeasurementRecord, unit: GlucoseUnit, language: string, t: TFunction): string {
  const n = (x: number, d = 0) => formatNumber(x, language, d);
  switch (record.kind) {
    case 'glucose':
      return `${formatGlucoseValue(record.valueMgdl, unit, language)} ${unit}`;
    case 'hba1c':
      return record.entryUnit === 'mmol/mol'
        ? `${n(formatHba1c(record.percent, 'mmol/mol'))} mmol/mol`
        : `${n(formatHba1c(record.percent, '%'), 1)} %`;
    case 'lipids': {
      const u = record.entryUnit;
      const d = u === 'mg/dL' ? 0 : 2;
      const parts: string[] = [];
      const add = (key: 'total' | 'hdl' | 'ldl' | 'triglycerides', mgdl: number | null) => {
        if (mgdl !== null) parts.push(`${t(`measurements:lipids.${key}`)} ${n(formatLipid(mgdl, key, u), d)}`);
      };
      add('total', record.totalMgdl);
      add('hdl', record.hdlMgdl);
      add('ldl', record.ldlMgdl);
      add('triglycerides', record.triglyceridesMgdl);
      return `${parts.join(' · ')} ${u}`;
    }
    case 'blood_pressure':
      return `${record.systolic}/${record.diastolic} mmHg${record.pulse ? ` · ${record.pulse} bpm` : ''}`;
    case 'weight':
      return `${n(record.kg, 1)} kg`;
    case 'event': {
      const e = record.event;
      if (e.type === 'insulin') return t('measurements:eventValue.insulin', { units: n(e.units, 1), type: t(`measurements:insulinTypes.${e.insulinType}`) });
      if (e.type === 'carbs') return t('measurements:eventValue.carbs', { grams: n(e.grams) });
      if (e.type === 'activity') return t('measurements:eventValue.activity', { minutes: n(e.minutes) });
      if (e.type === 'medication') return e.name;
      return record.note ?? '';
    }
  }
}
