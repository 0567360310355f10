import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { fixedClock } from '../platform/clock';
import { createTestDatabase, MIGRATIONS_FOLDER, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

/** The whole application on a fresh database, for `inject()`; never listens. */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = fixedClock(new Date('2026-11-02T09:00:00Z'));
  const app = await buildApp({ database, clock, migrationsFolder: MIGRATIONS_FOLDER, version: 'test', ...overrides });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
