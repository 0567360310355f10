import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { claimJobs, enqueue, finishJob, pruneJobs, shortError, type ClaimedJob, type JobPayload } from './job-queue';

/**
 * Runs one job. Execution is at least once: a handler may run again after a crash, a lost lease
 * or a failure after its effect, so it must be idempotent. An effect that must not repeat (an
 * e-mail) is guarded by its own idempotency key, typically a follow-up job enqueued with a key
 * naming the effect (messages: one unread e-mail per conversation and hour).
 */
export type JobHandler = (payload: JobPayload, job: ClaimedJob) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A job run every `everyMs`, at most once per slot across all servers. */
export interface JobSchedule {
  name: string;
  everyMs: number;
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobWorkerOptions {
  database: Database;
  handlers: JobHandlers;
  clock: Clock;
  log: JobLogger;
  /** How often an idle worker looks for due jobs (default 1 s). */
  pollMs?: number;
  /** Jobs run at once by this worker (default 4). */
  concurrency?: number;
  /** How long a claim holds a job before another worker may take it (default 5 min). */
  leaseMs?: number;
}

export interface JobWorker {
  /** Runs `name` every `everyMs` (slots aligned on the epoch), once per slot across servers. */
  schedule(name: string, everyMs: number): void;
  /** Starts polling. */
  start(): void;
  /** Stops polling and waits for the running handlers. */
  stop(): Promise<void>;
  /** Enqueues due recurring runs, then claims and runs due jobs until none is left (tests, tools). */
  runDue(): Promise<number>;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { database, handlers, clock, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const schedules = new Map<string, { everyMs: number; lastSlot: number | null }>();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;
  let ticking = false;

  /** The current slot of each schedule, enqueued once per slot (the key dedupes across servers). */
  async function enqueueSchedules(): Promise<void> {
    const now = clock.now().getTime();
    for (const [name, entry] of schedules) {
      const slot = Math.floor(now / entry.everyMs) * entry.everyMs;
      if (entry.lastSlot === slot) continue;
      const slotStart = new Date(slot);
      await enqueue(database.db, { name, runAt: slotStart, idempotencyKey: `${name}:${slotStart.toISOString()}` });
      entry.lastSlot = slot;
    }
  }

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.name];
    let error: string | undefined;
    try {
      if (!handler) throw Object.assign(new Error('no handler'), { name: 'UnknownJob' });
      await handler(job.payload, job);
    } catch (caught) {
      error = shortError(caught);
      log.warn({ jobId: job.id, job: job.name, attempts: job.attempts, error }, 'job failed');
    }
    try {
      await finishJob(database.db, job, clock.now(), error);
    } catch (caught) {
      // The lease runs out and another claim runs it again: at least once, never lost.
      log.error({ jobId: job.id, job: job.name, error: shortError(caught) }, 'job outcome not recorded');
    }
  }

  function track(job: ClaimedJob): Promise<void> {
    const task: Promise<void> = run(job).finally(() => {
      running.delete(task);
      // A slot is free: look again at once rather than at the next poll.
      if (started && !stopped) wakeIn(0);
    });
    running.add(task);
    return task;
  }

  async function claim(limit: number): Promise<ClaimedJob[]> {
    return limit > 0 ? claimJobs(database.db, clock.now(), limit, leaseMs) : [];
  }

  async function tick(): Promise<void> {
    if (stopped || ticking) return;
    ticking = true;
    try {
      await enqueueSchedules();
      const claimed = await claim(concurrency - running.size);
      claimed.forEach(track);
    } catch (caught) {
      log.error({ error: shortError(caught) }, 'job poll failed');
    } finally {
      ticking = false;
      wakeIn(pollMs);
    }
  }

  function wakeIn(delayMs: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  }

  return {
    schedule(name, everyMs) {
      if (!(everyMs > 0)) throw new Error(`schedule ${name}: everyMs must be positive`);
      schedules.set(name, { everyMs, lastSlot: null });
    },
    start() {
      if (started) return;
      started = true;
      wakeIn(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async runDue() {
      let count = 0;
      await enqueueSchedules();
      for (;;) {
        const claimed = await claim(concurrency);
        if (claimed.length === 0) return count;
        count += claimed.length;
        await Promise.all(claimed.map(track));
      }
    },
  };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The queue's own upkeep, scheduled daily by the app: done jobs are forgotten after 7 days,
 * failed ones after 30 (administrators list them meanwhile).
 */
export function jobMaintenance(database: Database, clock: Clock): { handlers: JobHandlers; schedules: JobSchedule[] } {
  return {
    handlers: {
      'jobs.prune': async () => {
        const now = clock.now().getTime();
        await pruneJobs(database.db, new Date(now - 7 * DAY_MS), new Date(now - 30 * DAY_MS));
      },
    },
    schedules: [{ name: 'jobs.prune', everyMs: DAY_MS }],
  };
}
