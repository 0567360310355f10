import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { fixedClock } from '../platform/clock';
import { createTestDatabase, MIGRATIONS_FOLDER, type TestDatabase } from './test-database';
import type { MailMessage } from '../platform/mail';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  /** E-mails the app sent (unless a real mailer was passed). */
  sent: MailMessage[];
  close(): Promise<void>;
}

/** The whole application on a fresh database, for `inject()`; never listens. */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = fixedClock(new Date('2026-11-02T09:00:00Z'));
  const sent: MailMessage[] = [];
  const app = await buildApp({
    database,
    clock,
    migrationsFolder: MIGRATIONS_FOLDER,
    version: 'test',
    mailer: { send: async (message) => void sent.push(message) },
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: 'http://localhost:3000',
    adminEmails: ['admin@glucosuivi.fr'],
    ...overrides,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    sent,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
