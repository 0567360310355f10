import { DAY_MS, type ZoneOffsetResolver } from '../glucose/timezone';
import { DEVICE_GLUCOSE_SOURCES, type GlucoseRecord, type GlucoseSource, type MeasurementRecord } from '../measurements/measurements.schemas';
import { CATEGORIES, CODES, LANGUAGES, PROFILES, UCUM, UNITS, type Coding } from './fhir.codes';
import { uuidV5 } from './name-uuid';

/**
 * FHIR R4 resources of the export, built from stored records. Only what FHIR needs and the app
 * stores: no identity beyond what "download my data" already holds (names, birth year, language).
 *
 * Ids: an Observation that is a stored record keeps the record's own id (already a UUID, unique
 * across both measurement tables); one that is part of a record (each analyte of a lipid panel,
 * the pulse taken with a blood pressure) and the Patient get name-based UUIDs derived from the
 * stored ids, so every export names the same thing with the same id.
 */

/** Namespace of the export's name-based ids (a constant of this project, never change it). */
export const FHIR_ID_NAMESPACE = '609c06b2-8ec3-4506-85cf-8a39ccc71f8a';

export interface Quantity {
  value: number;
  unit: string;
  system: string;
  code: string;
}
export interface CodeableConcept {
  coding: Coding[];
  text?: string;
}
export interface Observation {
  resourceType: 'Observation';
  id: string;
  meta?: { profile: string[] };
  status: 'final';
  category: CodeableConcept[];
  code: CodeableConcept;
  subject: { reference: string };
  effectiveDateTime: string;
  valueQuantity?: Quantity;
  component?: { code: CodeableConcept; valueQuantity: Quantity }[];
  note?: { text: string }[];
}
export interface Patient {
  resourceType: 'Patient';
  id: string;
  name?: { text: string; family?: string; given?: string[] }[];
  birthDate?: string;
  communication: { language: CodeableConcept; preferred: true }[];
}

export interface FhirPatientInput {
  userId: string;
  firstName: string;
  lastName: string | null;
  birthYear: number | null;
  language: 'fr' | 'en' | 'es';
}

export function patientId(userId: string): string {
  return uuidV5(FHIR_ID_NAMESPACE, `patient/${userId}`);
}

export function patientResource(input: FhirPatientInput): Patient {
  const given = input.firstName.trim();
  const family = input.lastName?.trim() ?? '';
  const text = [given, family].filter(Boolean).join(' ');
  return {
    resourceType: 'Patient',
    id: patientId(input.userId),
    // FHIR strings may not be empty: a part the account lacks is left out.
    ...(text ? { name: [{ text, ...(family ? { family } : {}), ...(given ? { given: [given] } : {}) }] } : {}),
    // The profile keeps the year only; a FHIR date may be just a year.
    ...(input.birthYear !== null ? { birthDate: String(input.birthYear).padStart(4, '0') } : {}),
    communication: [{ language: { coding: [LANGUAGES[input.language]] }, preferred: true }],
  };
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
const offsetTexts = new Map<number, string>();

function offsetText(offset: number): string {
  let text = offsetTexts.get(offset);
  if (text === undefined) {
    const minutes = Math.abs(offset) / 60_000;
    text = `${offset < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${TWO_DIGITS[minutes % 60]}`;
    offsetTexts.set(offset, text);
  }
  return text;
}

// The date part of the last local day written: readings come in order, 288 a day.
let lastDay = Number.NaN;
let lastDayText = '';

/**
 * An instant as a FHIR dateTime in the patient's zone, with its offset ("2026-11-02T10:00:00+01:00");
 * seconds, or milliseconds when the instant has some. Written by hand rather than through
 * Date#toISOString: a year of CGM calls it 105,000 times.
 */
export function fhirDateTime(iso: string, offsetOf: ZoneOffsetResolver): string {
  const ms = Date.parse(iso);
  const offset = offsetOf(ms);
  const local = ms + offset;
  const day = Math.floor(local / DAY_MS);
  if (day !== lastDay) {
    lastDay = day;
    lastDayText = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = local - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  const minute = rest % 60;
  const hour = (rest - minute) / 60;
  const fraction = milli === 0 ? '' : `.${String(milli).padStart(3, '0')}`;
  return `${lastDayText}${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second]}${fraction}${offsetText(offset)}`;
}

const quantity = (value: number, unit: { code: string; unit: string }): Quantity => ({ value, unit: unit.unit, system: UCUM, code: unit.code });
const concept = (coding: Coding): CodeableConcept => ({ coding: [coding] });

const DEVICE_SOURCES: ReadonlySet<GlucoseSource> = new Set(DEVICE_GLUCOSE_SOURCES);

/**
 * Sensor readings (a CGM's uploads, its imported exports, a followed Nightscout site) are
 * interstitial glucose; readings typed or sent one by one come from a meter's fingerstick. No
 * stored source is a laboratory's venous glucose, so the export never claims one (LOINC 2339-0).
 */
export function glucoseCoding(source: GlucoseSource): Coding {
  return DEVICE_SOURCES.has(source) ? CODES.glucoseInterstitialCgm : CODES.glucoseCapillaryMeter;
}

/** Triglycerides above which the Friedewald formula is not used (mg/dL). */
const FRIEDEWALD_MAX_TRIGLYCERIDES = 400;
/** Rounding of values entered in g/L or mmol/L with two decimals stays within this (mg/dL). */
const FRIEDEWALD_TOLERANCE = 2;

/**
 * Whether a panel's LDL was calculated rather than measured. The app stores the figures a lab
 * report gives, not how LDL was obtained; a lab calculates it with Friedewald's formula
 * (total − HDL − triglycerides / 5, in mg/dL) when triglycerides allow it and measures it
 * directly otherwise. So an LDL that equals the formula's result, within the rounding of the
 * units a report prints, was calculated; any other LDL (or one without the other three) was measured.
 */
export function ldlIsCalculated(panel: { totalMgdl: number | null; hdlMgdl: number | null; ldlMgdl: number | null; triglyceridesMgdl: number | null }): boolean {
  const { totalMgdl, hdlMgdl, ldlMgdl, triglyceridesMgdl } = panel;
  if (totalMgdl === null || hdlMgdl === null || ldlMgdl === null || triglyceridesMgdl === null) return false;
  if (triglyceridesMgdl >= FRIEDEWALD_MAX_TRIGLYCERIDES) return false;
  return Math.abs(totalMgdl - hdlMgdl - triglyceridesMgdl / 5 - ldlMgdl) <= FRIEDEWALD_TOLERANCE;
}

interface Context {
  subject: { reference: string };
  offsetOf: ZoneOffsetResolver;
}

function observation(
  ctx: Context,
  record: { id: string; measuredAt: string; note: string | null },
  fields: Pick<Observation, 'category' | 'code'> & Partial<Pick<Observation, 'meta' | 'valueQuantity' | 'component'>>,
  id = record.id,
): Observation {
  return {
    resourceType: 'Observation',
    id,
    ...(fields.meta ? { meta: fields.meta } : {}),
    status: 'final',
    category: fields.category,
    code: fields.code,
    subject: ctx.subject,
    effectiveDateTime: fhirDateTime(record.measuredAt, ctx.offsetOf),
    ...(fields.valueQuantity ? { valueQuantity: fields.valueQuantity } : {}),
    ...(fields.component ? { component: fields.component } : {}),
    ...(record.note ? { note: [{ text: record.note }] } : {}),
  };
}

const LABORATORY = [concept(CATEGORIES.laboratory)];
const VITAL_SIGNS = [concept(CATEGORIES.vitalSigns)];

export function glucoseObservation(ctx: Context, record: GlucoseRecord): Observation {
  return observation(ctx, record, { category: LABORATORY, code: concept(glucoseCoding(record.source)), valueQuantity: quantity(record.valueMgdl, UNITS.mgdl) });
}

/**
 * The Bundle entry of a glucose reading as JSON text, exactly `JSON.stringify({ fullUrl, resource:
 * glucoseObservation(…) })` (a test holds them equal) but several times faster: a year of CGM is
 * 105,000 of them, and only the id, the time, the value and a rare note vary. Ids are UUIDs and
 * values finite numbers, so they need no escaping; the note goes through JSON.stringify.
 */
export function glucoseEntryWriter(ctx: Context): (record: GlucoseRecord) => string {
  const subject = JSON.stringify(ctx.subject);
  const category = JSON.stringify(LABORATORY);
  const codes = new Map<GlucoseSource, string>();
  const unit = `"unit":${JSON.stringify(UNITS.mgdl.unit)},"system":${JSON.stringify(UCUM)},"code":${JSON.stringify(UNITS.mgdl.code)}`;
  return (record) => {
    let code = codes.get(record.source);
    if (code === undefined) {
      code = JSON.stringify(concept(glucoseCoding(record.source)));
      codes.set(record.source, code);
    }
    const note = record.note ? `,"note":[{"text":${JSON.stringify(record.note)}}]` : '';
    return (
      `{"fullUrl":"urn:uuid:${record.id}","resource":{"resourceType":"Observation","id":"${record.id}","status":"final",` +
      `"category":${category},"code":${code},"subject":${subject},"effectiveDateTime":"${fhirDateTime(record.measuredAt, ctx.offsetOf)}",` +
      `"valueQuantity":{"value":${record.valueMgdl},${unit}}${note}}}`
    );
  };
}

const LIPIDS = [
  ['totalMgdl', 'total'],
  ['hdlMgdl', 'hdl'],
  ['ldlMgdl', 'ldl'],
  ['triglyceridesMgdl', 'triglycerides'],
] as const;

/**
 * The Observations of one stored record other than glucose, in a stable order. Events (insulin,
 * carbohydrates, activity, medication, notes) are not observations and are left out.
 */
export function healthObservations(ctx: Context, record: MeasurementRecord): Observation[] {
  switch (record.kind) {
    case 'glucose':
      return [glucoseObservation(ctx, record)];
    case 'hba1c':
      return [observation(ctx, record, { category: LABORATORY, code: concept(CODES.hba1c), valueQuantity: quantity(record.percent, UNITS.percent) })];
    case 'lipids': {
      const calculated = ldlIsCalculated(record);
      const codes = { total: CODES.cholesterolTotal, hdl: CODES.hdl, ldl: calculated ? CODES.ldlCalculated : CODES.ldlMeasured, triglycerides: CODES.triglycerides };
      return LIPIDS.flatMap(([field, analyte]) => {
        const value = record[field];
        if (value === null) return [];
        const id = uuidV5(FHIR_ID_NAMESPACE, `lipids/${record.id}/${analyte}`);
        return [observation(ctx, record, { category: LABORATORY, code: concept(codes[analyte]), valueQuantity: quantity(value, UNITS.mgdl) }, id)];
      });
    }
    case 'blood_pressure': {
      const panel = observation(
        ctx,
        record,
        {
          meta: { profile: [PROFILES.bloodPressure] },
          category: VITAL_SIGNS,
          code: concept(CODES.bloodPressurePanel),
          component: [
            { code: concept(CODES.systolic), valueQuantity: quantity(record.systolic, UNITS.mmHg) },
            { code: concept(CODES.diastolic), valueQuantity: quantity(record.diastolic, UNITS.mmHg) },
          ],
        },
      );
      if (record.pulse === null) return [panel];
      const pulse = observation(
        ctx,
        { ...record, note: null },
        { meta: { profile: [PROFILES.heartRate] }, category: VITAL_SIGNS, code: concept(CODES.heartRate), valueQuantity: quantity(record.pulse, UNITS.perMinute) },
        uuidV5(FHIR_ID_NAMESPACE, `blood_pressure/${record.id}/pulse`),
      );
      return [panel, pulse];
    }
    case 'weight':
      return [
        observation(ctx, record, { meta: { profile: [PROFILES.bodyWeight] }, category: VITAL_SIGNS, code: concept(CODES.bodyWeight), valueQuantity: quantity(record.kg, UNITS.kg) }),
      ];
    case 'event':
      return [];
  }
}
