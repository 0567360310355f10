import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { PushPayload } from '@glucosuivi/domain/push/push.schemas';
import type { ReminderKind } from '@glucosuivi/domain/reminders/reminders.schemas';
import type { MailMessage } from '../../platform/mail';

/**
 * What a reminder's push message and e-mail say, in the patient's language. A push message is
 * read on a lock screen: the reminder's own label and the time, never a value, a medication name
 * or the patient's instructions ("Rappel : Glycémie avant le déjeuner"). The e-mail says the
 * same and links to the page where the patient marks it done or snoozes it; it quotes nothing
 * else either (an e-mail leaves our hands). French typography: U+00A0 before ':'.
 */

const NBSP = '\u00A0';

interface ReminderTexts {
  locale: string;
  title: (label: string) => string;
  body: Record<ReminderKind, (time: string) => string>;
  subject: (label: string) => string;
  hello: (name: string) => string;
  due: (label: string, time: string) => string;
  open: string;
  why: string;
  change: string;
  sign: string;
}

const TEXTS: Record<Language, ReminderTexts> = {
  fr: {
    locale: 'fr-FR',
    title: (label) => `Rappel${NBSP}: ${label}`,
    body: {
      measurement: (time) => `Mesure prévue à ${time}.`,
      medication: (time) => `Médicament prévu à ${time}.`,
      appointment: (time) => `Rappel de rendez-vous prévu à ${time}.`,
    },
    subject: (label) => `Rappel GlucoSuivi${NBSP}: ${label}`,
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    due: (label, time) => `C'est l'heure de votre rappel «${NBSP}${label}${NBSP}» (prévu à ${time}).`,
    open: `Pour le marquer comme fait ou le reporter${NBSP}:`,
    why: 'Vous recevez ce message parce que ce rappel est envoyé par e-mail et que les alertes par e-mail sont activées dans vos réglages GlucoSuivi.',
    change: `Pour changer cela${NBSP}:`,
    sign: "L'équipe GlucoSuivi",
  },
  en: {
    locale: 'en-GB',
    title: (label) => `Reminder: ${label}`,
    body: {
      measurement: (time) => `Measurement due at ${time}.`,
      medication: (time) => `Medication due at ${time}.`,
      appointment: (time) => `Appointment reminder set for ${time}.`,
    },
    subject: (label) => `GlucoSuivi reminder: ${label}`,
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    due: (label, time) => `It is time for your reminder “${label}” (due at ${time}).`,
    open: 'To mark it done or snooze it:',
    why: 'You receive this message because this reminder is sent by e-mail and e-mail alerts are turned on in your GlucoSuivi settings.',
    change: 'To change this:',
    sign: 'The GlucoSuivi team',
  },
  es: {
    locale: 'es-ES',
    title: (label) => `Recordatorio: ${label}`,
    body: {
      measurement: (time) => `Medición prevista a las ${time}.`,
      medication: (time) => `Medicamento previsto a las ${time}.`,
      appointment: (time) => `Recordatorio de cita previsto a las ${time}.`,
    },
    subject: (label) => `Recordatorio de GlucoSuivi: ${label}`,
    hello: (name) => (name ? `Hola ${name}:` : 'Hola:'),
    due: (label, time) => `Es la hora de su recordatorio «${label}» (previsto a las ${time}).`,
    open: 'Para marcarlo como hecho o posponerlo:',
    why: 'Recibe este mensaje porque este recordatorio se envía por correo electrónico y las alertas por correo electrónico están activadas en sus ajustes de GlucoSuivi.',
    change: 'Para cambiarlo:',
    sign: 'El equipo de GlucoSuivi',
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** "08:30" in the reminder's own zone: the wall-clock time the patient chose. */
function localTime(t: ReminderTexts, at: Date, timeZone: string): string {
  const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  try {
    return new Intl.DateTimeFormat(t.locale, { ...options, timeZone }).format(at);
  } catch {
    // A zone the runtime does not know must not cost the patient the reminder.
    return new Intl.DateTimeFormat(t.locale, { ...options, timeZone: 'Europe/Paris' }).format(at);
  }
}

export interface ReminderMessageInput {
  language: Language;
  firstName: string;
  kind: ReminderKind;
  label: string;
  dueAt: Date;
  timeZone: string;
  occurrenceId: string;
  appUrl: string;
}

export interface ReminderMessages {
  push: PushPayload;
  email: Pick<MailMessage, 'subject' | 'text' | 'html'>;
}

/** The push message and the e-mail of one reminder occurrence. */
export function reminderMessages(input: ReminderMessageInput): ReminderMessages {
  const t = TEXTS[input.language];
  const time = localTime(t, input.dueAt, input.timeZone);
  const pageUrl = `${input.appUrl}/reminders`;
  const lines = [t.hello(input.firstName), t.due(input.label, time)];
  const text = [...lines, `${t.open} ${pageUrl}`, `${t.why} ${t.change} ${pageUrl}`, t.sign].join('\n\n');
  const link = `<a href="${escapeHtml(pageUrl)}">${escapeHtml(pageUrl)}</a>`;
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(t.open)} ${link}</p>`,
    `<p style="color:#555">${escapeHtml(t.why)} ${escapeHtml(t.change)} ${link}</p>`,
    `<p>${escapeHtml(t.sign)}</p>`,
  ].join('\n');
  return {
    // The tag is the occurrence: delivered again after a snooze, it replaces the one shown.
    push: { title: t.title(input.label), body: t.body[input.kind](time), url: pageUrl, tag: input.occurrenceId },
    email: {
      subject: t.subject(input.label),
      text,
      html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${html}</body></html>`,
    },
  };
}
