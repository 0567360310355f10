import type { Counterpart } from '@glucosuivi/domain/messages/messages.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';

/** The other person's name as the conversation shows it ("Claire Bernard", or the first name alone). */
export function personName(person: Pick<Counterpart, 'firstName' | 'lastName'>): string {
  return [person.firstName, person.lastName].filter((x) => x && x.trim()).join(' ') || '—';
}

const dayOf = (at: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(at);

/** When a message was written: the time alone for today, else the date and the time, in the reader's zone. */
export function messageTime(at: string, language: string, timeZone: string, now = Date.now()): string {
  const ms = Date.parse(at);
  return formatDateTime(ms, language, timeZone, dayOf(ms, timeZone) !== dayOf(now, timeZone));
}
