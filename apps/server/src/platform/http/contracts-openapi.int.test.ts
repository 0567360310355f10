import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@glucosuivi/domain/shared/contract';
import { createTestApp, type TestApp } from '../../test/test-app';

const DOMAIN_SRC = join(import.meta.dirname, '../../../../../packages/domain/src');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function isEndpoint(value: unknown): value is Endpoint {
  const e = value as Partial<Endpoint> | null;
  return typeof e === 'object' && e !== null && typeof e.method === 'string' && typeof e.path === 'string' && e.response !== undefined;
}

/** Every endpoint exported by a `*.contract.ts` of packages/domain, as "METHOD /path". */
async function contractEndpoints(): Promise<string[]> {
  const files = readdirSync(DOMAIN_SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.contract.ts'));
  const found: string[] = [];
  for (const file of files) {
    const module = (await import(join(DOMAIN_SRC, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isEndpoint(value)) found.push(`${value.method} ${value.path}`);
  }
  return found.sort();
}

describe('every API route comes from a domain contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('the OpenAPI document lists exactly the contracts, and each contract is served', async () => {
    const contracts = await contractEndpoints();
    expect(contracts.length).toBeGreaterThan(60);
    expect(new Set(contracts).size, 'two contracts for one route').toBe(contracts.length);

    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, operations]) =>
        METHODS.filter((m) => m in operations).map((m) => `${m.toUpperCase()} ${path.replace(/\{([A-Za-z_]+)\}/g, ':$1')}`),
      )
      .sort();
    expect(documented).toEqual(contracts);

    for (const line of contracts) {
      const [method, url] = line.split(' ') as [Endpoint['method'], string];
      expect(t.app.hasRoute({ method, url }), line).toBe(true);
    }
  });

  it("documents the chart series' columns as arrays of integers (checked by one loop, not zod's per-item schema)", async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const json = JSON.stringify(doc.paths['/api/measurements/glucose-series']);
    expect(json).toContain('"type":"array","items":{"type":"integer"}');
    // OpenAPI 3.0 spells a nullable item `nullable: true`.
    expect(json).toContain('"v":{"type":"array","items":{"type":"integer","nullable":true}}');
  });
});
