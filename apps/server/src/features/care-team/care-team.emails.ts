import type { MailMessage } from '../../platform/mail';

export type Language = 'fr' | 'en' | 'es';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const TEXTS: Record<Language, { toPatient: (inviter: string) => { subject: string; intro: string }; toProfessional: (inviter: string) => { subject: string; intro: string }; open: string; expiry: string; sign: string }> = {
  fr: {
    toPatient: (inviter) => ({
      subject: `${inviter} vous invite à partager votre suivi sur GlucoSuivi`,
      intro: `${inviter} souhaite suivre vos mesures sur GlucoSuivi. Vous choisirez vous-même les données partagées (glycémie, HbA1c, tension…) et pourrez arrêter le partage à tout moment.`,
    }),
    toProfessional: (inviter) => ({
      subject: `${inviter} vous invite à suivre ses données sur GlucoSuivi`,
      intro: `${inviter} souhaite partager avec vous ses données de suivi sur GlucoSuivi.`,
    }),
    open: 'Pour répondre à l’invitation :',
    expiry: 'Ce lien est valable 14 jours. Si vous n’attendiez pas ce message, ignorez-le.',
    sign: 'L’équipe GlucoSuivi',
  },
  en: {
    toPatient: (inviter) => ({
      subject: `${inviter} invites you to share your follow-up on GlucoSuivi`,
      intro: `${inviter} would like to follow your measurements on GlucoSuivi. You choose which data is shared (glucose, HbA1c, blood pressure…) and can stop sharing at any time.`,
    }),
    toProfessional: (inviter) => ({
      subject: `${inviter} invites you to follow their data on GlucoSuivi`,
      intro: `${inviter} would like to share their follow-up data with you on GlucoSuivi.`,
    }),
    open: 'To answer the invitation:',
    expiry: 'This link is valid for 14 days. If you were not expecting this message, ignore it.',
    sign: 'The GlucoSuivi team',
  },
  es: {
    toPatient: (inviter) => ({
      subject: `${inviter} le invita a compartir su seguimiento en GlucoSuivi`,
      intro: `${inviter} desea seguir sus mediciones en GlucoSuivi. Usted elige qué datos comparte (glucosa, HbA1c, tensión…) y puede dejar de compartirlos en cualquier momento.`,
    }),
    toProfessional: (inviter) => ({
      subject: `${inviter} le invita a seguir sus datos en GlucoSuivi`,
      intro: `${inviter} desea compartir con usted sus datos de seguimiento en GlucoSuivi.`,
    }),
    open: 'Para responder a la invitación:',
    expiry: 'Este enlace es válido durante 14 días. Si no esperaba este mensaje, ignórelo.',
    sign: 'El equipo de GlucoSuivi',
  },
};

/** The invitation e-mail, in the inviter's language (the recipient's is not known yet). */
export function invitationEmail(options: {
  to: string;
  language: Language;
  inviterName: string;
  recipient: 'patient' | 'professional';
  url: string;
}): MailMessage {
  const t = TEXTS[options.language];
  const { subject, intro } = options.recipient === 'patient' ? t.toPatient(options.inviterName) : t.toProfessional(options.inviterName);
  const lines = [intro, `${t.open} ${options.url}`, t.expiry, t.sign];
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(t.open)} <a href="${escapeHtml(options.url)}">${escapeHtml(options.url)}</a></p>`,
    `<p>${escapeHtml(t.expiry)}</p>`,
    `<p>${escapeHtml(t.sign)}</p>`,
  ].join('\n');
  return { to: options.to, subject, text: lines.join('\n\n'), html };
}
