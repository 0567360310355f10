import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import { rowsOf } from '../../platform/db/open-database';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { firstLocalDaySql } from './doctor.repository';

/**
 * The professional's list filters its local-day aggregates in SQL; the other surfaces use
 * lastLocalDays. Both must name the same first day and the same first instant, in every kind of
 * zone (half-hour offsets, DST at midnight, southern hemisphere) and around DST changes.
 */
describe('triage period in SQL = lastLocalDays', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => database?.destroy());

  const zones = ['Europe/Paris', 'America/New_York', 'America/Santiago', 'America/St_Johns', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Pacific/Kiritimati', 'UTC'];
  const instants = [
    '2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z', '2026-04-05T03:59:00Z', '2026-04-05T04:01:00Z', '2026-09-06T03:30:00Z',
    '2026-10-25T00:59:00Z', '2026-10-25T01:01:00Z', '2026-11-01T05:30:00Z', '2026-11-24T09:00:00Z', '2026-11-24T23:30:00Z', '2026-12-31T23:59:59Z',
  ];

  it('computes the same first day and first instant of the last N days', async () => {
    let compared = 0;
    for (const zone of zones) {
      for (const at of instants) {
        for (const days of [1, 7, 14, 90]) {
          const now = new Date(at);
          const expected = lastLocalDays(now.getTime(), days, zone);
          const [row] = rowsOf<{ first_day: string; first_instant: string | Date }>(
            await database.db.execute(
              sql`select d::text as first_day, (d::timestamp at time zone ${zone}) as first_instant from (select ${firstLocalDaySql(now, days, sql`${zone}::text`)} as d) x`,
            ),
          );
          expect(row?.first_day, `${zone} ${at} ${days}`).toBe(expected.firstDay);
          expect(new Date(row!.first_instant).getTime(), `${zone} ${at} ${days}`).toBe(expected.from);
          compared++;
        }
      }
    }
    expect(compared).toBe(zones.length * instants.length * 4);
  }, 120_000);
});
