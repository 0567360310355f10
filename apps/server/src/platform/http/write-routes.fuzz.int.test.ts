import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Endpoint } from '@glucosuivi/domain/shared/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { createUploader, sha1Hex } from '../../test/nightscout';

// Issue 10, must show 2: EVERY write route of every contract (found by reading the contract
// files, so a new route is fuzzed without touching this test) gets bodies built from its own
// schema's keys, filled with hostile values: implausible dates, NUL and control characters,
// huge strings, deep nesting, wrong types. 0 × 5xx, and a refused request stores no row. Then
// every route with a body gets an unknown field nested 5,000 deep and one of 100 kB, as an object
// and in an array: 0 × 5xx, nothing stored, never echoed. The Nightscout v1 routes get a working
// uploader secret, so their bodies reach the service instead of stopping at a 401.

const DOMAIN = fileURLToPath(new URL('../../../../../packages/domain/src/', import.meta.url));
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Rows a refused request legitimately writes: the sign-in audit trail, and the throttling
// counters (a refused guess must still count against its limit, or throttling would be free).
const NOT_COUNTED = new Set(['auth_audit', 'rate_limit_counters']);
const RUNS = 25;

async function writeEndpoints(): Promise<Endpoint[]> {
  const found: Endpoint[] = [];
  // Every contract file of every feature: a feature may split its endpoints over several
  // (nightscout-treatments.contract.ts was never fuzzed while only <feature>.contract.ts was read).
  const files = readdirSync(DOMAIN, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(DOMAIN, dir.name))
        .filter((name) => name.endsWith('.contract.ts'))
        .map((name) => join(DOMAIN, dir.name, name)),
    );
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const e = value as Partial<Endpoint>;
      if (
        e &&
        typeof e === 'object' &&
        typeof e.method === 'string' &&
        typeof e.path === 'string' &&
        e.response &&
        WRITE_METHODS.has(e.method)
      )
        found.push(e as Endpoint);
    }
  }
  return found;
}

const deep = (depth: number) =>
  JSON.parse(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`) as unknown;
// Nested 5,000 deep, a value neither fast-check nor inject() can serialise without overflowing
// the test's own stack: a marker in the generated body, replaced by its JSON text when sent.
const DEEP_EXTRA = 'fuzz:nested-5000';
const DEEP_EXTRA_JSON = `${'{"a":['.repeat(5_000)}1${']}'.repeat(5_000)}`;
/** A body as JSON text, the deep marker expanded. */
const serialise = (body: unknown) => JSON.stringify(body).replaceAll(JSON.stringify(DEEP_EXTRA), DEEP_EXTRA_JSON);
// A text no route has a reason to answer back: found in an answer, it was echoed.
const LARGE_EXTRA = 'fuzz-extra-'.repeat(9_310); // 100 kB
const echoes = (body: string) => body.includes('fuzz-extra-fuzz-extra-fuzz-extra-');
/** Unknown fields over every bound: deeper than any body may nest, larger than any kept document. */
const overBoundExtras: [string, unknown][] = [
  ['nested 5,000 deep', DEEP_EXTRA],
  ['100 kB', LARGE_EXTRA],
];
const hostileDate = fc.constantFrom(
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '0099-12-31T00:00:00+01:00',
  '1899-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-11-01T10:00:00Z',
  '2026-11-01',
  '0000-00-00',
);
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    'line\r\nbreak',
    '\u001b[31mred',
    '\u007f',
    '\ud800',
    ' '.repeat(50),
  ),
  fc.constantFrom('x'.repeat(10_001), 'é'.repeat(300_000)),
);
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.constantFrom(-1, 0, 1e308, 2 ** 53),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(deep(300)),
);

type Schema = z.ZodType & {
  def?: {
    type?: string;
    innerType?: Schema;
    in?: Schema;
    options?: Schema[];
    entries?: Record<string, string>;
    values?: unknown[];
    element?: Schema;
    catchall?: Schema;
  };
  shape?: Record<string, Schema>;
};

/** A plausible value for a field's schema (so bodies get past the first check), or null when unknown. */
function plausible(schema: Schema | undefined): fc.Arbitrary<unknown> | null {
  const def = schema?.def;
  if (!def) return null;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return plausible(def.innerType);
    case 'pipe':
      return plausible(def.in);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'number':
      return fc.integer({ min: 0, max: 400 });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.oneof(fc.constant('2026-11-01T10:00:00Z'), fc.string({ maxLength: 12 }), fc.uuid());
    case 'array': {
      const item = plausible(def.element);
      return item ? fc.array(item, { maxLength: 3 }) : null;
    }
    case 'object':
      return bodyFor(schema);
    default:
      return null;
  }
}

/** Every key the body schema knows (unions merged), each holding a plausible or a hostile value. */
function bodyFor(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const shapes: Record<string, Schema>[] = [];
  const collect = (s: Schema | undefined) => {
    if (!s) return;
    if (s.shape) shapes.push(s.shape);
    else if (s.def?.type === 'union') s.def.options?.forEach(collect);
    else if (s.def?.type === 'pipe') collect(s.def.in);
  };
  collect(schema);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const shape of shapes) {
    for (const [key, field] of Object.entries(shape)) {
      const good = plausible(field);
      fields[key] = fc.oneof(
        { weight: good ? 4 : 0, arbitrary: good ?? fc.constant(null) },
        { weight: 2, arbitrary: hostileDate },
        { weight: 2, arbitrary: hostileText },
        { weight: 1, arbitrary: wrongType },
      );
    }
  }
  return fc.oneof(
    { weight: 6, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: wrongType },
  );
}

/** Whether a body schema keeps fields it does not know (a loose object, an array of anything), as the Nightscout v1 uploads do. */
function keepsUnknownFields(schema: Schema | undefined): boolean {
  const def = schema?.def;
  if (!def) return false;
  if (def.type === 'union') return def.options?.some(keepsUnknownFields) ?? false;
  if (def.type === 'pipe') return keepsUnknownFields(def.in);
  if (def.type === 'object') return def.catchall?.def?.type === 'unknown';
  if (def.type === 'array') return def.element?.def?.type === 'unknown' || keepsUnknownFields(def.element);
  return false;
}

const pathValue = fc.oneof(
  fc.uuid(),
  fc.constantFrom('%00', 'a%00b', '%0A', '..', 'x'.repeat(150), '%E2%80%AE', '0'),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
);

describe('every write route under hostile input', () => {
  let t: TestApp;
  let patient: TestUser;
  let doctor: TestUser;
  let admin: TestUser;
  let endpoints: Endpoint[];
  let countRows: () => Promise<number>;
  let uploaderSecret: string;
  const actorOf = (endpoint: Endpoint) =>
    endpoint.access === 'admin' ? admin : endpoint.path.startsWith('/api/doctor') ? doctor : patient;
  /** The actor's session, and for the Nightscout v1 routes the patient's uploader secret as uploaders send it. */
  const headersFor = (endpoint: Endpoint) => ({
    ...actingAs(actorOf(endpoint)),
    ...(endpoint.originFreeClients ? { 'api-secret': sha1Hex(uploaderSecret) } : {}),
    'x-forwarded-for': '10.0.0.1',
  });

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    [patient, doctor, admin] = [
      await createTestUser(t.database),
      await createTestUser(t.database, { role: 'doctor' }),
      await createTestUser(t.database, { role: 'admin' }),
    ];
    // Its own patient, whom no fuzzed route acts as: the fuzz of the account routes (deletion
    // requests…) would otherwise leave the secret dead and every v1 request waiting on the
    // failed-secret back-off (up to 10 s each).
    uploaderSecret = (await createUploader(t, await createTestUser(t.database), 'Fuzz uploader')).secret;
    endpoints = await writeEndpoints();
    const tables = (
      (await t.database.db.execute(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      )) as unknown as { rows: { tablename: string }[] }
    ).rows
      .map((r) => r.tablename)
      .filter((name) => !NOT_COUNTED.has(name));
    const total = sql.raw(
      `select ${tables.map((name) => `(select count(*) from "${name}")`).join(' + ')} as n`,
    );
    countRows = async () =>
      Number(
        ((await t.database.db.execute(total)) as unknown as { rows: { n: string | number }[] })
          .rows[0]?.n,
      );
  });
  afterAll(async () => t?.close());

  it('finds the write routes in the contracts, and the app serves each of them', () => {
    expect(endpoints.length).toBeGreaterThan(30);
    const missing = endpoints
      .filter((e) => !t.app.hasRoute({ method: e.method, url: e.path }))
      .map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it('answers no 5xx and stores nothing when it refuses', async () => {
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
      const request = fc.record({
        params: fc.tuple(...names.map(() => pathValue)),
        body: endpoint.body ? bodyFor(endpoint.body as Schema) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, body }) => {
          let i = 0;
          const url = endpoint.path.replace(/:([A-Za-z_]+)/g, () => params[i++] ?? '');
          const before = await countRows();
          const res = await t.app.inject({
            method: endpoint.method,
            url,
            headers: { ...headersFor(endpoint), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(body !== undefined ? { payload: serialise(body) } : {}),
          });
          if (res.statusCode >= 500)
            failures.push(
              `${endpoint.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)} with ${JSON.stringify(body)?.slice(0, 300)}`,
            );
          if (res.statusCode >= 400 && (await countRows()) !== before)
            failures.push(`${endpoint.method} ${url} → ${res.statusCode} stored rows`);
        }),
        { numRuns: RUNS },
      );
    }
    expect(failures.slice(0, 10)).toEqual([]);
  }, 600_000);

  it('refuses unknown fields nested 5,000 deep or of 100 kB on every write route: no 5xx, nothing stored, nothing echoed', async () => {
    const failures: string[] = [];
    const cases = endpoints
      .filter((endpoint) => endpoint.body)
      .flatMap((endpoint) =>
        overBoundExtras.flatMap(([name, extra]) => [
          { endpoint, name, payload: { glucosuiviFuzzExtra: extra } },
          { endpoint, name: `${name}, in an array`, payload: [{ glucosuiviFuzzExtra: extra }] },
        ]),
      );
    expect(cases.length).toBeGreaterThan(30);
    for (const { endpoint, name, payload } of cases) {
      const before = await countRows();
      const url = endpoint.path.replace(/:[A-Za-z_]+/g, '2f1c5b0e-8c5e-4a49-9a77-0c7a2a0d4e11');
      const res = await t.app.inject({ method: endpoint.method, url, headers: { ...headersFor(endpoint), 'content-type': 'application/json' }, payload: serialise(payload) });
      const label = `${endpoint.method} ${url} (${name}) → ${res.statusCode} ${res.body.slice(0, 160)}`;
      const changed = (await countRows()) !== before;
      if (res.statusCode >= 500) failures.push(label);
      if (res.statusCode >= 400 && changed) failures.push(`${label}: stored rows`);
      if (echoes(res.body)) failures.push(`${label}: echoed the unknown field`);
      // A route that keeps unknown fields must refuse these outright (the Nightscout uploads).
      if (keepsUnknownFields(endpoint.body as Schema) && (res.statusCode < 400 || changed)) failures.push(`${label}: kept`);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
