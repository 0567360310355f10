import { describe, expect, it } from 'vitest';
import { getI18n } from '@/lib/i18n';
import { channelsSummary, scheduleSummary } from './schedule-summary';

const fr = () => getI18n().getFixedT('fr');
const en = () => getI18n().getFixedT('en');

describe('scheduleSummary', () => {
  it('says a daily schedule in French, times in order', () => {
    expect(scheduleSummary({ type: 'weekly', times: ['12:30', '08:00'], days: [1, 2, 3, 4, 5, 6, 7] }, fr())).toBe('Tous les jours à 08:00, 12:30');
  });

  it('names the days, Monday first, whatever order they were stored in', () => {
    expect(scheduleSummary({ type: 'weekly', times: ['08:30'], days: [4, 1] }, fr())).toBe('Lun, Jeu à 08:30');
    expect(scheduleSummary({ type: 'weekly', times: ['21:00'], days: [7, 6] }, fr())).toBe('Sam, Dim à 21:00');
  });

  it('says "Du lundi au vendredi" for the working days', () => {
    expect(scheduleSummary({ type: 'weekly', times: ['07:45'], days: [5, 4, 3, 2, 1] }, fr())).toBe('Du lundi au vendredi à 07:45');
  });

  it('shows a recurrence rule as it was typed', () => {
    const rule = 'FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8;BYMINUTE=30';
    expect(scheduleSummary({ type: 'rrule', rule }, fr())).toBe(`Règle : ${rule}`);
  });

  it('speaks the reader’s language', () => {
    expect(scheduleSummary({ type: 'weekly', times: ['08:30'], days: [1, 4] }, en())).toBe('Mon, Thu at 08:30');
  });
});

describe('channelsSummary', () => {
  it('always lists the app, then push and e-mail when chosen', () => {
    expect(channelsSummary({ sendPush: false, sendEmail: false }, fr())).toBe("Dans l'application");
    expect(channelsSummary({ sendPush: true, sendEmail: true }, fr())).toBe("Dans l'application, notification push, e-mail");
  });
});
