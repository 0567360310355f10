import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { MailMessage } from '../../platform/mail';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const WELCOME: Record<Language, { subject: string; body: (name: string, url: string) => string[] }> = {
  fr: {
    subject: 'Bienvenue sur GlucoSuivi',
    body: (name, url) => [
      `Bonjour ${name},`,
      'Votre compte GlucoSuivi est prêt. Vous pouvez dès maintenant enregistrer vos mesures, suivre vos tendances et partager ce que vous choisissez avec votre équipe de soins.',
      `Pour commencer : ${url}`,
      'GlucoSuivi ne remplace pas l’avis d’un professionnel de santé. En cas d’urgence, appelez le 15 (SAMU) ou le 112.',
      'L’équipe GlucoSuivi',
    ],
  },
  en: {
    subject: 'Welcome to GlucoSuivi',
    body: (name, url) => [
      `Hello ${name},`,
      'Your GlucoSuivi account is ready. You can now record your measurements, follow your trends and share what you choose with your care team.',
      `To get started: ${url}`,
      'GlucoSuivi does not replace the advice of a health professional. In an emergency, call 15 (SAMU) or 112.',
      'The GlucoSuivi team',
    ],
  },
  es: {
    subject: 'Bienvenido a GlucoSuivi',
    body: (name, url) => [
      `Hola ${name}:`,
      'Su cuenta de GlucoSuivi está lista. Ya puede registrar sus mediciones, seguir sus tendencias y compartir lo que elija con su equipo de salud.',
      `Para empezar: ${url}`,
      'GlucoSuivi no sustituye la opinión de un profesional sanitario. En caso de urgencia, llame al 15 (SAMU) o al 112.',
      'El equipo de GlucoSuivi',
    ],
  },
};

const RESET: Record<Language, { subject: string; body: (url: string) => string[] }> = {
  fr: {
    subject: 'Réinitialisation de votre mot de passe GlucoSuivi',
    body: (url) => [
      'Bonjour,',
      'Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure :',
      url,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe ne change pas.',
    ],
  },
  en: {
    subject: 'Reset your GlucoSuivi password',
    body: (url) => [
      'Hello,',
      'You asked to reset your password. This link is valid for one hour:',
      url,
      'If you did not ask for this, ignore this message: your password does not change.',
    ],
  },
  es: {
    subject: 'Restablecer su contraseña de GlucoSuivi',
    body: (url) => [
      'Hola:',
      'Ha solicitado restablecer su contraseña. Este enlace es válido durante una hora:',
      url,
      'Si no ha hecho esta solicitud, ignore este mensaje: su contraseña no cambia.',
    ],
  },
};

function render(to: string, subject: string, lines: string[]): MailMessage {
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}</body></html>`,
  };
}

/** The welcome e-mail in the user's language. */
export function welcomeEmail(to: string, firstName: string, language: Language, appUrl: string): MailMessage {
  const t = WELCOME[language];
  return render(to, t.subject, t.body(firstName, appUrl));
}

/** The password reset e-mail in the user's language. */
export function passwordResetEmail(to: string, url: string, language: Language): MailMessage {
  const t = RESET[language];
  return render(to, t.subject, t.body(url));
}
