import { getZoneOffsetResolver } from '../glucose/timezone';
import type { GlucoseRecord, MeasurementRecord } from '../measurements/measurements.schemas';
import { fhirDateTime, FHIR_ID_NAMESPACE, glucoseEntryWriter, healthObservations, patientResource, type FhirPatientInput, type Observation, type Patient } from './fhir.resources';
import { uuidV5 } from './name-uuid';

/**
 * The FHIR R4 export: a Bundle of type `collection` holding the Patient, then an Observation per
 * measurement (oldest first; glucose after the other measurements). A year of CGM readings is
 * about 105,000 Observations, so the Bundle is written as JSON text chunk by chunk, one chunk per
 * page of readings, while the pages are read: the whole document is never held in memory.
 */

export interface FhirExportInput {
  patient: FhirPatientInput;
  timeZone: string;
  /** When the export is made (epoch ms): the Bundle's timestamp. */
  generatedAt: number;
  /** Measurements other than glucose readings, oldest first. */
  health: readonly MeasurementRecord[];
  /** Glucose readings, oldest first, page by page. */
  glucosePages: AsyncIterable<readonly GlucoseRecord[]>;
}

export interface BundleEntry {
  fullUrl: string;
  resource: Patient | Observation;
}

export interface Bundle {
  resourceType: 'Bundle';
  id: string;
  type: 'collection';
  timestamp: string;
  entry: BundleEntry[];
}

const entry = (resource: Patient | Observation): BundleEntry => ({ fullUrl: `urn:uuid:${resource.id}`, resource });

/** The Bundle as JSON text, in chunks: the opening, the Patient and the other measurements, one chunk per glucose page, the end. */
export async function* fhirBundleChunks(input: FhirExportInput): AsyncGenerator<string> {
  const offsetOf = getZoneOffsetResolver(input.timeZone);
  const patient = patientResource(input.patient);
  const ctx = { subject: { reference: `urn:uuid:${patient.id}` }, offsetOf };
  const generatedAt = new Date(input.generatedAt).toISOString();
  const head = {
    resourceType: 'Bundle',
    // One id per patient and moment of export: two exports are two documents.
    id: uuidV5(FHIR_ID_NAMESPACE, `bundle/${input.patient.userId}/${generatedAt}`),
    type: 'collection',
    timestamp: fhirDateTime(generatedAt, offsetOf),
  };
  const opening = JSON.stringify(head).slice(0, -1);
  const first = [entry(patient), ...input.health.flatMap((record) => healthObservations(ctx, record)).map(entry)];
  yield `${opening},"entry":[\n${first.map((e) => JSON.stringify(e)).join(',\n')}`;
  const glucoseEntry = glucoseEntryWriter(ctx);
  for await (const page of input.glucosePages) {
    if (page.length === 0) continue;
    const entries = new Array<string>(page.length);
    for (let i = 0; i < page.length; i++) entries[i] = glucoseEntry(page[i] as GlucoseRecord);
    yield `,\n${entries.join(',\n')}`;
  }
  yield '\n]}\n';
}

/** The whole Bundle as an object (small exports, tests). */
export async function buildFhirBundle(input: FhirExportInput): Promise<Bundle> {
  let text = '';
  for await (const chunk of fhirBundleChunks(input)) text += chunk;
  return JSON.parse(text) as Bundle;
}
