// What docs/ARCHITECTURE.md lists, read from the code itself: the domain event types, the
// subscribers app.ts registers (and which events each one takes, found by registering it on a
// recording bus), the job handlers and recurring jobs app-jobs.ts builds, the feature folders of
// the three layers and the server file roles the lint rules know. scripts/docs.test.ts compares
// the document with these facts; scripts/docs-tables.ts writes the generated tables from them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMAIN_EVENT_TYPES } from '@glucosuivi/domain/shared/events';
import { SUBSCRIBERS, type SubscriberParts, type SubscriberRegistration } from '../apps/server/src/app-subscribers';
import { jobDefinitions } from '../apps/server/src/app-jobs';
import type { AppDeps } from '../apps/server/src/app';
import type { AccountsDeps } from '../apps/server/src/features/accounts/accounts.service';
import type { EventBus } from '../apps/server/src/platform/events/event-bus';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface SubscriberFacts {
  name: string;
  source: string;
  acts: SubscriberRegistration['acts'];
  events: string[];
  onMissed: string | null;
  enqueues: string[];
}

export interface CodeFacts {
  eventTypes: string[];
  subscribers: SubscriberFacts[];
  jobs: { name: string; everyMs: number | null }[];
  folders: { domain: string[]; server: string[]; web: string[] };
  /** Server file roles (`routes` for `<f>.routes.ts`) the lint rules give an element type, with how many files have each. */
  roles: { role: string; files: number }[];
  /** The domain's file roles (`contract`, `schemas`): suffixes its feature folders use. */
  domainRoles: string[];
  /** Every exported `create…` function name of the server and web code. */
  factories: string[];
}

/** A bus that runs nothing and remembers what was subscribed. */
function recordingBus(): EventBus & { types: string[]; missed: boolean } {
  const bus = {
    types: [] as string[],
    missed: false,
    publish: async () => {},
    subscribe: (type: string) => {
      bus.types.push(type);
      return () => {};
    },
    onMissedEvents: () => {
      bus.missed = true;
      return () => {};
    },
    close: async () => {},
  };
  return bus as unknown as EventBus & { types: string[]; missed: boolean };
}

/** The facts of subscriber registrations: each one registered alone on a recording bus (its parts are never touched until an event comes). */
export function subscriberFacts(registrations: readonly SubscriberRegistration[]): SubscriberFacts[] {
  return registrations.map((registration) => {
    const bus = recordingBus();
    registration.subscribe(bus, {} as SubscriberParts)();
    const types = new Set(bus.types);
    if (bus.missed !== (registration.onMissed !== null)) {
      throw new Error(`${registration.name}: onMissed says ${registration.onMissed === null ? 'nothing' : 'something'}, its code ${bus.missed ? 'does' : 'does not'} subscribe to missed events`);
    }
    return {
      name: registration.name,
      source: registration.source,
      acts: registration.acts,
      events: DOMAIN_EVENT_TYPES.filter((type) => types.has(type)),
      onMissed: registration.onMissed,
      enqueues: [...registration.enqueues],
    };
  });
}

/** The job handlers and schedules as app-jobs.ts builds them (handlers are built, never run). */
function jobFacts(): CodeFacts['jobs'] {
  const deps = { database: {}, clock: {}, mailer: {}, push: {}, publicUrl: 'https://docs.invalid', authSecret: 'docs-facts-docs-facts-docs-facts-0' } as unknown as AppDeps;
  const log = { info() {}, warn() {}, error() {}, debug() {} } as never;
  const { handlers, schedules } = jobDefinitions(deps, {} as AccountsDeps, recordingBus(), log);
  const every = new Map(schedules.map((schedule) => [schedule.name, schedule.everyMs]));
  return Object.keys(handlers)
    .sort()
    .map((name) => ({ name, everyMs: every.get(name) ?? null }));
}

const directories = (path: string) =>
  readdirSync(join(ROOT, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

function roleFacts(): CodeFacts['roles'] {
  const lintConfig = readFileSync(join(ROOT, 'eslint.config.js'), 'utf8');
  const roles = [...lintConfig.matchAll(/'apps\/server\/src\/features\/\*\/\*\.([a-z-]+)\.ts'/g)].map((match) => match[1]!);
  const files = directories('apps/server/src/features').flatMap((feature) => readdirSync(join(ROOT, 'apps/server/src/features', feature)));
  return roles.map((role) => ({ role, files: files.filter((file) => file.endsWith(`.${role}.ts`) && !file.includes('.test.')).length }));
}

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('dist')) yield* sources(join(dir, entry.name));
    } else if (/\.tsx?$/.test(entry.name)) yield join(dir, entry.name);
  }
}

function factoryFacts(): string[] {
  const names = new Set<string>();
  for (const dir of ['apps/server/src', 'apps/web/src', 'packages/domain/src']) {
    for (const file of sources(join(ROOT, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/export (?:async )?function (create[A-Z]\w*)/g)) names.add(match[1]!);
      // A library's factory the code imports (createBrowserRouter) is as real as our own.
      for (const [, imported, from] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
        if (from!.startsWith('.') || from!.startsWith('@/') || from!.startsWith('@glucosuivi/')) continue;
        for (const name of imported!.match(/\bcreate[A-Z]\w*/g) ?? []) names.add(name);
      }
    }
  }
  return [...names].sort();
}

export function codeFacts(registrations: readonly SubscriberRegistration[] = SUBSCRIBERS): CodeFacts {
  return {
    eventTypes: [...DOMAIN_EVENT_TYPES],
    subscribers: subscriberFacts(registrations),
    jobs: jobFacts(),
    folders: {
      domain: directories('packages/domain/src'),
      server: directories('apps/server/src/features'),
      web: directories('apps/web/src/features'),
    },
    roles: roleFacts(),
    domainRoles: ['contract', 'schemas'].filter((role) =>
      directories('packages/domain/src').some((folder) => readdirSync(join(ROOT, 'packages/domain/src', folder)).some((file) => file.endsWith(`.${role}.ts`))),
    ),
    factories: factoryFacts(),
  };
}
