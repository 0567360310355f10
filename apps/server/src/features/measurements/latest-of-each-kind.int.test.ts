import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { MeasurementRecord } from '@glucosuivi/domain/measurements/measurements.schemas';
import { user } from '../auth/auth.tables';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { rowAsJson, rowFromJson } from '../../platform/db/json-rows';
import { rowsOf } from '../../platform/db/open-database';
import { findGlucose, findHealth, latestOfEachKind } from './measurements.repository';
import { glucoseReadings, healthMeasurements } from './measurements.tables';

// latestOfEachKind reads every kind's latest row in one statement, carried as JSON (json-rows.ts).
// What it returns must be what the query builder's own select of those rows maps to, field for
// field: timestamps with their milliseconds, float4 values, small integers, booleans and nulls.
describe(`the latest record of each kind in one statement (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let database: TestDatabase;
  const patient = { userId: 'patient-latest', role: 'patient' as const };
  const other = { userId: 'patient-other', role: 'patient' as const };
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(user).values([
      { id: patient.userId, name: 'P', email: 'p@example.test' },
      { id: other.userId, name: 'O', email: 'o@example.test' },
    ]);
    await database.db.insert(glucoseReadings).values([
      { patientId: patient.userId, measuredAt: at('2026-12-01T08:00:00.123Z'), valueMgdl: 64.9, source: 'manual', entryUnit: 'mmol/L', note: 'avant le sport', symptomatic: true, context: 'before_meal' },
      { patientId: patient.userId, measuredAt: at('2026-11-30T08:00:00.000Z'), valueMgdl: 250.3, source: 'cgm', deviceId: 'sensor-1' },
      { patientId: other.userId, measuredAt: at('2026-12-02T08:00:00.000Z'), valueMgdl: 99, source: 'cgm', deviceId: 'other' },
    ]);
    await database.db.insert(healthMeasurements).values([
      { patientId: patient.userId, kind: 'hba1c', measuredAt: at('2026-10-01T09:30:00.456Z'), hba1cPercent: 7.3, hba1cMethod: 'lab', entryUnit: 'mmol/mol' },
      { patientId: patient.userId, kind: 'hba1c', measuredAt: at('2026-07-01T09:30:00.000Z'), hba1cPercent: 8.1, hba1cMethod: 'point_of_care', entryUnit: '%' },
      { patientId: patient.userId, kind: 'lipids', measuredAt: at('2026-09-15T07:00:00.000Z'), totalCholesterolMgdl: 201.1, hdlMgdl: 48.6, ldlMgdl: null, triglyceridesMgdl: 133.9, entryUnit: 'g/L', note: 'à jeun' },
      { patientId: patient.userId, kind: 'blood_pressure', measuredAt: at('2026-12-03T19:00:00.789Z'), systolic: 132, diastolic: 84, pulse: 71, arm: 'left', position: 'sitting' },
      { patientId: patient.userId, kind: 'event', measuredAt: at('2026-12-04T12:00:00.000Z'), eventType: 'insulin', insulinUnits: 4.5, insulinType: 'rapid', externalId: 'identifier:abc', externalType: 'Meal Bolus' },
      { patientId: patient.userId, kind: 'event', measuredAt: at('2026-12-04T11:59:00.000Z'), eventType: 'carbs', carbsGrams: 45.5 },
      { patientId: other.userId, kind: 'weight', measuredAt: at('2026-12-04T07:00:00.000Z'), weightKg: 80.2 },
    ]);
  });
  afterAll(async () => database?.destroy());

  it("returns each kind's latest record as the query builder's read of that row maps it, and nothing of another patient", async () => {
    const { found, expected } = await database.asActor(patient, async (tx) => {
      const [glucose] = await tx.select().from(glucoseReadings).where(eq(glucoseReadings.patientId, patient.userId)).orderBy(desc(glucoseReadings.measuredAt)).limit(1);
      const expected: (MeasurementRecord | undefined)[] = [await findGlucose(tx, patient.userId, glucose!.id)];
      for (const kind of ['hba1c', 'lipids', 'blood_pressure', 'weight', 'event']) {
        const [row] = await tx
          .select()
          .from(healthMeasurements)
          .where(and(eq(healthMeasurements.patientId, patient.userId), eq(healthMeasurements.kind, kind)))
          .orderBy(desc(healthMeasurements.measuredAt))
          .limit(1);
        if (row) expected.push(await findHealth(tx, patient.userId, row.id));
      }
      return { found: await latestOfEachKind(tx, patient.userId), expected };
    });
    expect(found.map((record) => record.kind)).toEqual(['glucose', 'hba1c', 'lipids', 'blood_pressure', 'event']);
    expect(found).toEqual(expected);
    // What the records say, against the values written (milliseconds, float4, nulls, booleans).
    expect(found[0]).toMatchObject({ measuredAt: '2026-12-01T08:00:00.123Z', valueMgdl: 64.9, note: 'avant le sport', deviceId: null, entryUnit: 'mmol/L', symptomatic: true });
    expect(found[1]).toMatchObject({ measuredAt: '2026-10-01T09:30:00.456Z', percent: 7.3, method: 'lab', entryUnit: 'mmol/mol' });
    expect(found[2]).toMatchObject({ totalMgdl: 201.1, hdlMgdl: 48.6, ldlMgdl: null, triglyceridesMgdl: 133.9, note: 'à jeun' });
    expect(found[3]).toMatchObject({ measuredAt: '2026-12-03T19:00:00.789Z', systolic: 132, diastolic: 84, pulse: 71 });
    expect(found[4]).toMatchObject({ measuredAt: '2026-12-04T12:00:00.000Z', event: { type: 'insulin', units: 4.5, insulinType: 'rapid' } });
  });

  it('maps every row of both tables as the query builder does, field for field', async () => {
    await database.asActor(patient, async (tx) => {
      for (const table of [glucoseReadings, healthMeasurements]) {
        const built = await tx.select().from(table).where(eq(table.patientId, patient.userId)).orderBy(table.measuredAt);
        const json = rowsOf<{ row: Record<string, unknown> }>(
          await tx.execute(sql`select ${rowAsJson(table)} as row from ${table} where ${table.patientId} = ${patient.userId} order by ${table.measuredAt}`),
        );
        expect(json.map(({ row }) => rowFromJson(table, row))).toEqual(built);
        expect(built.length).toBeGreaterThan(1);
      }
    });
  });

  it('gives nothing to read for a patient without records, and hides the rows of one the actor may not see', async () => {
    const nobody = { userId: 'patient-none', role: 'patient' as const };
    await database.db.insert(user).values({ id: nobody.userId, name: 'N', email: 'n@example.test' });
    expect(await database.asActor(nobody, (tx) => latestOfEachKind(tx, nobody.userId))).toEqual([]);
    expect(await database.asActor(nobody, (tx) => latestOfEachKind(tx, patient.userId))).toEqual([]);
  });
});
