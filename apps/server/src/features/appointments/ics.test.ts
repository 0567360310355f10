import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { calendarFile, foldLine } from './ics';

describe('iCalendar writer', () => {
  const event = {
    uid: 'a@glucosuivi',
    start: new Date('2026-10-26T08:00:00Z'),
    end: new Date('2026-10-26T08:30:00Z'),
    stamp: new Date('2026-10-20T10:00:00Z'),
    summary:
      'Rendez-vous avec Éléonore de La Tour-d’Auvergne; cardiologie, diabétologie\net nutrition — ' +
      'é'.repeat(60),
    location: '3, rue des Lilas; bâtiment B\\C',
    status: 'CONFIRMED' as const,
  };

  it('folds every line at 75 octets without splitting a character, with CRLF ends', () => {
    const text = calendarFile('GlucoSuivi – rendez-vous', [event]);
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
  });

  it('round-trips text with commas, semicolons, backslashes and new lines through a real parser', () => {
    const parsed = new ICAL.Event(
      new ICAL.Component(ICAL.parse(calendarFile('Agenda', [event]))).getFirstSubcomponent(
        'vevent',
      )!,
    );
    expect(parsed.summary).toBe(event.summary);
    expect(parsed.location).toBe(event.location);
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(parsed.startDate.zone.tzid).toBe('UTC');
  });
});
