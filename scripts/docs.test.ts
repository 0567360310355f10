import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBERS } from '../apps/server/src/app-subscribers';
import { architectureProblems, renderTables, withTables } from './docs-check';
import { codeFacts, ROOT, subscriberFacts, type CodeFacts } from './docs-facts';
import { undocumentedSubscriber } from './fixtures/undocumented-subscriber';

const doc = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');

describe('docs/ARCHITECTURE.md against the code', () => {
  let facts: CodeFacts;
  beforeAll(() => {
    facts = codeFacts();
  });

  it('tells the truth: its tables, domain folders, file roles and factories are those of the code', () => {
    expect(architectureProblems(doc, facts)).toEqual([]);
  });

  it('fails when a subscriber is registered without its line (fixture: an extra subscriber)', () => {
    const withExtra = { ...facts, subscribers: subscriberFacts([...SUBSCRIBERS, undocumentedSubscriber]) };
    expect(architectureProblems(doc, withExtra)).toEqual([
      'the generated tables (events, subscribers, jobs, feature folders) differ from the code: run `npm run docs:tables`',
    ]);
    // Regenerated, the table names it against its event, and the check passes again.
    const regenerated = withTables(doc, withExtra);
    expect(renderTables(withExtra)).toContain('| `measurement.recorded` | dashboard cache; realtime hub; advice signals → `advice.signal`; weekly digest e-mail |');
    expect(architectureProblems(regenerated, withExtra)).toEqual([]);
  });

  it('fails when an event type, a job or a feature folder is added to the code only', () => {
    const more = {
      ...facts,
      eventTypes: [...facts.eventTypes, 'insulin.recorded'],
      jobs: [...facts.jobs, { name: 'reports.weekly-digest', everyMs: 7 * 86_400_000 }],
      folders: { ...facts.folders, domain: [...facts.folders.domain, 'therapy'] },
    };
    expect(architectureProblems(doc, more)).toEqual([
      'the generated tables (events, subscribers, jobs, feature folders) differ from the code: run `npm run docs:tables`',
      'the Layout does not describe packages/domain/src/therapy/',
    ]);
  });

  it('fails on a file role nobody uses, a role left undocumented and a factory that does not exist', () => {
    const stale = doc
      .replaceAll('<f>.subscribers.ts', '<f>.notifier.ts')
      .replace('`createDashboardCache`', '`createAlertMailer`');
    expect(architectureProblems(stale, facts)).toEqual([
      'the file role *.subscribers.ts (a lint element) is not documented',
      'the docs name a file role *.notifier.ts the code does not have',
      'the docs name `createAlertMailer`, which the code does not export',
    ]);
  });

  it('reads which events each subscriber takes from its code, not from a declaration', () => {
    const byName = Object.fromEntries(facts.subscribers.map((subscriber) => [subscriber.name, subscriber.events]));
    expect(byName['unread-message e-mail']).toEqual(['message.sent']);
    expect(byName['realtime hub']).toEqual(facts.eventTypes);
    expect(byName['dashboard cache']).not.toContain('message.sent');
  });

  it('names in the subscribers list only jobs the app has handlers for', () => {
    const handled = new Set(facts.jobs.map((job) => job.name));
    for (const subscriber of facts.subscribers) for (const job of subscriber.enqueues) expect(handled, `${subscriber.name} → ${job}`).toContain(job);
  });
});
