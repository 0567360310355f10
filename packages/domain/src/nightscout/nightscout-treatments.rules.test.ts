import { describe, expect, it } from 'vitest';
import { isKept, parseNightscoutTreatments } from './nightscout-treatments.rules';

const NOW = Date.parse('2026-11-02T12:00:00.000Z');
const AT = Date.parse('2026-11-02T08:00:00.000Z');
const ISO = new Date(AT).toISOString();

const one = (doc: unknown) => {
  const { treatments, issues } = parseNightscoutTreatments(doc, NOW);
  expect(issues).toEqual([]);
  expect(treatments).toHaveLength(1);
  return treatments[0]!;
};
const codes = (doc: unknown) => parseNightscoutTreatments(doc, NOW).issues.map((i) => i.code);

describe('parseNightscoutTreatments: what a treatment becomes', () => {
  it('a meal bolus with numbers as strings becomes insulin and carbs, its notes with the first', () => {
    const t = one({ eventType: 'Meal Bolus', created_at: ISO, insulin: '4.5', carbs: '45', notes: ' pâtes ', enteredBy: 'careportal' });
    expect(t.events).toEqual([
      { type: 'insulin', units: 4.5, insulinType: 'rapid' },
      { type: 'carbs', grams: 45 },
    ]);
    expect(t.note).toBe('pâtes');
    expect(t.doc).toMatchObject({ eventType: 'Meal Bolus', insulin: 4.5, carbs: 45, created_at: ISO, utcOffset: 0, enteredBy: 'careportal' });
    expect(t.key).toBe(`at:Meal Bolus|${AT}`);
  });

  it('boluses, SMB and carb corrections give one event each; zeros and empty strings are absent', () => {
    for (const eventType of ['Correction Bolus', 'Bolus', 'SMB']) {
      expect(one({ eventType, created_at: ISO, insulin: 1.2, carbs: 0 }).events, eventType).toEqual([{ type: 'insulin', units: 1.2, insulinType: 'rapid' }]);
    }
    for (const eventType of ['Carb Correction', 'Carbs']) {
      expect(one({ eventType, created_at: ISO, carbs: 15, insulin: '' }).events, eventType).toEqual([{ type: 'carbs', grams: 15 }]);
    }
    // xDrip+ sends "<none>" and lets the fields speak.
    expect(one({ eventType: '<none>', created_at: ISO, insulin: 3, carbs: 20, uuid: 'u-1' }).events.map((e) => e.type)).toEqual(['insulin', 'carbs']);
  });

  it('a BG Check becomes a meter reading in mg/dL (mmol converted); a sensor glucose on a bolus is not a reading', () => {
    expect(one({ eventType: 'BG Check', created_at: ISO, glucose: '142', glucoseType: 'Finger', units: 'mg/dl' }).glucoseMgdl).toBe(142);
    expect(one({ eventType: 'BG Check', created_at: ISO, glucose: 7.2, units: 'mmol' }).glucoseMgdl).toBe(129.7);
    expect(one({ eventType: 'Meal Bolus', created_at: ISO, insulin: 2, glucose: 150, glucoseType: 'Sensor' }).glucoseMgdl).toBeNull();
    expect(one({ eventType: 'Correction Bolus', created_at: ISO, insulin: 2, glucose: 250, glucoseType: 'Finger' }).glucoseMgdl).toBe(250);
  });

  it('notes, device changes and exercise become note and activity events; loop state is answered, not kept', () => {
    expect(one({ eventType: 'Note', created_at: ISO, notes: 'stress' })).toMatchObject({ events: [{ type: 'note' }], note: 'stress' });
    expect(one({ eventType: 'Announcement', created_at: ISO, notes: 'new pump' })).toMatchObject({ events: [{ type: 'note' }], note: 'new pump' });
    expect(one({ eventType: 'Site Change', created_at: ISO })).toMatchObject({ events: [{ type: 'note' }], note: 'Site Change' });
    expect(one({ eventType: 'Sensor Start', created_at: ISO, notes: 'bras gauche' })).toMatchObject({ events: [{ type: 'note' }], note: 'bras gauche' });
    expect(one({ eventType: 'Exercise', created_at: ISO, duration: '45' }).events).toEqual([{ type: 'activity', minutes: 45 }]);
    for (const eventType of ['Temp Basal', 'Profile Switch', 'Temporary Target', 'Bolus Wizard']) {
      const t = one({ eventType, created_at: ISO, duration: 30, absolute: 0.8, rate: 0.8, notes: 'x' });
      expect(isKept(t), eventType).toBe(false);
    }
    expect(isKept(one({ eventType: 'Note', created_at: ISO }))).toBe(false);
    expect(isKept(one({ eventType: 'D.A.D. Alert', created_at: ISO, notes: 'dog alert' }))).toBe(true);
    expect(isKept(one({ eventType: 'Whatever', created_at: ISO }))).toBe(false);
    expect(isKept(one({ eventType: 'SMB', created_at: ISO, insulin: 0.05 }))).toBe(false);
    expect(isKept(one({ eventType: 'Correction Bolus', created_at: ISO, insulin: 1, isValid: false }))).toBe(false);
  });
});

describe('parseNightscoutTreatments: time and identity', () => {
  it('reads created_at with an offset into UTC and keeps the offset; falls back on date/mills, then now', () => {
    const t = one({ eventType: 'Note', notes: 'a', created_at: '2026-11-02T10:00:00+02:00' });
    expect(t.createdAt).toBe(AT);
    expect(t.doc).toMatchObject({ created_at: ISO, utcOffset: 120 });
    expect(one({ eventType: 'Note', notes: 'a', date: AT }).createdAt).toBe(AT);
    expect(one({ eventType: 'Note', notes: 'a', mills: String(AT) }).createdAt).toBe(AT);
    expect(one({ eventType: 'Note', notes: 'a' }).createdAt).toBe(NOW);
  });

  it('identity: identifier, then syncIdentifier, uuid, _id, else type and time', () => {
    expect(one({ eventType: 'Bolus', created_at: ISO, insulin: 1, identifier: 'abc', _id: '5f1afb118b6aca48aa123400' }).key).toBe('identifier:abc');
    expect(one({ eventType: 'Bolus', created_at: ISO, insulin: 1, syncIdentifier: 'loop-1' }).key).toBe('syncIdentifier:loop-1');
    expect(one({ eventType: 'Bolus', created_at: ISO, insulin: 1, uuid: 'x-1' }).key).toBe('uuid:x-1');
    const withId = one({ eventType: 'Bolus', created_at: ISO, insulin: 1, _id: '5F1AFB118B6ACA48AA123400' });
    expect(withId.key).toBe('_id:5F1AFB118B6ACA48AA123400');
    expect(withId.doc._id).toBeUndefined();
    expect(one({ eventType: 'Bolus', created_at: ISO, insulin: 1, identifier: 'a\u0000b\ud800' }).key).toBe('identifier:ab');
  });
});

describe('parseNightscoutTreatments: refusals', () => {
  it('refuses what is not a treatment or not plausible, naming the field', () => {
    expect(codes(42)).toEqual(['invalid_type']);
    expect(codes({ eventType: { $ne: 1 }, created_at: ISO })).toEqual(['invalid_type']);
    expect(codes({ eventType: 'Bolus', created_at: 'yesterday', insulin: 1 })).toEqual(['invalid_date']);
    expect(codes({ eventType: 'Bolus', created_at: '1850-01-01T00:00:00Z', insulin: 1 })).toEqual(['date_out_of_range']);
    expect(codes({ eventType: 'Bolus', created_at: new Date(NOW + 6 * 60_000).toISOString(), insulin: 1 })).toEqual(['measured_at_in_future']);
    expect(codes({ eventType: 'Bolus', created_at: ISO, insulin: 'lots' })).toEqual(['invalid_value']);
    expect(codes({ eventType: 'Bolus', created_at: ISO, insulin: 301 })).toEqual(['out_of_range']);
    expect(codes({ eventType: 'Bolus', created_at: ISO, insulin: -1 })).toEqual(['out_of_range']);
    expect(codes({ eventType: 'Carbs', created_at: ISO, carbs: 1001 })).toEqual(['out_of_range']);
    expect(codes({ eventType: 'BG Check', created_at: ISO, glucose: 700 })).toEqual(['out_of_range']);
    expect(codes({ eventType: 'BG Check', created_at: ISO, glucose: 40, units: 'mmol' })).toEqual(['out_of_range']);
    expect(codes({ eventType: 'BG Check', created_at: ISO, glucose: 120, units: 'kg' })).toEqual(['invalid_unit']);
    expect(codes({ eventType: 'Exercise', created_at: ISO, duration: 2000 })).toEqual(['out_of_range']);
  });

  it('one bad document refuses the whole array, with its index in the path', () => {
    const { treatments, issues } = parseNightscoutTreatments(
      [
        { eventType: 'Bolus', created_at: ISO, insulin: 1 },
        { eventType: 'Bolus', created_at: ISO, insulin: 'x' },
      ],
      NOW,
    );
    expect(treatments).toEqual([]);
    expect(issues).toEqual([expect.objectContaining({ path: ['body', 1, 'insulin'], code: 'invalid_value' })]);
  });

  it('answers numbers as numbers, drops the client _id and eventTime, and bounds the notes', () => {
    const t = one({ eventType: 'Temp Basal', created_at: ISO, duration: '30', absolute: '0.85', percent: 'abc', _id: 'not-an-object-id', notes: `${'a'.repeat(600)}\u0000` });
    expect(t.doc).toMatchObject({ duration: 30, absolute: 0.85 });
    expect(t.doc).not.toHaveProperty('percent');
    expect(t.doc).not.toHaveProperty('_id');
    expect(one({ eventType: 'Note', created_at: ISO, notes: `${'a'.repeat(600)}\u0000` }).note).toHaveLength(500);
  });
});
