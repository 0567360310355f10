import { FIGURES_DAYS, FIGURES_TIME_ZONE, FIGURES_WEEKS, type Figures } from '@glucosuivi/domain/admin/figures.schemas';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import * as repo from './figures.repository';

export interface FiguresDeps {
  database: Database;
  clock: Clock;
  /** ADMIN_EMAILS, lower-cased: a verified address listed there is an administrator's account. */
  adminEmails: ReadonlySet<string>;
}

const DAY_MS = 86_400_000;

/**
 * The platform in figures for administrators (the route is admin-only): counts only, read with
 * the owner connection through aggregate queries that select no value of any row.
 */
export async function platformFigures(deps: FiguresDeps): Promise<Figures> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const [accounts, professionals, active, weeks, days, tickets, failedJobs] = await Promise.all([
    repo.countAccounts(db, [...deps.adminEmails]),
    repo.countProfessionals(db),
    repo.countActiveAccounts(db, new Date(now.getTime() - 30 * DAY_MS)),
    repo.countNewAccountsPerWeek(db, FIGURES_WEEKS, now, FIGURES_TIME_ZONE),
    repo.countReadingsPerDay(db, FIGURES_DAYS, now, FIGURES_TIME_ZONE),
    repo.countTickets(db),
    repo.countFailedJobs(db),
  ]);
  return {
    generatedAt: now.toISOString(),
    accounts,
    professionals,
    activeAccounts30Days: active,
    newAccountsPerWeek: weeks.map((w) => ({ weekStart: w.start, count: w.count })),
    uploadsPerDay: days.map((d) => ({ day: d.start, count: d.count })),
    supportTickets: tickets,
    failedJobs,
  };
}
