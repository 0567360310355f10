import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TARGET_PRESET_VALUES } from '@glucosuivi/domain/glucose/bands';
import { user } from '../auth/auth.tables';
import { alerts } from '../alerts/alerts.tables';
import { patientProfiles } from '../profile/profile.tables';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { PG, pgError } from '../../platform/db/pg-error';
import { glucoseReadings, healthMeasurements, measurementClientKeys } from './measurements.tables';

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return pgError(error);
  }
  throw new Error('expected the query to fail');
}

const at = new Date('2026-11-02T08:00:00Z');
const rowsFor = (patientId: string) => ({
  glucose_readings: { table: glucoseReadings, row: { patientId, measuredAt: at, valueMgdl: 120, source: 'manual' }, column: glucoseReadings.patientId, change: { note: 'changed' } },
  health_measurements: { table: healthMeasurements, row: { patientId, measuredAt: at, kind: 'weight', weightKg: 70 }, column: healthMeasurements.patientId, change: { note: 'changed' } },
  alerts: { table: alerts, row: { patientId, kind: 'hypo', origin: 'reading', dedupKey: `k-${patientId}`, occurredAt: at }, column: alerts.patientId, change: { status: 'resolved' } },
  patient_profiles: { table: patientProfiles, row: { patientId, targets: TARGET_PRESET_VALUES.standard }, column: patientProfiles.patientId, change: { heightCm: 170 } },
  measurement_client_keys: {
    table: measurementClientKeys,
    row: { patientId, clientKey: '00000000-0000-4000-8000-00000000c0de', measurementId: '00000000-0000-4000-8000-000000000001' },
    column: measurementClientKeys.patientId,
    change: { measurementId: '00000000-0000-4000-8000-000000000002' },
  },
});

// Direct SQL as the request role, on the engine of this run (PGlite, or PostgreSQL with DATABASE_URL):
// every patient-data table of measurements, alerts and profile is the patient's own.
describe(`row-level security of the health tables (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let database: TestDatabase;
  const alice = { userId: 'rls-alice', role: 'patient' as const };
  const bob = { userId: 'rls-bob', role: 'patient' as const };

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(user).values([
      { id: alice.userId, name: 'Alice', email: 'rls-alice@example.test' },
      { id: bob.userId, name: 'Bob', email: 'rls-bob@example.test' },
    ]);
  });
  afterAll(async () => database?.destroy());

  for (const name of ['glucose_readings', 'health_measurements', 'alerts', 'patient_profiles', 'measurement_client_keys'] as const) {
    describe(name, () => {
      it('lets the patient insert, read, update and delete their own rows', async () => {
        const { table, row, column, change } = rowsFor(alice.userId)[name];
        await database.asActor(alice, (tx) => tx.insert(table).values(row as never));
        const seen = await database.asActor(alice, (tx) => tx.select().from(table).where(eq(column, alice.userId)));
        expect(seen).toHaveLength(1);
        const updated = await database.asActor(alice, (tx) => tx.update(table).set(change as never).where(eq(column, alice.userId)).returning());
        expect(updated).toHaveLength(1);
        const deleted = await database.asActor(alice, (tx) => tx.delete(table).where(eq(column, alice.userId)).returning());
        expect(deleted).toHaveLength(1);
      });

      it("hides another patient's rows from select, update and delete, and from a request without user", async () => {
        const { table, row, column, change } = rowsFor(bob.userId)[name];
        await database.db.insert(table).values(row as never);
        expect(await database.asActor(alice, (tx) => tx.select().from(table))).toHaveLength(0);
        expect(await database.asActor(null, (tx) => tx.select().from(table))).toHaveLength(0);
        expect(await database.asActor(alice, (tx) => tx.update(table).set(change as never).where(eq(column, bob.userId)).returning())).toHaveLength(0);
        expect(await database.asActor(alice, (tx) => tx.delete(table).where(eq(column, bob.userId)).returning())).toHaveLength(0);
        expect(await database.db.select().from(table).where(eq(column, bob.userId))).toHaveLength(1);
        expect(await database.asActor(bob, (tx) => tx.select().from(table))).toHaveLength(1);
      });

      it("refuses a row written in another patient's name", async () => {
        const { table, row } = rowsFor(bob.userId)[name];
        const error = await failure(
          database.asActor(alice, (tx) => tx.insert(table).values({ ...row, ...(name === 'alerts' ? { dedupKey: 'forged' } : {}) } as never)),
        );
        expect(error?.code).toBe(PG.insufficientPrivilege);
        expect(error?.message).toMatch(/row-level security/);
      });

      it("refuses moving one's own row to another patient", async () => {
        const { table, row, column } = rowsFor(alice.userId)[name];
        await database.asActor(alice, (tx) => tx.insert(table).values(row as never));
        const error = await failure(
          database.asActor(alice, (tx) => tx.update(table).set({ patientId: bob.userId } as never).where(eq(column, alice.userId))),
        );
        expect(error?.code).toBe(PG.insufficientPrivilege);
      });
    });
  }

  it('keeps RLS enabled on the five tables', async () => {
    const result = await database.db.execute(
      sql`select relname, relrowsecurity from pg_class where relname in ('glucose_readings', 'health_measurements', 'alerts', 'patient_profiles', 'measurement_client_keys') order by relname`,
    );
    const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as { relname: string; relrowsecurity: boolean }[];
    expect(rows.map((r) => [r.relname, r.relrowsecurity])).toEqual([
      ['alerts', true],
      ['glucose_readings', true],
      ['health_measurements', true],
      ['measurement_client_keys', true],
      ['patient_profiles', true],
    ]);
  });
});
