import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { SupportRequestType } from '@glucosuivi/domain/support/support.schemas';
import type { MailMessage } from '../../platform/mail';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

interface Template {
  subject: (ref: string) => string;
  types: Record<SupportRequestType, string>;
  body: (ref: string, type: string, subject: string) => string[];
}

const ACK: Record<Language, Template> = {
  fr: {
    subject: (ref) => `Nous avons bien reçu votre message [${ref}]`,
    types: {
      question: 'Question',
      bug: 'Problème technique',
      feature: 'Suggestion',
      urgent: 'Urgent',
    },
    body: (ref, type, subject) => [
      'Bonjour,',
      'Votre message a été envoyé avec succès. Notre équipe vous répondra dans les plus brefs délais.',
      `Référence : ${ref} · Type : ${type} · Objet : ${subject}`,
      'Ne répondez pas à cet e-mail : il est envoyé automatiquement.',
      'GlucoSuivi ne remplace pas l’avis d’un professionnel de santé. En cas d’urgence médicale, appelez le 15 (SAMU) ou le 112.',
      'L’équipe GlucoSuivi',
    ],
  },
  en: {
    subject: (ref) => `We have received your message [${ref}]`,
    types: {
      question: 'Question',
      bug: 'Technical problem',
      feature: 'Suggestion',
      urgent: 'Urgent',
    },
    body: (ref, type, subject) => [
      'Hello,',
      'Your message has been sent successfully. Our team will get back to you as soon as possible.',
      `Reference: ${ref} · Type: ${type} · Subject: ${subject}`,
      'Do not reply to this e-mail: it is sent automatically.',
      'GlucoSuivi does not replace the advice of a health professional. In a medical emergency, call 15 (SAMU) or 112.',
      'The GlucoSuivi team',
    ],
  },
  es: {
    subject: (ref) => `Hemos recibido su mensaje [${ref}]`,
    types: {
      question: 'Pregunta',
      bug: 'Problema técnico',
      feature: 'Sugerencia',
      urgent: 'Urgente',
    },
    body: (ref, type, subject) => [
      'Hola:',
      'Su mensaje se ha enviado correctamente. Nuestro equipo le responderá lo antes posible.',
      `Referencia: ${ref} · Tipo: ${type} · Asunto: ${subject}`,
      'No responda a este correo: se envía automáticamente.',
      'GlucoSuivi no sustituye la opinión de un profesional sanitario. En caso de urgencia médica, llame al 15 (SAMU) o al 112.',
      'El equipo de GlucoSuivi',
    ],
  },
};

/** The acknowledgement of a support or contact message, in the sender's language. */
export function supportAcknowledgementEmail(
  to: string,
  ticket: { id: string; type: SupportRequestType; subject: string },
  language: Language,
): MailMessage {
  const t = ACK[language];
  const ref = ticket.id.slice(0, 8).toUpperCase();
  const lines = t.body(ref, t.types[ticket.type], ticket.subject);
  return {
    to,
    subject: t.subject(ref),
    text: lines.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}</body></html>`,
  };
}

interface AnswerTemplate {
  subject: (ref: string, subject: string) => string;
  intro: (subject: string) => string;
  history: string;
  contactFollowUp: string;
  footer: string[];
}

const ANSWER: Record<Language, AnswerTemplate> = {
  fr: {
    subject: (ref, subject) => `Réponse du support GlucoSuivi [${ref}] : ${subject}`,
    intro: (subject) => `Notre équipe a répondu à votre demande « ${subject} » :`,
    history: 'Retrouvez vos demandes et nos réponses, et répondez-nous, dans votre espace :',
    contactFollowUp: 'Pour nous écrire à nouveau, utilisez le formulaire de contact :',
    footer: [
      'Ne répondez pas à cet e-mail : il est envoyé automatiquement.',
      'GlucoSuivi ne remplace pas l’avis d’un professionnel de santé. En cas d’urgence médicale, appelez le 15 (SAMU) ou le 112.',
      'L’équipe GlucoSuivi',
    ],
  },
  en: {
    subject: (ref, subject) => `Answer from GlucoSuivi support [${ref}]: ${subject}`,
    intro: (subject) => `Our team has answered your request “${subject}”:`,
    history: 'See your requests and our answers, and reply to us, in your account:',
    contactFollowUp: 'To write to us again, use the contact form:',
    footer: [
      'Do not reply to this e-mail: it is sent automatically.',
      'GlucoSuivi does not replace the advice of a health professional. In a medical emergency, call 15 (SAMU) or 112.',
      'The GlucoSuivi team',
    ],
  },
  es: {
    subject: (ref, subject) => `Respuesta del soporte de GlucoSuivi [${ref}]: ${subject}`,
    intro: (subject) => `Nuestro equipo ha respondido a su solicitud «${subject}»:`,
    history: 'Consulte sus solicitudes y nuestras respuestas, y respóndanos, en su cuenta:',
    contactFollowUp: 'Para volver a escribirnos, utilice el formulario de contacto:',
    footer: [
      'No responda a este correo: se envía automáticamente.',
      'GlucoSuivi no sustituye la opinión de un profesional sanitario. En caso de urgencia médica, llame al 15 (SAMU) o al 112.',
      'El equipo de GlucoSuivi',
    ],
  },
};

const GREETING: Record<Language, string> = { fr: 'Bonjour,', en: 'Hello,', es: 'Hola:' };

/**
 * Support's answer to a ticket, in the requester's language, with the answer's text. An account
 * holder gets the link to their history (`historyUrl`); a visitor of the contact form, the form's.
 */
export function supportAnswerEmail(
  to: string,
  ticket: { id: string; subject: string },
  answer: string,
  language: Language,
  links: { historyUrl: string | null; contactUrl: string },
): MailMessage {
  const t = ANSWER[language];
  const ref = ticket.id.slice(0, 8).toUpperCase();
  const next = links.historyUrl ? { text: t.history, url: links.historyUrl } : { text: t.contactFollowUp, url: links.contactUrl };
  const paragraphs = (text: string) =>
    text
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('');
  return {
    to,
    subject: t.subject(ref, ticket.subject),
    text: [GREETING[language], t.intro(ticket.subject), answer, `${next.text} ${next.url}`, ...t.footer].join('\n\n'),
    html:
      '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">' +
      `<p>${escapeHtml(GREETING[language])}</p><p>${escapeHtml(t.intro(ticket.subject))}</p>` +
      `<blockquote style="margin:0 0 1em;padding:0 1em;border-left:4px solid #0f766e">${paragraphs(answer)}</blockquote>` +
      `<p>${escapeHtml(next.text)} <a href="${escapeHtml(next.url)}">${escapeHtml(next.url)}</a></p>` +
      t.footer.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      '</body></html>',
  };
}
