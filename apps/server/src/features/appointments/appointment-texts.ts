/*
 * The appointment reminders' texts, in the patient's language (fr is the reference). A label
 * names the professional and the local time only: never a health value.
 */

export type ReminderLead = 'day' | 'hour';

const TEXTS = {
  fr: {
    day: (who: string, time: string) => `Rendez-vous${who ? ` avec ${who}` : ''} demain à ${time}`,
    hour: (who: string, time: string) =>
      `Rendez-vous${who ? ` avec ${who}` : ''} dans 1 heure (${time})`,
  },
  en: {
    day: (who: string, time: string) =>
      `Appointment${who ? ` with ${who}` : ''} tomorrow at ${time}`,
    hour: (who: string, time: string) =>
      `Appointment${who ? ` with ${who}` : ''} in 1 hour (${time})`,
  },
  es: {
    day: (who: string, time: string) => `Cita${who ? ` con ${who}` : ''} mañana a las ${time}`,
    hour: (who: string, time: string) =>
      `Cita${who ? ` con ${who}` : ''} dentro de 1 hora (${time})`,
  },
} as const;

export function reminderLabel(
  language: string,
  lead: ReminderLead,
  who: string,
  startMs: number,
  timeZone: string,
): string {
  const texts = language === 'en' || language === 'es' ? TEXTS[language] : TEXTS.fr;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(startMs));
  return texts[lead](who, time);
}
