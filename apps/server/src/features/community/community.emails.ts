import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { MailMessage } from '../../platform/mail';

/** A moderation the author is told about. */
export type ModerationNotice =
  | { kind: 'hidden'; threadTitle: string; reason: string; threadUrl: string }
  | { kind: 'banned'; until: Date | null; reason: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

interface Texts {
  greeting: string;
  hiddenSubject: string;
  hidden: (title: string) => string;
  bannedSubject: string;
  banned: (until: string | null) => string;
  reason: (reason: string) => string;
  link: string;
  footer: string[];
  date: (d: Date) => string;
}

const dateIn = (locale: string) => (d: Date) => d.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });

const TEXTS: Record<Language, Texts> = {
  fr: {
    greeting: 'Bonjour,',
    hiddenSubject: 'Votre message sur le forum GlucoSuivi a été masqué',
    hidden: (title) => `L’équipe de modération a masqué l’un de vos messages dans la discussion « ${title} ».`,
    bannedSubject: 'Votre participation au forum GlucoSuivi est suspendue',
    banned: (until) => (until ? `Vous ne pouvez plus publier sur le forum jusqu’au ${until}.` : 'Vous ne pouvez plus publier sur le forum.'),
    reason: (reason) => `Motif : ${reason}`,
    link: 'Voir la discussion :',
    footer: ['Ne répondez pas à cet e-mail : pour toute question, écrivez au support depuis votre espace.', 'L’équipe GlucoSuivi'],
    date: dateIn('fr-FR'),
  },
  en: {
    greeting: 'Hello,',
    hiddenSubject: 'Your post on the GlucoSuivi forum was hidden',
    hidden: (title) => `The moderation team hid one of your posts in the thread “${title}”.`,
    bannedSubject: 'Your participation in the GlucoSuivi forum is suspended',
    banned: (until) => (until ? `You can no longer post on the forum until ${until}.` : 'You can no longer post on the forum.'),
    reason: (reason) => `Reason: ${reason}`,
    link: 'See the thread:',
    footer: ['Do not reply to this e-mail: for any question, write to support from your account.', 'The GlucoSuivi team'],
    date: dateIn('en-GB'),
  },
  es: {
    greeting: 'Hola:',
    hiddenSubject: 'Su mensaje en el foro de GlucoSuivi ha sido ocultado',
    hidden: (title) => `El equipo de moderación ha ocultado uno de sus mensajes en el tema «${title}».`,
    bannedSubject: 'Su participación en el foro de GlucoSuivi está suspendida',
    banned: (until) => (until ? `Ya no puede publicar en el foro hasta el ${until}.` : 'Ya no puede publicar en el foro.'),
    reason: (reason) => `Motivo: ${reason}`,
    link: 'Ver el tema:',
    footer: ['No responda a este correo: para cualquier pregunta, escriba al soporte desde su cuenta.', 'El equipo de GlucoSuivi'],
    date: dateIn('es-ES'),
  },
};

/** Tells a post's author, in their language, what the moderators did and why. */
export function moderationEmail(to: string, notice: ModerationNotice, language: Language): MailMessage {
  const t = TEXTS[language];
  const lines =
    notice.kind === 'hidden'
      ? [t.greeting, t.hidden(notice.threadTitle), t.reason(notice.reason), `${t.link} ${notice.threadUrl}`, ...t.footer]
      : [t.greeting, t.banned(notice.until ? t.date(notice.until) : null), t.reason(notice.reason), ...t.footer];
  return {
    to,
    subject: notice.kind === 'hidden' ? t.hiddenSubject : t.bannedSubject,
    text: lines.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`,
  };
}
