import type { Health } from '@glucosuivi/domain/health/health.schemas';
import type { Database } from '../../platform/db/database';
import { migrationState } from '../../platform/db/migrate';

export interface HealthDeps {
  database: Database;
  migrationsFolder: string;
  version: string;
  startedAt: number;
  now: () => number;
}

export async function getHealth(deps: HealthDeps): Promise<Health> {
  const uptimeSeconds = Math.max(0, (deps.now() - deps.startedAt) / 1000);
  try {
    const [serverVersion, migrations] = await Promise.all([
      deps.database.serverVersion(),
      migrationState(deps.database, deps.migrationsFolder),
    ]);
    return {
      status: migrations.upToDate ? 'ok' : 'degraded',
      version: deps.version,
      uptimeSeconds,
      database: { engine: deps.database.engine, serverVersion, reachable: true },
      migrations,
    };
  } catch {
    return {
      status: 'degraded',
      version: deps.version,
      uptimeSeconds,
      database: { engine: deps.database.engine, serverVersion: 'unknown', reachable: false },
      migrations: { applied: 0, available: 0, latest: null, upToDate: false },
    };
  }
}
