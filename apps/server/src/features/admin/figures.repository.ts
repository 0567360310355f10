import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';

/**
 * The platform's figures, on the owner connection. Aggregates only: every query counts rows
 * (COUNT … GROUP BY) and selects no value column of any table — readings are counted by the day
 * they were received (`created_at`), never read.
 */

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const n = (value: unknown) => Number(value ?? 0);

export interface AccountCounts {
  patient: number;
  professional: number;
  admin: number;
}

/**
 * Accounts by the type the app gives them (account-core `resolveUserType`): administrator when the
 * address is verified and listed in ADMIN_EMAILS or the profile says so, else professional when a
 * professional record exists or the profile says so, else patient.
 */
export async function countAccounts(db: Db, adminEmails: readonly string[]): Promise<AccountCounts> {
  const result = await db.execute(sql`
    select count(*) filter (where is_admin) as admin,
           count(*) filter (where not is_admin and is_doctor) as professional,
           count(*) filter (where not is_admin and not is_doctor) as patient
    from (
      select u.email_verified and (
               lower(u.email) in (select jsonb_array_elements_text(${JSON.stringify(adminEmails)}::jsonb))
               or p.role = 'admin' or p.user_type = 'admin'
             ) as is_admin,
             (exists (select 1 from doctors d where d.user_id = u.id) or p.user_type = 'doctor') as is_doctor
      from "user" u left join profiles p on p.id = u.id
    ) accounts`);
  const row = rowsOf<Record<keyof AccountCounts, unknown>>(result)[0];
  return { patient: n(row?.patient), professional: n(row?.professional), admin: n(row?.admin) };
}

export async function countProfessionals(db: Db): Promise<{ verified: number; pending: number; rejected: number }> {
  const result = await db.execute(sql`
    select count(*) filter (where verified_at is not null) as verified,
           count(*) filter (where verified_at is null and rejected_at is null) as pending,
           count(*) filter (where verified_at is null and rejected_at is not null) as rejected
    from doctors`);
  const row = rowsOf<Record<'verified' | 'pending' | 'rejected', unknown>>(result)[0];
  return { verified: n(row?.verified), pending: n(row?.pending), rejected: n(row?.rejected) };
}

/**
 * Accounts that signed in (a sign-up's session included) or made a request with a session since
 * `since`: `user.last_seen_at`, kept by the accounts feature at most an hour behind. Session rows
 * are no measure: a sign-out deletes them, and sign-ups the seed or admin:create made have one
 * nobody used.
 */
export async function countActiveAccounts(db: Db, since: Date): Promise<number> {
  const result = await db.execute(sql`select count(*) as active from "user" where last_seen_at >= ${ts(since)}`);
  return n(rowsOf<{ active: unknown }>(result)[0]?.active);
}

export interface Bucket {
  start: string;
  count: number;
}

/**
 * Rows of `table` per local day (or week, Monday first) of `timeZone` by `column`, over the last
 * `periods` periods ending with the one holding `now`; periods without a row count 0.
 */
async function countPerPeriod(
  db: Db,
  source: { table: 'glucose_readings' | 'user'; column: 'created_at' },
  unit: 'day' | 'week',
  periods: number,
  now: Date,
  timeZone: string,
): Promise<Bucket[]> {
  const table = sql.identifier(source.table);
  const column = sql.identifier(source.column);
  const step = sql.raw(`interval '1 ${unit}'`);
  const unitText = sql.raw(`'${unit}'`);
  const result = await db.execute(sql`
    with bounds as (
      select date_trunc(${unitText}, ${ts(now)} at time zone ${timeZone}) - (${periods - 1}::int * ${step}) as first_local
    ),
    counted as (
      select date_trunc(${unitText}, t.${column} at time zone ${timeZone}) as period, count(*) as rows
      from ${table} t, bounds
      where t.${column} >= (bounds.first_local at time zone ${timeZone})
      group by 1
    )
    select to_char(s.period, 'YYYY-MM-DD') as start, coalesce(c.rows, 0) as count
    from bounds, generate_series(bounds.first_local, bounds.first_local + (${periods - 1}::int * ${step}), ${step}) as s(period)
    left join counted c on c.period = s.period
    order by s.period`);
  return rowsOf<{ start: string; count: unknown }>(result).map((row) => ({ start: row.start, count: n(row.count) }));
}

/** Glucose readings received per local day (any source), the last `days` days. */
export function countReadingsPerDay(db: Db, days: number, now: Date, timeZone: string): Promise<Bucket[]> {
  return countPerPeriod(db, { table: 'glucose_readings', column: 'created_at' }, 'day', days, now, timeZone);
}

/** Accounts created per local week (Monday first), the last `weeks` weeks. */
export function countNewAccountsPerWeek(db: Db, weeks: number, now: Date, timeZone: string): Promise<Bucket[]> {
  return countPerPeriod(db, { table: 'user', column: 'created_at' }, 'week', weeks, now, timeZone);
}

export async function countTickets(db: Db): Promise<{ byStatus: { status: string; count: number }[]; byType: { type: string; count: number }[] }> {
  const byStatus = await db.execute(sql`select status, count(*) as count from support_tickets group by status order by status`);
  const byType = await db.execute(sql`select type, count(*) as count from support_tickets group by type order by type`);
  return {
    byStatus: rowsOf<{ status: string; count: unknown }>(byStatus).map((r) => ({ status: r.status, count: n(r.count) })),
    byType: rowsOf<{ type: string; count: unknown }>(byType).map((r) => ({ type: r.type, count: n(r.count) })),
  };
}

export async function countFailedJobs(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*) as failed from jobs where status = 'failed'`);
  return n(rowsOf<{ failed: unknown }>(result)[0]?.failed);
}
