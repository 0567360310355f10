import { describe, expect, it } from 'vitest';
import { getZoneOffsetResolver } from '../glucose/timezone';
import type { GlucoseRecord, MeasurementRecord } from '../measurements/measurements.schemas';
import { buildFhirBundle, fhirBundleChunks, type FhirExportInput } from './fhir.bundle';
import { fhirDateTime, glucoseEntryWriter, glucoseObservation, healthObservations, ldlIsCalculated, patientId, patientResource } from './fhir.resources';

const paris = getZoneOffsetResolver('Europe/Paris');
const ctx = { subject: { reference: 'urn:uuid:00000000-0000-4000-8000-000000000000' }, offsetOf: paris };
const base = { measuredAt: '2026-11-02T09:00:00.000Z', createdAt: '2026-11-02T09:00:00.000Z', note: null };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const glucose = (n: number, source: GlucoseRecord['source'], valueMgdl = 123.4): GlucoseRecord => ({
  kind: 'glucose',
  id: id(n),
  ...base,
  valueMgdl,
  context: null,
  source,
  deviceId: null,
  entryUnit: 'mg/dL',
});
const lipids = (values: { total: number | null; hdl: number | null; ldl: number | null; tg: number | null }): MeasurementRecord => ({
  kind: 'lipids',
  id: id(50),
  ...base,
  totalMgdl: values.total,
  hdlMgdl: values.hdl,
  ldlMgdl: values.ldl,
  triglyceridesMgdl: values.tg,
  entryUnit: 'g/L',
});
const codeOf = (o: { code: { coding: { code: string }[] } }) => o.code.coding[0]?.code;

describe('FHIR R4 mapping', () => {
  it('codes glucose by where it was measured: a meter in capillary blood, a sensor in interstitial fluid, always in mg/dL', () => {
    expect(codeOf(glucoseObservation(ctx, glucose(1, 'manual')))).toBe('41653-7');
    expect(codeOf(glucoseObservation(ctx, glucose(1, 'meter')))).toBe('41653-7');
    for (const source of ['cgm', 'import', 'nightscout'] as const) expect(codeOf(glucoseObservation(ctx, glucose(1, source)))).toBe('99504-3');
    const observation = glucoseObservation(ctx, glucose(7, 'cgm', 54.5));
    expect(observation).toMatchObject({
      resourceType: 'Observation',
      id: id(7),
      status: 'final',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] }],
      code: { coding: [{ system: 'http://loinc.org', code: '99504-3' }] },
      subject: ctx.subject,
      effectiveDateTime: '2026-11-02T10:00:00+01:00',
      valueQuantity: { value: 54.5, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
    });
  });

  it('writes a glucose entry as text exactly as the JSON of its Observation (every source, notes with quotes, milliseconds)', () => {
    const write = glucoseEntryWriter(ctx);
    const records = [
      ...(['manual', 'meter', 'cgm', 'import', 'nightscout'] as const).map((source, i) => glucose(i, source, 40 + i * 33.3)),
      { ...glucose(9, 'meter', 250), note: 'après "pizza"\nligne 2 \\ fin', measuredAt: '2026-03-29T01:30:00.123Z' },
    ];
    for (const record of records) {
      const text = write(record);
      expect(text).toBe(JSON.stringify({ fullUrl: `urn:uuid:${record.id}`, resource: glucoseObservation(ctx, record) }));
    }
  });

  it('writes dateTimes in the patient’s zone with its offset, summer and winter, and keeps milliseconds only when present', () => {
    expect(fhirDateTime('2026-07-01T22:30:00.000Z', paris)).toBe('2026-07-02T00:30:00+02:00');
    expect(fhirDateTime('2026-01-15T08:05:09.250Z', paris)).toBe('2026-01-15T09:05:09.250+01:00');
    expect(fhirDateTime('2026-01-15T08:05:09.000Z', getZoneOffsetResolver('America/St_Johns'))).toBe('2026-01-15T04:35:09-03:30');
    expect(fhirDateTime('2026-01-15T08:05:09.000Z', getZoneOffsetResolver('UTC'))).toBe('2026-01-15T08:05:09+00:00');
    expect(fhirDateTime('1961-12-31T23:59:59.007Z', paris)).toBe('1962-01-01T00:59:59.007+01:00');
    // Against Intl, every two hours across both changes of 2026 in Paris and in Santiago (southern hemisphere).
    for (const zone of ['Europe/Paris', 'America/Santiago']) {
      const offsetOf = getZoneOffsetResolver(zone);
      const intl = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' });
      for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 2 * 3_600_000 + 7_000) {
        expect(fhirDateTime(new Date(t).toISOString(), offsetOf).slice(0, 19)).toBe(intl.format(t).replace(' ', 'T'));
      }
    }
  });

  it('codes HbA1c 4548-4 in %, and keeps the note', () => {
    const [hba1c] = healthObservations(ctx, { kind: 'hba1c', id: id(2), ...base, note: 'labo de ville', percent: 7.1, method: 'lab', entryUnit: 'mmol/mol' });
    expect(codeOf(hba1c!)).toBe('4548-4');
    expect(hba1c?.valueQuantity).toEqual({ value: 7.1, unit: '%', system: 'http://unitsofmeasure.org', code: '%' });
    expect(hba1c?.note).toEqual([{ text: 'labo de ville' }]);
  });

  it('splits a lipid panel into one Observation per analyte in mg/dL, LDL calculated when it is Friedewald’s result, measured otherwise', () => {
    // 190 − 50 − 120 / 5 = 116: calculated.
    const calculated = healthObservations(ctx, lipids({ total: 190, hdl: 50, ldl: 116, tg: 120 }));
    expect(calculated.map(codeOf)).toEqual(['2093-3', '2085-9', '13457-7', '2571-8']);
    expect(calculated.map((o) => o.valueQuantity)).toEqual(
      [190, 50, 116, 120].map((value) => ({ value, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' })),
    );
    expect(new Set(calculated.map((o) => o.id)).size).toBe(4);
    expect(calculated.every((o) => o.category[0]?.coding[0]?.code === 'laboratory')).toBe(true);
    // The same panel gets the same ids in every export.
    expect(healthObservations(ctx, lipids({ total: 190, hdl: 50, ldl: 116, tg: 120 })).map((o) => o.id)).toEqual(calculated.map((o) => o.id));
    // Entered in g/L with two decimals (1.90 / 0.50 / 1.15 / 1.21): within rounding of the formula.
    expect(ldlIsCalculated({ totalMgdl: 190, hdlMgdl: 50, ldlMgdl: 115, triglyceridesMgdl: 121 })).toBe(true);
    // Far from the formula, triglycerides too high for it, or a lone LDL: measured.
    expect(codeOf(healthObservations(ctx, lipids({ total: 190, hdl: 50, ldl: 100, tg: 120 }))[2]!)).toBe('18262-6');
    expect(ldlIsCalculated({ totalMgdl: 300, hdlMgdl: 40, ldlMgdl: 176, triglyceridesMgdl: 420 })).toBe(false);
    const lone = healthObservations(ctx, lipids({ total: null, hdl: null, ldl: 130, tg: null }));
    expect(lone.map(codeOf)).toEqual(['18262-6']);
  });

  it('writes a blood pressure as the 85354-9 panel with systolic 8480-6 and diastolic 8462-4 in mm[Hg], and the pulse as a heart rate', () => {
    const record: MeasurementRecord = { kind: 'blood_pressure', id: id(3), ...base, systolic: 132, diastolic: 84, pulse: 70, arm: 'left', position: 'sitting' };
    const [panel, pulse] = healthObservations(ctx, record);
    expect(panel).toMatchObject({ id: id(3), meta: { profile: ['http://hl7.org/fhir/StructureDefinition/bp'] }, category: [{ coding: [{ code: 'vital-signs' }] }] });
    expect(codeOf(panel!)).toBe('85354-9');
    expect(panel?.valueQuantity).toBeUndefined();
    expect(panel?.component?.map((c) => [codeOf(c), c.valueQuantity])).toEqual([
      ['8480-6', { value: 132, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' }],
      ['8462-4', { value: 84, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' }],
    ]);
    expect(codeOf(pulse!)).toBe('8867-4');
    expect(pulse?.valueQuantity).toMatchObject({ value: 70, code: '/min' });
    expect(pulse?.id).not.toBe(panel?.id);
    expect(healthObservations(ctx, { ...record, pulse: null })).toHaveLength(1);
  });

  it('codes body weight 29463-7 in kg as a vital sign, and leaves events out', () => {
    const [weight] = healthObservations(ctx, { kind: 'weight', id: id(4), ...base, kg: 68.5 });
    expect(codeOf(weight!)).toBe('29463-7');
    expect(weight).toMatchObject({ category: [{ coding: [{ code: 'vital-signs' }] }], valueQuantity: { value: 68.5, unit: 'kg', code: 'kg' } });
    expect(healthObservations(ctx, { kind: 'event', id: id(5), ...base, event: { type: 'insulin', units: 4, insulinType: 'rapid' } })).toEqual([]);
  });

  it('describes the patient with the identity the archive holds and no more', () => {
    expect(patientResource({ userId: 'u1', firstName: 'Jean', lastName: 'Martin', birthYear: 1961, language: 'fr' })).toEqual({
      resourceType: 'Patient',
      id: patientId('u1'),
      name: [{ text: 'Jean Martin', family: 'Martin', given: ['Jean'] }],
      birthDate: '1961',
      communication: [{ language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'fr', display: 'French' }] }, preferred: true }],
    });
    const anonymous = patientResource({ userId: 'u2', firstName: ' ', lastName: null, birthYear: null, language: 'es' });
    expect(anonymous).not.toHaveProperty('name');
    expect(anonymous).not.toHaveProperty('birthDate');
    expect(anonymous).not.toHaveProperty('gender');
    expect(patientId('u2')).not.toBe(patientId('u1'));
  });
});

describe('FHIR R4 Bundle', () => {
  async function* pages(...list: GlucoseRecord[][]) {
    for (const page of list) yield page;
  }
  const input = (glucosePages: AsyncIterable<GlucoseRecord[]>): FhirExportInput => ({
    patient: { userId: 'u1', firstName: 'Jean', lastName: 'Martin', birthYear: null, language: 'fr' },
    timeZone: 'Europe/Paris',
    generatedAt: Date.parse('2026-11-02T09:00:00Z'),
    health: [{ kind: 'weight', id: id(4), ...base, kg: 68.5 }],
    glucosePages,
  });

  it('is a collection: the Patient first, every Observation referring to it by its urn:uuid fullUrl', async () => {
    const bundle = await buildFhirBundle(input(pages([glucose(10, 'cgm'), glucose(11, 'cgm')], [], [glucose(12, 'meter')])));
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', timestamp: '2026-11-02T10:00:00+01:00' });
    expect(bundle.entry.map((e) => e.resource.resourceType)).toEqual(['Patient', 'Observation', 'Observation', 'Observation', 'Observation']);
    const patientUrl = bundle.entry[0]!.fullUrl;
    expect(patientUrl).toBe(`urn:uuid:${patientId('u1')}`);
    for (const e of bundle.entry) expect(e.fullUrl).toBe(`urn:uuid:${e.resource.id}`);
    for (const e of bundle.entry.slice(1)) expect(e.resource).toMatchObject({ subject: { reference: patientUrl } });
    expect(bundle.entry.slice(2).map((e) => e.resource.id)).toEqual([id(10), id(11), id(12)]);
  });

  it('is valid JSON with no glucose at all, and is written one chunk per page', async () => {
    const empty = await buildFhirBundle(input(pages()));
    expect(empty.entry).toHaveLength(2);
    const chunks: string[] = [];
    for await (const chunk of fhirBundleChunks(input(pages([glucose(10, 'cgm')], [glucose(11, 'cgm')])))) chunks.push(chunk);
    expect(chunks).toHaveLength(4);
    expect(JSON.parse(chunks.join('')).entry).toHaveLength(4);
  });
});
