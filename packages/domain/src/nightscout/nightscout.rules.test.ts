import { describe, expect, it } from 'vitest';
import { MAX_ENTRY_ISSUES, parseDeviceStatuses, parseInstant, parseIsoInstant, parseNightscoutEntries } from './nightscout.rules';

const AT = Date.parse('2026-11-02T08:00:00.000Z');

describe('parseNightscoutEntries', () => {
  it('reads numbers sent as strings, dateString with an offset, and a type deduced from the value', () => {
    const { entries, issues } = parseNightscoutEntries([
      { type: 'sgv', sgv: '120', date: String(AT) },
      { sgv: 98.44, dateString: '2026-11-02T10:05:00+02:00' },
      { mbg: ' 140 ', date: AT + 60_000 },
      { type: 'cal', date: AT, slope: 1000 },
    ]);
    expect(issues).toEqual([]);
    expect(entries).toEqual([
      { type: 'sgv', date: AT, valueMgdl: 120, statusCode: null },
      { type: 'sgv', date: AT + 5 * 60_000, valueMgdl: 98.4, statusCode: null },
      { type: 'mbg', date: AT + 60_000, valueMgdl: 140, statusCode: null },
      { type: 'cal', date: AT, valueMgdl: null, statusCode: null },
    ]);
  });

  it('keeps sensor status codes (0–12) out of the readings, refuses other values outside 20–600', () => {
    expect(parseNightscoutEntries({ type: 'sgv', sgv: 5, date: AT }).entries).toEqual([{ type: 'sgv', date: AT, valueMgdl: null, statusCode: 5 }]);
    for (const sgv of [13, 19.9, 600.1, -1, 5.5]) {
      expect(parseNightscoutEntries({ type: 'sgv', sgv, date: AT }).issues.map((i) => i.code), String(sgv)).toEqual(['out_of_range']);
    }
    expect(parseNightscoutEntries({ type: 'sgv', sgv: 20, date: AT }).entries[0]?.valueMgdl).toBe(20);
    expect(parseNightscoutEntries({ type: 'mbg', mbg: 5, date: AT }).issues.map((i) => i.code)).toEqual(['out_of_range']);
  });

  it('names each bad entry by its index, stores nothing when one is bad, and stops at 20 issues', () => {
    const { entries, issues } = parseNightscoutEntries([{ type: 'sgv', sgv: 100, date: AT }, { type: 'sgv', sgv: 100 }, 'x']);
    expect(entries).toEqual([]);
    expect(issues.map((i) => [i.path, i.code])).toEqual([
      [['body', 1, 'date'], 'date_required'],
      [['body', 2], 'invalid_type'],
    ]);
    const many = parseNightscoutEntries(Array.from({ length: 10_000 }, () => ({ type: 'sgv', sgv: 900, date: AT })));
    expect(many.issues).toHaveLength(MAX_ENTRY_ISSUES);
    expect(parseNightscoutEntries({ type: 'sgv', sgv: 100, date: Date.parse('1899-12-31T00:00:00Z') }).issues[0]?.code).toBe('date_out_of_range');
  });
});

describe('instants', () => {
  it('reads epoch milliseconds and ISO 8601 (UTC without an offset, a "+" that arrived as a space)', () => {
    expect(parseInstant('1762070400000')).toBe(1762070400000);
    expect(parseInstant(1762070400000.7)).toBe(1762070400000);
    expect(parseIsoInstant('2026-11-02T10:00:00+02:00')).toBe(AT);
    expect(parseIsoInstant('2026-11-02T10:00:00 02:00')).toBe(AT);
    expect(parseIsoInstant('2026-11-02T10:00:00+0200')).toBe(AT);
    expect(parseIsoInstant('2026-11-02T10:00:00+02')).toBe(AT);
    expect(parseIsoInstant('2026-11-02T08:00:00')).toBe(AT);
    expect(parseIsoInstant('2026-11-02 08:00')).toBe(AT);
    for (const bad of ['yesterday', '2026-11-02', '2026-13-40T00:00:00Z', '']) expect(parseIsoInstant(bad), bad).toBeNull();
  });
});

describe('parseDeviceStatuses', () => {
  it("keeps the document without its _id, reads the phone's battery where each uploader puts it", () => {
    const { statuses, issues } = parseDeviceStatuses(
      [
        { _id: 'theirs', device: 'xDrip-DexcomG6', uploader: { battery: 87 }, created_at: '2026-11-02T09:00:00+01:00' },
        { device: ' openaps://phone\u0007 ', uploaderBattery: '54' },
        { device: 42, uploader: { battery: 140 } },
      ],
      AT + 1000,
    );
    expect(issues).toEqual([]);
    expect(statuses.map((s) => [s.createdAt, s.device, s.batteryPercent])).toEqual([
      [AT, 'xDrip-DexcomG6', 87],
      [AT + 1000, 'openaps://phone', 54],
      [AT + 1000, '', null],
    ]);
    expect(statuses[0]?.doc).toEqual({ device: 'xDrip-DexcomG6', uploader: { battery: 87 }, created_at: '2026-11-02T09:00:00+01:00' });
  });
});
