import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { MailMessage } from '../../platform/mail';

/**
 * The e-mail about an unread message, in the recipient's language. It names the sender by first
 * name and links to the conversation; it never quotes the message (what a patient and their care
 * team write to each other is health data, and an e-mail leaves our hands). French typography as in
 * alerts.emails.ts: a non-breaking space (U+00A0) before ':'.
 */

const NBSP = '\u00A0';

interface UnreadTexts {
  subject: string;
  hello: (name: string) => string;
  news: (sender: string) => string;
  open: string;
  why: string;
  stop: string;
  sign: string;
}

const TEXTS: Record<Language, UnreadTexts> = {
  fr: {
    subject: 'Nouveau message sur GlucoSuivi',
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    news: (sender) => `Vous avez un nouveau message de ${sender} sur GlucoSuivi.`,
    open: `Pour le lire${NBSP}:`,
    why: 'Vous recevez ce message parce que les alertes par e-mail sont activées dans vos réglages GlucoSuivi.',
    stop: `Pour ne plus les recevoir${NBSP}:`,
    sign: "L'équipe GlucoSuivi",
  },
  en: {
    subject: 'New message on GlucoSuivi',
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    news: (sender) => `You have a new message from ${sender} on GlucoSuivi.`,
    open: 'To read it:',
    why: 'You receive this message because e-mail alerts are turned on in your GlucoSuivi settings.',
    stop: 'To stop receiving them:',
    sign: 'The GlucoSuivi team',
  },
  es: {
    subject: 'Nuevo mensaje en GlucoSuivi',
    hello: (name) => (name ? `Hola ${name}:` : 'Hola:'),
    news: (sender) => `Tiene un nuevo mensaje de ${sender} en GlucoSuivi.`,
    open: 'Para leerlo:',
    why: 'Recibe este mensaje porque las alertas por correo electrónico están activadas en sus ajustes de GlucoSuivi.',
    stop: 'Para dejar de recibirlas:',
    sign: 'El equipo de GlucoSuivi',
  },
};

export interface UnreadMessageEmail {
  to: string;
  language: Language;
  /** The recipient's first name, for the greeting ('' greets without a name). */
  firstName: string;
  /** Who wrote: their first name only. */
  senderFirstName: string;
  /** The conversation: /messages for a patient, the patient's page for a professional. */
  conversationUrl: string;
  settingsUrl: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function unreadMessageEmail(input: UnreadMessageEmail): MailMessage {
  const t = TEXTS[input.language];
  const lines = [t.hello(input.firstName), t.news(input.senderFirstName)];
  const text = [...lines, `${t.open} ${input.conversationUrl}`, `${t.why} ${t.stop} ${input.settingsUrl}`, t.sign].join('\n\n');
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(t.open)} ${link(input.conversationUrl)}</p>`,
    `<p style="color:#555">${escapeHtml(t.why)} ${escapeHtml(t.stop)} ${link(input.settingsUrl)}</p>`,
    `<p>${escapeHtml(t.sign)}</p>`,
  ].join('\n');
  return {
    to: input.to,
    subject: t.subject,
    text,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${html}</body></html>`,
  };
}
