import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TARGET_PRESET_VALUES } from '@glucosuivi/domain/glucose/bands';
import { user } from '../auth/auth.tables';
import { alerts } from '../alerts/alerts.tables';
import { glucoseReadings, healthMeasurements } from '../measurements/measurements.tables';
import { patientProfiles } from '../profile/profile.tables';
import { glucoseDailyAggregates } from '../doctor/doctor.tables';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { PG, pgError } from '../../platform/db/pg-error';
import { consultationNotes } from '../doctor/doctor.tables';
import { accessLog, careInvitations, careLinks } from './care-team.tables';

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return pgError(error);
  }
  throw new Error('expected the query to fail');
}

const at = new Date('2026-11-02T08:00:00Z');

// Direct SQL as app_user with app.user_id set: what the policies allow even if a service check
// were missing or wrong.
describe(`row-level security of the care team (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let database: TestDatabase;
  const patient = { userId: 'ct-patient', role: 'patient' as const };
  const pro = { userId: 'ct-pro', role: 'doctor' as const };
  const stranger = { userId: 'ct-stranger', role: 'doctor' as const };
  let linkId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(user).values([
      { id: patient.userId, name: 'P', email: 'ct-p@example.test' },
      { id: pro.userId, name: 'D', email: 'ct-d@example.test' },
      { id: stranger.userId, name: 'S', email: 'ct-s@example.test' },
    ]);
    await database.db.insert(glucoseReadings).values({ patientId: patient.userId, measuredAt: at, valueMgdl: 65, source: 'cgm', deviceId: 'x' });
    await database.db.insert(healthMeasurements).values([
      { patientId: patient.userId, measuredAt: at, kind: 'blood_pressure', systolic: 150, diastolic: 95 },
      { patientId: patient.userId, measuredAt: at, kind: 'event', eventType: 'note' },
      { patientId: patient.userId, measuredAt: at, kind: 'hba1c', hba1cPercent: 7.1 },
    ]);
    await database.db.insert(alerts).values({ patientId: patient.userId, kind: 'hypo', origin: 'reading', dedupKey: 'k', occurredAt: at });
    await database.db.insert(patientProfiles).values({ patientId: patient.userId, targets: TARGET_PRESET_VALUES.standard });
    // The patient creates the link (their consent), sharing glucose and events.
    const [link] = await database.asActor(patient, (tx) =>
      tx.insert(careLinks).values({ patientId: patient.userId, professionalId: pro.userId, scopes: ['glucose', 'events'], createdAt: at, updatedAt: at }).returning(),
    );
    linkId = link!.id;
  });
  afterAll(async () => database?.destroy());

  it('shows a linked professional exactly the shared categories, and nothing to another professional', async () => {
    const asPro = <T>(fn: Parameters<typeof database.asActor<T>>[1]) => database.asActor(pro, fn);
    expect(await asPro((tx) => tx.select().from(glucoseReadings))).toHaveLength(1);
    expect(await asPro((tx) => tx.select().from(glucoseDailyAggregates))).toHaveLength(1);
    expect((await asPro((tx) => tx.select().from(healthMeasurements))).map((r) => r.kind)).toEqual(['event']);
    expect(await asPro((tx) => tx.select().from(alerts))).toHaveLength(0);
    expect(await asPro((tx) => tx.select().from(patientProfiles))).toHaveLength(1);
    for (const table of [glucoseReadings, healthMeasurements, alerts, patientProfiles, glucoseDailyAggregates, careLinks]) {
      expect(await database.asActor(stranger, (tx) => tx.select().from(table))).toHaveLength(0);
    }
  });

  it('keeps the same rows invisible when the service check is bypassed, after a scope change or revocation', async () => {
    await database.asActor(patient, (tx) => tx.update(careLinks).set({ scopes: ['alerts'] }).where(eq(careLinks.id, linkId)));
    expect(await database.asActor(pro, (tx) => tx.select().from(glucoseReadings))).toHaveLength(0);
    expect(await database.asActor(pro, (tx) => tx.select().from(alerts))).toHaveLength(1);
    await database.asActor(patient, (tx) => tx.update(careLinks).set({ status: 'revoked', revokedAt: at }).where(eq(careLinks.id, linkId)));
    for (const table of [glucoseReadings, healthMeasurements, alerts, patientProfiles, glucoseDailyAggregates]) {
      expect(await database.asActor(pro, (tx) => tx.select().from(table))).toHaveLength(0);
    }
    await database.asActor(patient, (tx) => tx.update(careLinks).set({ status: 'active', revokedAt: null, scopes: ['glucose', 'alerts'] }).where(eq(careLinks.id, linkId)));
  });

  it('refuses a professional writing health data, forging or widening a link', async () => {
    expect((await failure(database.asActor(pro, (tx) => tx.insert(glucoseReadings).values({ patientId: patient.userId, measuredAt: new Date(), valueMgdl: 100, source: 'manual' }))))?.code).toBe(PG.insufficientPrivilege);
    expect(await database.asActor(pro, (tx) => tx.update(glucoseReadings).set({ note: 'x' }).returning())).toHaveLength(0);
    expect(await database.asActor(pro, (tx) => tx.delete(glucoseReadings).returning())).toHaveLength(0);
    expect(await database.asActor(pro, (tx) => tx.delete(alerts).returning())).toHaveLength(0);
    // No self-granted link, no wider scopes on an existing one.
    const forged = await failure(
      database.asActor(stranger, (tx) => tx.insert(careLinks).values({ patientId: patient.userId, professionalId: stranger.userId, scopes: ['glucose'], createdAt: at, updatedAt: at })),
    );
    expect(forged?.code).toBe(PG.insufficientPrivilege);
    expect(await database.asActor(pro, (tx) => tx.update(careLinks).set({ scopes: ['glucose', 'hba1c'] }).returning())).toHaveLength(0);
    // An accepted invitation cannot be made up by a professional either.
    const fake = await failure(
      database.asActor(pro, (tx) =>
        tx.insert(careInvitations).values({ tokenHash: 'h', patientId: patient.userId, professionalId: pro.userId, direction: 'patient_to_professional', status: 'pending', scopes: ['glucose'], inviterId: pro.userId, inviterName: 'x', createdAt: at, expiresAt: at }),
      ),
    );
    expect(fake?.code).toBe(PG.insufficientPrivilege);
  });

  it('lets a linked professional only acknowledge a shared alert, in their own name', async () => {
    expect(await database.asActor(pro, (tx) => tx.update(alerts).set({ status: 'acknowledged', acknowledgedBy: pro.userId, acknowledgedAt: at }).returning())).toHaveLength(1);
    const resolve = await failure(database.asActor(pro, (tx) => tx.update(alerts).set({ status: 'resolved', resolvedBy: pro.userId })));
    expect(resolve?.code).toBe(PG.insufficientPrivilege);
    const impersonate = await failure(database.asActor(pro, (tx) => tx.update(alerts).set({ acknowledgedBy: patient.userId })));
    expect(impersonate?.code).toBe(PG.insufficientPrivilege);
  });

  it('lets a professional set targets only signed with their own id', async () => {
    const signed = await database.asActor(pro, (tx) =>
      tx.update(patientProfiles).set({ targets: TARGET_PRESET_VALUES.pregnancy, targetsSetById: pro.userId, targetsSetByName: 'Dr' }).returning(),
    );
    expect(signed).toHaveLength(1);
    const unsigned = await failure(database.asActor(pro, (tx) => tx.update(patientProfiles).set({ targetsSetById: patient.userId })));
    expect(unsigned?.code).toBe(PG.insufficientPrivilege);
    expect(await database.asActor(stranger, (tx) => tx.update(patientProfiles).set({ targetsSetById: stranger.userId }).returning())).toHaveLength(0);
  });

  it('keeps consultation notes and the access log to their owners', async () => {
    await database.asActor(pro, (tx) => tx.insert(consultationNotes).values({ patientId: patient.userId, professionalId: pro.userId, body: 'privé', createdAt: at, updatedAt: at }));
    expect(await database.asActor(patient, (tx) => tx.select().from(consultationNotes))).toHaveLength(0);
    expect(await database.asActor(stranger, (tx) => tx.select().from(consultationNotes))).toHaveLength(0);
    expect(await database.asActor(pro, (tx) => tx.select().from(consultationNotes))).toHaveLength(1);
    const strangerNote = await failure(
      database.asActor(stranger, (tx) => tx.insert(consultationNotes).values({ patientId: patient.userId, professionalId: stranger.userId, body: 'x', createdAt: at, updatedAt: at })),
    );
    expect(strangerNote?.code).toBe(PG.insufficientPrivilege);

    await database.asActor(pro, (tx) =>
      tx.insert(accessLog).values({ patientId: patient.userId, actorKind: 'professional', actorId: pro.userId, actorName: 'Dr', category: 'glucose', at }),
    );
    // Only a category the patient shares with this professional (migration 0035): the report
    // download logs 'reports' before it reads, so without that category it reads nothing.
    const notShared = await failure(
      database.asActor(pro, (tx) => tx.insert(accessLog).values({ patientId: patient.userId, actorKind: 'professional', actorId: pro.userId, actorName: 'Dr', category: 'reports', at })),
    );
    expect(notShared?.code).toBe(PG.insufficientPrivilege);
    const forgedLog = await failure(
      database.asActor(stranger, (tx) => tx.insert(accessLog).values({ patientId: patient.userId, actorKind: 'professional', actorId: pro.userId, actorName: 'Dr', category: 'glucose', at })),
    );
    expect(forgedLog?.code).toBe(PG.insufficientPrivilege);
    expect(await database.asActor(patient, (tx) => tx.select().from(accessLog).where(and(eq(accessLog.patientId, patient.userId))))).toHaveLength(1);
    expect(await database.asActor(pro, (tx) => tx.select().from(accessLog))).toHaveLength(0);
    // Append-only for requests, even for the patient.
    expect((await failure(database.asActor(patient, (tx) => tx.delete(accessLog))))?.code).toBe(PG.insufficientPrivilege);
  });

  it('maintains the daily aggregates on every write and lets nobody write them directly', async () => {
    await database.asActor(patient, (tx) =>
      tx.insert(glucoseReadings).values({ patientId: patient.userId, measuredAt: new Date('2026-11-02T09:00:00Z'), valueMgdl: 300, source: 'cgm', deviceId: 'x' }),
    );
    const [day] = await database.db.select().from(glucoseDailyAggregates).where(eq(glucoseDailyAggregates.patientId, patient.userId));
    expect(day).toMatchObject({ n: 2, nLow: 1, nVeryHigh: 1, nDevice: 2 });
    await database.asActor(patient, (tx) => tx.delete(glucoseReadings).where(eq(glucoseReadings.valueMgdl, 300)));
    const [after] = await database.db.select().from(glucoseDailyAggregates).where(eq(glucoseDailyAggregates.patientId, patient.userId));
    expect(after).toMatchObject({ n: 1, nVeryHigh: 0 });
    expect((await failure(database.asActor(patient, (tx) => tx.execute(sql`update glucose_daily_aggregates set n = 0`))))?.code).toBe(PG.insufficientPrivilege);
  });
});
