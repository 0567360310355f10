// Compares docs/ARCHITECTURE.md with the facts read from the code (scripts/docs-facts.ts), and
// renders the document's generated tables. Pure: text and facts in, problems out.
import type { CodeFacts } from './docs-facts';

export const GENERATED_START = '<!-- generated from the code by `npm run docs:tables` (scripts/docs-tables.ts); scripts/docs.test.ts fails when it differs -->';
export const GENERATED_END = '<!-- end of the generated tables -->';

const code = (text: string) => `\`${text}\``;

function every(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1_000, 'second'],
  ];
  for (const [size, unit] of units) {
    if (ms % size === 0) return ms === size ? `every ${unit}` : `every ${ms / size} ${unit}s`;
  }
  return `every ${ms} ms`;
}

/** The tables between the markers: events → subscribers and jobs, the subscribers, the jobs, the feature folders. */
export function renderTables(facts: CodeFacts): string {
  const lines: string[] = [];
  lines.push('### What reacts to what', '', '| Event | Subscribers (→ the jobs they enqueue) |', '| --- | --- |');
  for (const type of facts.eventTypes) {
    const reacting = facts.subscribers
      .filter((subscriber) => subscriber.events.includes(type))
      .map((subscriber) => subscriber.name + (subscriber.enqueues.length > 0 ? ` → ${subscriber.enqueues.map(code).join(', ')}` : ''));
    lines.push(`| ${code(type)} | ${reacting.join('; ') || '—'} |`);
  }
  const onMissed = facts.subscribers.filter((subscriber) => subscriber.onMissed !== null).map((subscriber) => `${subscriber.name}: ${subscriber.onMissed}`);
  lines.push(`| events possibly missed (the LISTEN connection was lost) | ${onMissed.join('; ') || '—'} |`, '');

  lines.push('### Subscribers (registered by `app-subscribers.ts`)', '', '| Subscriber | File (in `apps/server/src/`) | Acts on events | Events |', '| --- | --- | --- | --- |');
  for (const subscriber of facts.subscribers) {
    const events = subscriber.events.length === facts.eventTypes.length ? 'all' : subscriber.events.length > facts.eventTypes.length / 2 ? `all but ${facts.eventTypes.filter((type) => !subscriber.events.includes(type)).map(code).join(', ')}` : subscriber.events.map(code).join(', ');
    lines.push(`| ${subscriber.name} | ${code(subscriber.source)} | ${subscriber.acts} | ${events} |`);
  }
  lines.push('');

  lines.push('### Jobs (built by `app-jobs.ts`)', '', '| Job | Recurring |', '| --- | --- |');
  for (const job of facts.jobs) lines.push(`| ${code(job.name)} | ${job.everyMs === null ? '—' : every(job.everyMs)} |`);
  lines.push('');

  lines.push('### Feature folders', '', '| Feature | `packages/domain/src` | `apps/server/src/features` | `apps/web/src/features` |', '| --- | --- | --- | --- |');
  const all = [...new Set([...facts.folders.domain, ...facts.folders.server, ...facts.folders.web])].sort();
  const mark = (list: string[], name: string) => (list.includes(name) ? '✓' : '');
  for (const name of all) lines.push(`| ${name} | ${mark(facts.folders.domain, name)} | ${mark(facts.folders.server, name)} | ${mark(facts.folders.web, name)} |`);
  return lines.join('\n');
}

/** The document with its generated part replaced by what the code gives now. */
export function withTables(doc: string, facts: CodeFacts): string {
  const start = doc.indexOf(GENERATED_START);
  const end = doc.indexOf(GENERATED_END);
  if (start === -1 || end === -1 || end < start) throw new Error('ARCHITECTURE.md has no generated-tables markers');
  return `${doc.slice(0, start + GENERATED_START.length)}\n\n${renderTables(facts)}\n\n${doc.slice(end)}`;
}

/** The lines of the Layout block that describe packages/domain/src. */
function domainLayout(doc: string): string {
  const from = doc.indexOf('packages/domain/src/ ');
  const to = doc.indexOf('packages/domain/test-data/');
  return from === -1 || to === -1 ? '' : doc.slice(from, to);
}

/** Every way ARCHITECTURE.md differs from the code; empty when it tells the truth. */
export function architectureProblems(doc: string, facts: CodeFacts): string[] {
  const problems: string[] = [];
  const start = doc.indexOf(GENERATED_START);
  const end = doc.indexOf(GENERATED_END);
  if (start === -1 || end === -1) problems.push('the generated tables are missing (markers not found)');
  else if (doc.slice(start + GENERATED_START.length, end).trim() !== renderTables(facts).trim()) {
    problems.push('the generated tables (events, subscribers, jobs, feature folders) differ from the code: run `npm run docs:tables`');
  }

  const layout = domainLayout(doc);
  const mentioned = new Set([...layout.matchAll(/(?:^|\s)([a-z][a-z-]*)\/(?=\s)/gm)].map((match) => match[1]!));
  mentioned.delete('src');
  for (const folder of facts.folders.domain) if (!mentioned.has(folder)) problems.push(`the Layout does not describe packages/domain/src/${folder}/`);
  for (const folder of mentioned) if (!facts.folders.domain.includes(folder)) problems.push(`the Layout describes packages/domain/src/${folder}/, which does not exist`);

  const documentedRoles = new Set([...doc.matchAll(/<f>\.([a-z-]+)\.ts/g)].map((match) => match[1]!));
  for (const { role, files } of facts.roles) {
    if (!documentedRoles.has(role)) problems.push(`the file role *.${role}.ts (a lint element) is not documented`);
    if (files === 0) problems.push(`the file role *.${role}.ts has no file: drop it from the lint rules and the docs`);
  }
  for (const role of documentedRoles) {
    if (!facts.roles.some((known) => known.role === role) && !facts.domainRoles.includes(role)) problems.push(`the docs name a file role *.${role}.ts the code does not have`);
  }

  for (const [, name] of doc.matchAll(/`(create[A-Z]\w*)`/g)) {
    if (!facts.factories.includes(name!)) problems.push(`the docs name \`${name}\`, which the code does not export`);
  }
  return problems;
}
