import { describe, expect, it } from 'vitest';
import { buildInput, emptyValues, issuesToErrors, valuesFromInput, valuesFromRecord } from './measurement-form';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const base = (unit: 'mg/dL' | 'mmol/L' = 'mg/dL') => emptyValues(unit, '2025-03-10T12:55');

describe('buildInput', () => {
  it('builds a glucose entry with its meal context, time read in the patient’s zone', () => {
    const result = buildInput('glucose', { ...base(), value: '65', context: 'before_meal' }, 'Europe/Paris', NOW);
    expect(result).toEqual({
      ok: true,
      body: { kind: 'glucose', measuredAt: '2025-03-10T11:55:00.000Z', note: null, value: 65, unit: 'mg/dL', context: 'before_meal', source: 'manual' },
    });
  });

  it('sends the symptoms of a low only when the person ticked them, and reads them back for editing', () => {
    const felt = buildInput('glucose', { ...base(), value: '62', symptomatic: true }, 'Europe/Paris', NOW);
    expect(felt.ok && felt.body.kind === 'glucose' && felt.body.symptomatic).toBe(true);
    const plain = buildInput('glucose', { ...base(), value: '62' }, 'Europe/Paris', NOW);
    expect(plain.ok && plain.body.kind === 'glucose' && 'symptomatic' in plain.body).toBe(false);
    const record = {
      kind: 'glucose' as const,
      id: '00000000-0000-4000-8000-000000000001',
      measuredAt: '2025-03-10T11:55:00.000Z',
      createdAt: '2025-03-10T11:55:00.000Z',
      note: null,
      valueMgdl: 62,
      context: null,
      source: 'manual' as const,
      deviceId: null,
      entryUnit: 'mg/dL' as const,
    };
    expect(valuesFromRecord({ ...record, symptomatic: true }, base(), 'Europe/Paris', 'fr').symptomatic).toBe(true);
    expect(valuesFromRecord(record, { ...base(), symptomatic: true }, 'Europe/Paris', 'fr').symptomatic).toBe(false);
  });

  it('accepts a decimal comma in mmol/L', () => {
    const result = buildInput('glucose', { ...base('mmol/L'), value: '5,4' }, 'Europe/Paris', NOW);
    expect(result.ok && result.body.kind === 'glucose' && result.body.value).toBe(5.4);
  });

  it('refuses 700 mg/dL with the accepted range in mg/dL', () => {
    const result = buildInput('glucose', { ...base(), value: '700' }, 'Europe/Paris', NOW);
    expect(result).toEqual({ ok: false, errors: { value: { key: 'range.glucose', params: { min: 20, max: 600, unit: 'mg/dL' } } } });
  });

  it('refuses 40 mmol/L with the range in mmol/L', () => {
    const result = buildInput('glucose', { ...base('mmol/L'), value: '40' }, 'Europe/Paris', NOW);
    expect(!result.ok && result.errors.value).toEqual({ key: 'range.glucose', params: { min: 1.2, max: 33.3, unit: 'mmol/L' } });
  });

  it('says what is wrong with a missing or unreadable number', () => {
    expect(buildInput('glucose', base(), 'Europe/Paris', NOW)).toMatchObject({ ok: false, errors: { value: { key: 'required' } } });
    expect(buildInput('weight', { ...base(), kg: '7O' }, 'Europe/Paris', NOW)).toMatchObject({ ok: false, errors: { kg: { key: 'number' } } });
  });

  it('refuses a diastolic above the systolic', () => {
    const result = buildInput('blood_pressure', { ...base(), systolic: '120', diastolic: '130' }, 'Europe/Paris', NOW);
    expect(result).toEqual({ ok: false, errors: { diastolic: { key: 'diastolic_not_below_systolic' } } });
  });

  it('refuses a time more than 5 minutes ahead', () => {
    const result = buildInput('weight', { ...base(), kg: '72,5', measuredAt: '2025-03-10T14:00' }, 'Europe/Paris', NOW);
    expect(result).toMatchObject({ ok: false, errors: { measuredAt: { key: 'measured_at_in_future' } } });
  });

  it('needs one lipid value at least, and checks each in its unit', () => {
    expect(buildInput('lipids', base(), 'Europe/Paris', NOW)).toMatchObject({ ok: false, errors: { lipids: { key: 'lipids_empty' } } });
    const result = buildInput('lipids', { ...base(), total: '9' }, 'Europe/Paris', NOW);
    expect(!result.ok && result.errors.total).toEqual({ key: 'range.total', params: { min: 0.5, max: 5, unit: 'g/L' } });
  });

  it('builds events', () => {
    const result = buildInput('event', { ...base(), eventType: 'insulin', units: '4,5', insulinType: 'rapid' }, 'Europe/Paris', NOW);
    expect(result.ok && result.body).toMatchObject({ kind: 'event', event: { type: 'insulin', units: 4.5, insulinType: 'rapid' } });
    expect(buildInput('event', { ...base(), eventType: 'note' }, 'Europe/Paris', NOW)).toMatchObject({ ok: false, errors: { note: { key: 'note_required' } } });
  });
});

describe('server issues', () => {
  it('maps the API’s paths and params onto the form', () => {
    const errors = issuesToErrors('glucose', [
      { path: ['body', 'value'], code: 'custom', message: 'x', params: { rule: 'out_of_range', min: 1.2, max: 33.3, unit: 'mmol/L' } },
    ]);
    expect(errors).toEqual({ value: { key: 'range.glucose', params: { min: 1.2, max: 33.3, unit: 'mmol/L' } } });
    expect(issuesToErrors('event', [{ path: ['body', 'event', 'grams'], code: 'custom', message: 'x', params: { rule: 'out_of_range', min: 1, max: 1000, unit: 'g' } }])).toEqual({
      grams: { key: 'range.carbs', params: { min: 1, max: 1000, unit: 'g' } },
    });
    expect(issuesToErrors('weight', [{ path: ['body', 'measuredAt'], code: 'measured_at_in_future', message: 'x' }])).toEqual({
      measuredAt: { key: 'measured_at_in_future' },
    });
  });
});

describe('valuesFromRecord', () => {
  it('fills the form in the unit the value was entered in, with a decimal comma', () => {
    const values = valuesFromRecord(
      {
        kind: 'glucose',
        id: '00000000-0000-4000-8000-000000000000',
        measuredAt: '2025-03-10T11:55:00.000Z',
        createdAt: '2025-03-10T11:55:00.000Z',
        note: null,
        valueMgdl: 97.3,
        context: 'fasting',
        source: 'manual',
        deviceId: null,
        entryUnit: 'mmol/L',
      },
      base(),
      'Europe/Paris',
      'fr',
    );
    expect(values).toMatchObject({ value: '5,4', glucoseUnit: 'mmol/L', context: 'fasting', measuredAt: '2025-03-10T12:55' });
  });
});

describe('valuesFromInput (a queued entry the server refused, back in the form)', () => {
  it('gives back, once built again, the very entry that was queued, for every kind the queue holds', () => {
    const entries = [
      buildInput('glucose', { ...base('mmol/L'), value: '6,1', context: 'after_meal', note: 'métro' }, 'Europe/Paris', NOW),
      buildInput('event', { ...base(), eventType: 'insulin', units: '4,5', insulinType: 'basal' }, 'Europe/Paris', NOW),
      buildInput('event', { ...base(), eventType: 'carbs', grams: '45' }, 'Europe/Paris', NOW),
      buildInput('event', { ...base(), eventType: 'note', note: 'Hypo ressentie' }, 'Europe/Paris', NOW),
      buildInput('blood_pressure', { ...base(), systolic: '128', diastolic: '82', arm: 'left' }, 'Europe/Paris', NOW),
    ];
    for (const built of entries) {
      if (!built.ok) throw new Error('fixture entry refused');
      const kind = built.body.kind;
      const again = buildInput(kind, valuesFromInput(built.body, base(), 'Europe/Paris', 'fr'), 'Europe/Paris', NOW);
      expect(again, kind).toEqual(built);
    }
  });
});
