import { z } from 'zod';

export const databaseEngineSchema = z.enum(['pglite', 'postgres']);
export type DatabaseEngine = z.infer<typeof databaseEngineSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  database: z.object({
    engine: databaseEngineSchema,
    /** Server version string as PostgreSQL reports it (PGlite reports its embedded version). */
    serverVersion: z.string(),
    reachable: z.boolean(),
  }),
  migrations: z.object({
    applied: z.number().int().nonnegative(),
    available: z.number().int().nonnegative(),
    latest: z.string().nullable(),
    upToDate: z.boolean(),
  }),
});
export type Health = z.infer<typeof healthSchema>;
