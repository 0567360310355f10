import { describe, expect, it } from 'vitest';
import { reminderMessages } from './reminders.emails';

/*
 * A reminder's push message and e-mail, in the patient's language: the label and the local
 * time only. A medication's name, the patient's instructions and any value stay in the app.
 */

const base = {
  firstName: 'Camille',
  kind: 'medication' as const,
  label: 'Traitement du soir',
  // 18:30 UTC in November = 19:30 in Paris.
  dueAt: new Date('2026-11-02T18:30:00Z'),
  timeZone: 'Europe/Paris',
  occurrenceId: '2f1c0a4e-51c6-4b2e-9d0e-7c1b9f3a6e10',
  appUrl: 'https://glucosuivi.example',
};

describe('reminder messages', () => {
  it.each([
    ['fr', 'Rappel\u00A0: Traitement du soir', 'Médicament prévu à 19:30.', 'Rappel GlucoSuivi\u00A0: Traitement du soir', 'Bonjour Camille,'],
    ['en', 'Reminder: Traitement du soir', 'Medication due at 19:30.', 'GlucoSuivi reminder: Traitement du soir', 'Hello Camille,'],
    ['es', 'Recordatorio: Traitement du soir', 'Medicamento previsto a las 19:30.', 'Recordatorio de GlucoSuivi: Traitement du soir', 'Hola Camille:'],
  ] as const)('in %s: title, body, subject and greeting', (language, title, body, subject, hello) => {
    const messages = reminderMessages({ ...base, language });
    expect(messages.push).toEqual({ title, body, url: 'https://glucosuivi.example/reminders', tag: base.occurrenceId });
    expect(messages.email.subject).toBe(subject);
    expect(messages.email.text.startsWith(`${hello}\n\n`)).toBe(true);
    expect(messages.email.text).toContain('19:30');
    expect(messages.email.html).toContain('<a href="https://glucosuivi.example/reminders">');
  });

  it('speaks the time in the reminder’s own zone and escapes the label in HTML', () => {
    const messages = reminderMessages({ ...base, language: 'en', label: 'Check <b>&', timeZone: 'America/New_York', kind: 'measurement' });
    expect(messages.push.body).toBe('Measurement due at 13:30.');
    expect(messages.email.html).toContain('Check &lt;b&gt;&amp;');
    expect(messages.email.html).not.toContain('<b>&');
  });

  it('greets without a name when there is none', () => {
    expect(reminderMessages({ ...base, language: 'fr', firstName: '' }).email.text.startsWith('Bonjour,\n\n')).toBe(true);
  });
});
