import type { AccountsService } from './accounts.service';

const HOUR_MS = 3600_000;

/**
 * Erases accounts whose deletion grace period is over: at start, then every hour. The job is
 * idempotent, so running it on several servers at once only repeats a no-op.
 */
export function startAccountErasureJob(accounts: AccountsService, log: { info(o: object, m: string): void; error(o: object, m: string): void }) {
  const run = () =>
    accounts
      .eraseDueAccounts()
      .then((count) => {
        if (count > 0) log.info({ count }, 'accounts erased after their deletion grace period');
      })
      .catch((error: unknown) => log.error({ err: error }, 'account erasure job failed'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
