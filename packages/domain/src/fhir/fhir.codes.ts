/**
 * The terminology of the FHIR R4 export: LOINC codes for what is measured, UCUM codes for units,
 * the observation categories of FHIR, and the profiles of the FHIR core vital signs. Displays are
 * LOINC's long common names, so a receiving system that does not know a code still shows what it is.
 */

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const BCP47 = 'urn:ietf:bcp:47';

export interface Coding {
  system: string;
  code: string;
  display: string;
}

const loinc = (code: string, display: string): Coding => ({ system: LOINC, code, display });

export const CODES = {
  glucoseCapillaryMeter: loinc('41653-7', 'Glucose [Mass/volume] in Capillary blood by Glucometer'),
  glucoseInterstitialCgm: loinc('99504-3', 'Glucose [Mass/volume] in Interstitial fluid'),
  hba1c: loinc('4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood'),
  cholesterolTotal: loinc('2093-3', 'Cholesterol [Mass/volume] in Serum or Plasma'),
  ldlCalculated: loinc('13457-7', 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation'),
  ldlMeasured: loinc('18262-6', 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by Direct assay'),
  hdl: loinc('2085-9', 'Cholesterol in HDL [Mass/volume] in Serum or Plasma'),
  triglycerides: loinc('2571-8', 'Triglyceride [Mass/volume] in Serum or Plasma'),
  bloodPressurePanel: loinc('85354-9', 'Blood pressure panel with all children optional'),
  systolic: loinc('8480-6', 'Systolic blood pressure'),
  diastolic: loinc('8462-4', 'Diastolic blood pressure'),
  heartRate: loinc('8867-4', 'Heart rate'),
  bodyWeight: loinc('29463-7', 'Body weight'),
} as const satisfies Record<string, Coding>;

/** UCUM code and the unit as printed. */
export const UNITS = {
  mgdl: { code: 'mg/dL', unit: 'mg/dL' },
  percent: { code: '%', unit: '%' },
  mmHg: { code: 'mm[Hg]', unit: 'mmHg' },
  perMinute: { code: '/min', unit: 'beats/minute' },
  kg: { code: 'kg', unit: 'kg' },
} as const;

export const CATEGORIES = {
  laboratory: { system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' },
  vitalSigns: { system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' },
} as const satisfies Record<string, Coding>;

/** Profiles of the FHIR R4 core specification the vital signs conform to. */
export const PROFILES = {
  bloodPressure: 'http://hl7.org/fhir/StructureDefinition/bp',
  bodyWeight: 'http://hl7.org/fhir/StructureDefinition/bodyweight',
  heartRate: 'http://hl7.org/fhir/StructureDefinition/heartrate',
} as const;

export const LANGUAGES = {
  fr: { system: BCP47, code: 'fr', display: 'French' },
  en: { system: BCP47, code: 'en', display: 'English' },
  es: { system: BCP47, code: 'es', display: 'Spanish' },
} as const satisfies Record<string, Coding>;
