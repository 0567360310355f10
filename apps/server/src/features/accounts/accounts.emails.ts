import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { MailMessage } from '../../platform/mail';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Who the account is for: a patient records their own data, a professional follows patients. */
export type WelcomeAudience = 'patient' | 'professional';

const WELCOME: Record<Language, { subject: string; ready: Record<WelcomeAudience, string>; body: (name: string, ready: string, url: string) => string[] }> = {
  fr: {
    subject: 'Bienvenue sur GlucoSuivi',
    ready: {
      patient:
        'Votre compte GlucoSuivi est prêt. Vous pouvez dès maintenant enregistrer vos mesures, suivre vos tendances et partager ce que vous choisissez avec votre équipe de soins.',
      professional:
        'Votre compte professionnel GlucoSuivi est prêt. Vous pouvez dès maintenant inviter vos patients, voir d’abord ceux qui demandent le plus d’attention et consulter ce que chacun choisit de partager avec vous.',
    },
    body: (name, ready, url) => [
      `Bonjour ${name},`,
      ready,
      `Pour commencer : ${url}`,
      'GlucoSuivi ne remplace pas l’avis d’un professionnel de santé. En cas d’urgence, appelez le 15 (SAMU) ou le 112.',
      'L’équipe GlucoSuivi',
    ],
  },
  en: {
    subject: 'Welcome to GlucoSuivi',
    ready: {
      patient:
        'Your GlucoSuivi account is ready. You can now record your measurements, follow your trends and share what you choose with your care team.',
      professional:
        'Your GlucoSuivi professional account is ready. You can now invite your patients, see first those who need the most attention and read what each of them chooses to share with you.',
    },
    body: (name, ready, url) => [
      `Hello ${name},`,
      ready,
      `To get started: ${url}`,
      'GlucoSuivi does not replace the advice of a health professional. In an emergency, call 15 (SAMU) or 112.',
      'The GlucoSuivi team',
    ],
  },
  es: {
    subject: 'Bienvenido a GlucoSuivi',
    ready: {
      patient:
        'Su cuenta de GlucoSuivi está lista. Ya puede registrar sus mediciones, seguir sus tendencias y compartir lo que elija con su equipo de salud.',
      professional:
        'Su cuenta profesional de GlucoSuivi está lista. Ya puede invitar a sus pacientes, ver primero a quienes necesitan más atención y consultar lo que cada uno elige compartir con usted.',
    },
    body: (name, ready, url) => [
      `Hola ${name}:`,
      ready,
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

/** The welcome e-mail in the user's language, worded for a patient or for a professional. */
export function welcomeEmail(to: string, firstName: string, language: Language, appUrl: string, audience: WelcomeAudience): MailMessage {
  const t = WELCOME[language];
  return render(to, t.subject, t.body(firstName, t.ready[audience], appUrl));
}

/** The password reset e-mail in the user's language. */
export function passwordResetEmail(to: string, url: string, language: Language): MailMessage {
  const t = RESET[language];
  return render(to, t.subject, t.body(url));
}

const EMAIL_CHANGE_CONFIRM: Record<Language, { subject: string; body: (url: string) => string[] }> =
  {
    fr: {
      subject: 'Confirmez votre nouvelle adresse e-mail GlucoSuivi',
      body: (url) => [
        'Bonjour,',
        'Vous avez demandé à utiliser cette adresse pour vous connecter à GlucoSuivi. Pour confirmer le changement, ouvrez ce lien en étant connecté à votre compte. Il est valable 24 heures et ne sert qu’une fois :',
        url,
        'Tant que le lien n’est pas ouvert, votre ancienne adresse reste celle du compte. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
        'L’équipe GlucoSuivi',
      ],
    },
    en: {
      subject: 'Confirm your new GlucoSuivi e-mail address',
      body: (url) => [
        'Hello,',
        'You asked to sign in to GlucoSuivi with this address. To confirm the change, open this link while signed in to your account. It is valid for 24 hours and works once:',
        url,
        'Until the link is opened, your previous address stays the account’s address. If you did not ask for this, ignore this message.',
        'The GlucoSuivi team',
      ],
    },
    es: {
      subject: 'Confirme su nueva dirección de correo de GlucoSuivi',
      body: (url) => [
        'Hola:',
        'Ha solicitado usar esta dirección para iniciar sesión en GlucoSuivi. Para confirmar el cambio, abra este enlace con la sesión iniciada en su cuenta. Es válido durante 24 horas y solo sirve una vez:',
        url,
        'Mientras no abra el enlace, su dirección anterior sigue siendo la de la cuenta. Si no ha hecho esta solicitud, ignore este mensaje.',
        'El equipo de GlucoSuivi',
      ],
    },
  };

const EMAIL_CHANGE_NOTICE: Record<
  Language,
  { subject: string; body: (maskedNewEmail: string, settingsUrl: string) => string[] }
> = {
  fr: {
    subject: 'Demande de changement de l’adresse e-mail de votre compte GlucoSuivi',
    body: (masked, url) => [
      'Bonjour,',
      `Un changement de l’adresse de connexion de votre compte GlucoSuivi vers ${masked} a été demandé. Rien ne change tant que le lien envoyé à la nouvelle adresse n’a pas été ouvert.`,
      `Si vous n’êtes pas à l’origine de cette demande, connectez-vous, changez votre mot de passe et déconnectez les autres appareils depuis vos paramètres : ${url}`,
      'L’équipe GlucoSuivi',
    ],
  },
  en: {
    subject: 'Request to change the e-mail address of your GlucoSuivi account',
    body: (masked, url) => [
      'Hello,',
      `Someone asked to change the sign-in address of your GlucoSuivi account to ${masked}. Nothing changes until the link sent to the new address is opened.`,
      `If this was not you, sign in, change your password and sign out your other devices from your settings: ${url}`,
      'The GlucoSuivi team',
    ],
  },
  es: {
    subject: 'Solicitud de cambio de la dirección de correo de su cuenta de GlucoSuivi',
    body: (masked, url) => [
      'Hola:',
      `Se ha solicitado cambiar la dirección de inicio de sesión de su cuenta de GlucoSuivi a ${masked}. Nada cambia mientras no se abra el enlace enviado a la nueva dirección.`,
      `Si no ha sido usted, inicie sesión, cambie su contraseña y cierre la sesión en sus otros dispositivos desde sus ajustes: ${url}`,
      'El equipo de GlucoSuivi',
    ],
  },
};

/** "camille@example.org" → "c•••@example.org": enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** The link that proves the new address belongs to the user, sent to that new address. */
export function emailChangeConfirmationEmail(
  to: string,
  url: string,
  language: Language,
): MailMessage {
  const t = EMAIL_CHANGE_CONFIRM[language];
  return render(to, t.subject, t.body(url));
}

/** The notice to the current address that a change was asked, and what to do if it was not them. */
export function emailChangeNoticeEmail(
  to: string,
  newEmail: string,
  settingsUrl: string,
  language: Language,
): MailMessage {
  const t = EMAIL_CHANGE_NOTICE[language];
  return render(to, t.subject, t.body(maskEmail(newEmail), settingsUrl));
}

const SIGN_IN_UNLOCK: Record<Language, { subject: string; body: (url: string, minutes: number) => string[] }> = {
  fr: {
    subject: 'Débloquer la connexion à votre compte GlucoSuivi',
    body: (url, minutes) => [
      'Bonjour,',
      `Après plusieurs tentatives de connexion échouées, la connexion à votre compte est ralentie. Pour vous connecter sans attendre, ouvrez ce lien sur l’appareil que vous utilisez pour vous connecter. Il est valable ${minutes} minutes et ne sert qu’une fois :`,
      url,
      'Si ces tentatives ne viennent pas de vous, quelqu’un essaie peut-être de deviner votre mot de passe : une fois connecté, changez-le et activez la double authentification dans vos paramètres.',
      'L’équipe GlucoSuivi',
    ],
  },
  en: {
    subject: 'Unblock sign-in to your GlucoSuivi account',
    body: (url, minutes) => [
      'Hello,',
      `After several failed sign-in attempts, signing in to your account is slowed down. To sign in without waiting, open this link on the device you sign in with. It is valid for ${minutes} minutes and works once:`,
      url,
      'If these attempts were not yours, someone may be trying to guess your password: once signed in, change it and turn on two-factor sign-in in your settings.',
      'The GlucoSuivi team',
    ],
  },
  es: {
    subject: 'Desbloquear el inicio de sesión en su cuenta de GlucoSuivi',
    body: (url, minutes) => [
      'Hola:',
      `Tras varios intentos fallidos, el inicio de sesión en su cuenta está ralentizado. Para iniciar sesión sin esperar, abra este enlace en el dispositivo con el que inicia sesión. Es válido durante ${minutes} minutos y solo sirve una vez:`,
      url,
      'Si esos intentos no son suyos, puede que alguien intente adivinar su contraseña: una vez dentro, cámbiela y active la verificación en dos pasos en sus ajustes.',
      'El equipo de GlucoSuivi',
    ],
  },
};

/** The link that lifts the sign-in wait for the browser that opens it, in the owner's language. */
export function signInUnlockEmail(to: string, url: string, minutes: number, language: Language): MailMessage {
  const t = SIGN_IN_UNLOCK[language];
  return render(to, t.subject, t.body(url, minutes));
}
