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
