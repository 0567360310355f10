import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDepartment, summarizeDepartment } from '@glucosuivi/domain/department/department.rules';
import { departmentSchema } from '@glucosuivi/domain/department/department.schemas';
import { triageListSchema } from '@glucosuivi/domain/doctor/doctor.schemas';
import { accessLogPageSchema } from '@glucosuivi/domain/care-team/care-team.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

const DAY = 86_400_000;
const FIVE_MIN = 300_000;

/**
 * A professional with patients of different control, each made through the real API (care link
 * by the professional's code, readings by the CGM batch endpoint). The department view must give
 * exactly what the domain rules give from the triage list's answer.
 */
describe('department tracking', () => {
  let t: TestApp;
  let doctor: TestUser;
  let now: number;
  const patients = new Map<string, TestUser>();

  const link = async (p: TestUser, categories: string[]) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/professional', headers: actingAs(p), payload: { code: doctor.userId.slice(0, 8).toUpperCase(), categories } });
    expect(res.statusCode).toBe(201);
  };
  /** Readings every `stepMs` from `fromAgo` to `toAgo` before now, values repeating `pattern`. */
  const upload = async (p: TestUser, fromAgo: number, toAgo: number, pattern: number[], stepMs = FIVE_MIN) => {
    const readings = [];
    for (let at = now - fromAgo, i = 0; at <= now - toAgo; at += stepMs, i++) readings.push({ measuredAt: new Date(at).toISOString(), value: pattern[i % pattern.length]! });
    const res = await t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(p), payload: { source: 'cgm', deviceId: 'd', unit: 'mg/dL', readings } });
    expect(res.statusCode).toBe(200);
  };
  const make = async (name: string, categories: string[] = ['glucose', 'alerts']) => {
    const p = await createTestUser(t.database, { firstName: name, lastName: 'Test' });
    await link(p, categories);
    patients.set(name, p);
    return p;
  };
  const get = (url: string, actor: TestUser = doctor) => t.app.inject({ url, headers: actingAs(actor) });

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    now = t.clock.now().getTime();
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire' });
    // Eleven full days of 5-minute readings: wear ≥ 70 % of the 14-day period.
    await upload(await make('Calm'), 11 * DAY, FIVE_MIN, [120]);
    await upload(await make('High'), 11 * DAY, FIVE_MIN, [120, 240]);
    // Three days with one reading in ten at 65 mg/dL: 10 % below range, a hypo risk whatever the wear.
    await upload(await make('Low'), 3 * DAY, FIVE_MIN, [120, 120, 120, 120, 120, 120, 120, 120, 120, 65]);
    // A reading every 30 minutes: one sixth of the expected ones.
    await upload(await make('Sparse'), 13 * DAY, FIVE_MIN, [130], 6 * FIVE_MIN);
    // Hourly readings that stopped 17 days ago: nothing in the last 14 days.
    await upload(await make('Stale'), 21 * DAY, 17 * DAY, [150], 12 * FIVE_MIN);
    await make('Never');
    // Shares weight only; very low readings that must show in no glucose figure.
    await upload(await make('Hidden', ['weight']), 11 * DAY, FIVE_MIN, [40]);
  }, 120_000);
  afterAll(async () => t?.close());

  it('gives exactly what the domain rules give from the triage list (the "equal to triage" check)', async () => {
    const triage = triageListSchema.parse((await get('/api/doctor/patients')).json());
    const res = await get('/api/doctor/department?days=14');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const department = departmentSchema.parse(res.json());
    expect(department).toEqual(buildDepartment(triage.items, triage.period));
    expect(department.period).toEqual(triage.period);
    // And the figures are the ones these patients were made to have.
    const categoryOf = Object.fromEntries(department.items.map((i) => [i.firstName, i.category]));
    expect(categoryOf).toEqual({ Calm: 'on_target', High: 'above_target', Low: 'hypo_risk', Sparse: 'insufficient_data', Stale: 'insufficient_data', Never: 'insufficient_data', Hidden: 'not_shared' });
    expect(department.summary).toMatchObject({
      patients: 7,
      glucoseShared: 6,
      categories: { not_shared: 1, hypo_risk: 1, insufficient_data: 3, above_target: 1, on_target: 1 },
      noData: { days7: 2, days14: 2, days30: 1 },
    });
    expect(department.summary.tir).toMatchObject({ patients: 4, median: 95, q1: 80, q3: 100 });
    expect(department.summary.tir.bins.map((b) => b.count)).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0, 3]);
    expect(department.summary.tbr.bins.map((b) => b.count)).toEqual([3, 0, 1, 0]);
  });

  it('never puts a patient who does not share glucose in a glucose figure, nor in their access log', async () => {
    const department = departmentSchema.parse((await get('/api/doctor/department?days=14')).json());
    const hidden = department.items.find((i) => i.firstName === 'Hidden')!;
    expect(hidden.glucose).toEqual({ notShared: true });
    // Their 40 mg/dL readings would fill the "> 10 %" TBR bin and the lowest TIR bin.
    expect(department.summary.tbr.bins.at(-1)?.count).toBe(0);
    expect(department.summary.tir.bins[0]?.count).toBe(0);
    const others = (await get('/api/doctor/patients')).json().items.filter((r: { firstName: string }) => r.firstName !== 'Hidden');
    const withoutHidden = summarizeDepartment(triageListSchema.shape.items.parse(others), Date.parse(department.period.to));
    expect({ ...department.summary, patients: 0, categories: null }).toEqual({ ...withoutHidden, patients: 0, categories: null });

    const log = async (name: string) => accessLogPageSchema.parse((await get('/api/care-team/access-log', patients.get(name)!)).json()).items;
    expect(await log('Hidden')).toEqual([]);
    // An hour later (lists are logged once an hour), the department view logs glucose only.
    const before = (await log('Calm')).length;
    t.clock.advance(61 * 60_000);
    try {
      expect((await get('/api/doctor/department?days=14')).statusCode).toBe(200);
      const after = await log('Calm');
      // Newest first: one new line, for glucose (Calm also shares alerts).
      expect(after.slice(0, after.length - before).map((e) => e.category)).toEqual(['glucose']);
    } finally {
      t.clock.set(new Date(now));
    }
  });

  it('takes 30 and 90 days, and refuses other periods', async () => {
    const month = departmentSchema.parse((await get('/api/doctor/department?days=30')).json());
    expect(month.period.days).toBe(30);
    const stale = month.items.find((i) => i.firstName === 'Stale')!.glucose;
    expect(stale).toMatchObject({ readings: 97, inRange: 100, daysSinceLastData: 17 });
    expect(month.summary.tir.patients).toBe(5);
    expect((await get('/api/doctor/department')).json().period.days).toBe(14);
    expect((await get('/api/doctor/department?days=7')).statusCode).toBe(400);
    expect((await get('/api/doctor/department.csv?days=60')).statusCode).toBe(400);
  });

  it('answers not_found to a patient and to an administrator, and asks for a session', async () => {
    const patient = patients.get('Calm')!;
    const admin = await createTestUser(t.database, { role: 'admin' });
    for (const url of ['/api/doctor/department?days=14', '/api/doctor/department.csv?days=14']) {
      const asPatient = await get(url, patient);
      expect({ status: asPatient.statusCode, code: asPatient.json().error?.code }).toEqual({ status: 404, code: 'not_found' });
      expect((await get(url, admin)).statusCode).toBe(404);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    // A professional without patients gets an empty population, not an error.
    const alone = await createTestUser(t.database, { role: 'doctor', firstName: 'Paul' });
    const empty = departmentSchema.parse((await get('/api/doctor/department', alone)).json());
    expect(empty.items).toEqual([]);
    expect(empty.summary).toMatchObject({ patients: 0, glucoseShared: 0, tir: { patients: 0, median: null } });
  });

  it('exports one CSV line per patient, in the asked language, with empty cells where glucose is not shared', async () => {
    const res = await get('/api/doctor/department.csv?days=14&lang=fr');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n').map((line) => line.split(';'));
    expect(lines[0]).toEqual(['Patient', 'Catégorie', 'Temps dans la cible 70–180 (%)', 'Temps sous la cible < 70 (%)', 'GMI (%)', 'Jours depuis la dernière donnée']);
    const department = departmentSchema.parse((await get('/api/doctor/department?days=14')).json());
    expect(lines.slice(1).map((l) => l[0])).toEqual(department.items.map((i) => `${i.firstName} ${i.lastName}`));
    const byName = new Map(lines.slice(1).map((l) => [l[0], l]));
    expect(byName.get('Hidden Test')).toEqual(['Hidden Test', 'Glycémie non partagée', '', '', '', '']);
    expect(byName.get('High Test')).toEqual(['High Test', 'Au-dessus de la cible', '50,0', '0,0', expect.stringMatching(/^\d,\d$/), '0']);
    expect(byName.get('Stale Test')).toEqual(['Stale Test', 'Données insuffisantes', '', '', '', '17']);

    const en = await get('/api/doctor/department.csv?days=14&lang=en');
    const [header, ...rows] = en.body.slice(1).trimEnd().split('\r\n');
    expect(header).toBe('Patient;Category;Time in range 70–180 (%);Time below range < 70 (%);GMI (%);Days since last data');
    expect(rows).toHaveLength(7);
    const low = department.items.find((i) => i.firstName === 'Low')!.glucose;
    // Three days of sensor in fourteen: no GMI (glucose-figures.ts), an empty cell.
    expect('notShared' in low ? undefined : low.gmi).toBeNull();
    expect(rows.find((r) => r.startsWith('Low Test'))).toBe('Low Test;Hypoglycaemia risk;90.0;10.0;;0');
  });
});
