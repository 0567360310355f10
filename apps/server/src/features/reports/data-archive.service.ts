import type { Actor, Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import type { EventBus } from '../../platform/events/event-bus';
import type { ZipStreamEntry } from '../../platform/zip';
import { listAlerts } from '../alerts/alerts.service';
import { getAccessLog } from '../care-team/access-log.service';
import { getCareTeam } from '../care-team/care-links.service';
import { listInvitations } from '../care-team/invitations.service';
import { listShareLinks } from '../care-team/share-links.service';
import { exportGlucosePages, exportHealthMeasurements } from '../measurements/measurements.service';
import { getMessages, listConversations } from '../messages/messages.service';
import { getProfile } from '../profile/profile.service';
import { forumArchive } from '../community/community.service';
import { subscriptionArchive } from '../subscription/subscription.service';
import { supportArchive } from '../support/support.service';
import { measurementsCsv } from './measurements.csv';
import { fhirExport } from './reports.service';

/**
 * The health part of "Télécharger mes données" (the account part is compte.json, written by the
 * accounts service): everything a patient owns, as JSON and, for measurements, CSV in the same
 * layout as the CSV export, and as a FHIR R4 Bundle for other health software. Glucose readings are read page by page while the ZIP is being sent.
 * Consultation notes belong to the professional (PRODUCT.md) and are not part of it; of other
 * users, only what the patient already sees (their professionals' names and cards).
 */
export interface DataArchiveDeps {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  /** Only because the services it reads through take their full deps; the archive publishes nothing. */
  events: EventBus;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A JSON array written element by element from pages. */
async function* jsonArray<T>(pages: AsyncIterable<T[]>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const page of pages) {
    const parts: string[] = [];
    for (const item of page) {
      parts.push(`${first ? '\n' : ',\n'}  ${JSON.stringify(item)}`);
      first = false;
    }
    yield parts.join('');
  }
  yield first ? ']\n' : '\n]\n';
}

/** Every page of a cursor-paged list. */
async function allPages<T>(fetch: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await fetch(cursor);
    out.push(...page.items);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
}

/** Every conversation of the user with all its messages, oldest first (both roles take part in them). */
async function conversationsWithMessages(deps: DataArchiveDeps, actor: Actor) {
  const { items } = await listConversations(deps, actor);
  return Promise.all(
    items.map(async (conversation) => ({
      conversation,
      messages: (await allPages((cursor) => getMessages(deps, actor, conversation.linkId, { limit: 100, ...(cursor ? { before: cursor } : {}) }))).reverse(),
    })),
  );
}

export function dataArchiveEntries(deps: DataArchiveDeps) {
  return async (actor: Actor): Promise<ZipStreamEntry[]> => {
    if (actor.role !== 'patient') {
      // A professional's own record is in compte.json; their links name only their patients.
      const invitations = await listInvitations(deps, actor);
      return [
        { name: 'invitations.json', content: json(invitations.items) },
        { name: 'messages.json', content: json(await conversationsWithMessages(deps, actor)) },
        ...(await everyoneEntries(deps, actor)),
      ];
    }
    const health = await exportHealthMeasurements(deps, actor);
    const csvOptions = { language: health.context.language, timeZone: health.context.timeZone, glucoseUnit: health.context.glucoseUnit };
    const glucoseCsv = async function* () {
      let first = true;
      for await (const page of exportGlucosePages(deps, actor)) {
        const text = measurementsCsv(page, csvOptions);
        // The header (after the byte-order mark) once, at the top of the file.
        yield first ? text : text.slice(text.indexOf('\r\n') + 2);
        first = false;
      }
      if (first) yield measurementsCsv([], csvOptions);
    };
    return [
      { name: 'profil-sante.json', content: json(await getProfile(deps, actor)) },
      { name: 'mesures/glycemies.json', content: jsonArray(exportGlucosePages(deps, actor)) },
      { name: 'mesures/glycemies.csv', content: glucoseCsv() },
      { name: 'mesures/autres-mesures.json', content: json(health.records) },
      { name: 'mesures/autres-mesures.csv', content: measurementsCsv(health.records, csvOptions) },
      { name: 'mesures/fhir.json', content: await fhirExport(deps, actor) },
      { name: 'alertes.json', content: json(await allPages((cursor) => listAlerts(deps, actor, { limit: 200, cursor }))) },
      {
        name: 'equipe-de-soins.json',
        content: json({ careLinks: (await getCareTeam(deps, actor)).items, invitations: (await listInvitations(deps, actor)).items }),
      },
      { name: 'liens-de-partage.json', content: json((await listShareLinks(deps, actor)).items) },
      { name: 'journal-des-acces.json', content: json(await allPages((cursor) => getAccessLog(deps, actor, { limit: 200, cursor }))) },
      { name: 'messages.json', content: json(await conversationsWithMessages(deps, actor)) },
      { name: 'abonnement.json', content: json(await subscriptionArchive(deps, actor)) },
      ...(await everyoneEntries(deps, actor)),
    ];
  };
}

/** What patients and professionals both have: support requests and the forum. */
async function everyoneEntries(deps: DataArchiveDeps, actor: Actor): Promise<ZipStreamEntry[]> {
  return [
    { name: 'demandes-support.json', content: json(await supportArchive(deps, actor)) },
    { name: 'forum.json', content: json(await forumArchive(deps, actor)) },
  ];
}
