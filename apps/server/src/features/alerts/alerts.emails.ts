import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { Alert, AlertKind } from '@glucosuivi/domain/alerts/alerts.schemas';
import { URGENT_ALERT_KINDS } from '@glucosuivi/domain/alerts/alerts.rules';
import type { PushPayload } from '@glucosuivi/domain/push/push.schemas';
import { formatGlucoseNumber, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { MailMessage } from '../../platform/mail';

/**
 * Alert e-mails in the patient's language. French typography: a non-breaking space (U+00A0)
 * before ':' and between a number and its unit, a narrow one (U+202F) before ';', '!' and '?'.
 * The emergency sentence keeps the straight apostrophe of the product text, word for word.
 */

const NBSP = '\u00A0';

/** The noun a count takes in a language (CLDR rules: in French 0 and 1 are singular). */
function plural(language: Language, count: number, one: string, other: string): string {
  return new Intl.PluralRules(language).select(count) === 'one' ? one : other;
}

interface AlertTexts {
  locale: string;
  /** Subject of a single alert. */
  subject: (title: string) => string;
  /** Subject of the summary of a batch import. */
  summarySubject: (count: number) => string;
  hello: (name: string) => string;
  intro: string;
  summaryIntro: (count: number) => string;
  more: (count: number) => string;
  titles: Record<AlertKind, string>;
  /** A reading: "Low glucose: 60 mg/dL on 2 November at 10:00." */
  reading: (title: string, value: string, when: string) => string;
  /** A CGM episode: low since …, lowest …; high since …, highest …. */
  lowEpisode: (title: string, when: string, value: string) => string;
  highEpisode: (title: string, when: string, value: string) => string;
  /** "on 2 November at 10:00" from the parts. */
  when: (date: string, time: string) => string;
  advice: Partial<Record<AlertKind, string>>;
  emergency: string;
  open: string;
  why: string;
  stop: string;
  sign: string;
}

const TEXTS: Record<Language, AlertTexts> = {
  fr: {
    locale: 'fr-FR',
    subject: (title) => `Alerte GlucoSuivi${NBSP}: ${title.toLowerCase()}`,
    summarySubject: (count) => `GlucoSuivi${NBSP}: ${count} nouvelles alertes`,
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: `GlucoSuivi a enregistré une nouvelle alerte${NBSP}:`,
    summaryIntro: (count) => `GlucoSuivi a enregistré ${count} nouvelles alertes lors de l'import de vos mesures${NBSP}:`,
    more: (count) => `… et ${count} ${plural('fr', count, 'autre alerte', 'autres alertes')}.`,
    titles: {
      hypo: 'Hypoglycémie',
      urgent_hypo: 'Hypoglycémie sévère',
      hyper: 'Hyperglycémie',
      bp_high: 'Tension élevée',
      bp_urgent: 'Tension très élevée',
      urgent_low_soon: 'Hypoglycémie imminente',
      falling_fast: 'Baisse rapide',
      rising_fast: 'Montée rapide',
      signal_loss: 'Perte de signal',
    },
    reading: (title, value, when) => `${title}${NBSP}: ${value} ${when}.`,
    lowEpisode: (title, when, value) => `${title} depuis ${when} (au plus bas ${value}).`,
    highEpisode: (title, when, value) => `${title} depuis ${when} (au plus haut ${value}).`,
    when: (date, time) => `le ${date} à ${time}`,
    advice: {
      hypo: 'Prenez 15 g de sucre rapide et recontrôlez dans 15 minutes.',
      urgent_hypo: 'Resucrez-vous immédiatement et prévenez un proche.',
      hyper: "Contrôlez à nouveau et suivez le plan convenu avec votre équipe soignante.",
      bp_high: `Reposez-vous et mesurez à nouveau\u202F; parlez-en à votre médecin.`,
      bp_urgent: 'Mesurez à nouveau après 5 minutes de repos.',
    },
    emergency: "En cas d'urgence, appelez le 15 (SAMU) ou le 112.",
    open: `Voir vos alertes${NBSP}:`,
    why: 'Vous recevez ce message parce que les alertes par e-mail sont activées dans vos réglages GlucoSuivi.',
    stop: `Pour ne plus les recevoir${NBSP}:`,
    sign: "L'équipe GlucoSuivi",
  },
  en: {
    locale: 'en-GB',
    subject: (title) => `GlucoSuivi alert: ${title.toLowerCase()}`,
    summarySubject: (count) => `GlucoSuivi: ${count} new alerts`,
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    intro: 'GlucoSuivi recorded a new alert:',
    summaryIntro: (count) => `GlucoSuivi recorded ${count} new alerts while importing your readings:`,
    more: (count) => `… and ${count} more ${plural('en', count, 'alert', 'alerts')}.`,
    titles: {
      hypo: 'Hypoglycaemia',
      urgent_hypo: 'Severe hypoglycaemia',
      hyper: 'Hyperglycaemia',
      bp_high: 'High blood pressure',
      bp_urgent: 'Very high blood pressure',
      urgent_low_soon: 'Urgent low soon',
      falling_fast: 'Falling fast',
      rising_fast: 'Rising fast',
      signal_loss: 'Signal loss',
    },
    reading: (title, value, when) => `${title}: ${value} ${when}.`,
    lowEpisode: (title, when, value) => `${title} since ${when} (lowest ${value}).`,
    highEpisode: (title, when, value) => `${title} since ${when} (highest ${value}).`,
    when: (date, time) => `on ${date} at ${time}`,
    advice: {
      hypo: 'Take 15 g of fast sugar and check again in 15 minutes.',
      urgent_hypo: 'Take sugar at once and tell someone near you.',
      hyper: 'Check again and follow the plan agreed with your care team.',
      bp_high: 'Rest and measure again; tell your doctor.',
      bp_urgent: 'Measure again after 5 minutes of rest.',
    },
    emergency: 'In an emergency, call 15 (SAMU) or 112.',
    open: 'See your alerts:',
    why: 'You receive this message because e-mail alerts are turned on in your GlucoSuivi settings.',
    stop: 'To stop receiving them:',
    sign: 'The GlucoSuivi team',
  },
  es: {
    locale: 'es-ES',
    subject: (title) => `Alerta de GlucoSuivi: ${title.toLowerCase()}`,
    summarySubject: (count) => `GlucoSuivi: ${count} alertas nuevas`,
    hello: (name) => (name ? `Hola ${name}:` : 'Hola:'),
    intro: 'GlucoSuivi ha registrado una nueva alerta:',
    summaryIntro: (count) => `GlucoSuivi ha registrado ${count} alertas nuevas al importar sus mediciones:`,
    more: (count) => `… y ${count} ${plural('es', count, 'alerta', 'alertas')} más.`,
    titles: {
      hypo: 'Hipoglucemia',
      urgent_hypo: 'Hipoglucemia grave',
      hyper: 'Hiperglucemia',
      bp_high: 'Tensión alta',
      bp_urgent: 'Tensión muy alta',
      urgent_low_soon: 'Hipoglucemia inminente',
      falling_fast: 'Bajada rápida',
      rising_fast: 'Subida rápida',
      signal_loss: 'Pérdida de señal',
    },
    reading: (title, value, when) => `${title}: ${value} ${when}.`,
    lowEpisode: (title, when, value) => `${title} desde ${when} (mínimo ${value}).`,
    highEpisode: (title, when, value) => `${title} desde ${when} (máximo ${value}).`,
    when: (date, time) => `el ${date} a las ${time}`,
    advice: {
      hypo: 'Tome 15 g de azúcar de absorción rápida y vuelva a medir en 15 minutos.',
      urgent_hypo: 'Tome azúcar de inmediato y avise a alguien cercano.',
      hyper: 'Vuelva a medir y siga el plan acordado con su equipo de salud.',
      bp_high: 'Descanse y vuelva a medir; coménteselo a su médico.',
      bp_urgent: 'Vuelva a medir tras 5 minutos de reposo.',
    },
    emergency: 'En caso de urgencia, llame al 15 (SAMU) o al 112.',
    open: 'Ver sus alertas:',
    why: 'Recibe este mensaje porque las alertas por correo electrónico están activadas en sus ajustes de GlucoSuivi.',
    stop: 'Para dejar de recibirlas:',
    sign: 'El equipo de GlucoSuivi',
  },
};

/** A summary lists this many alerts; the rest are counted. */
const SUMMARY_LINES = 20;
const URGENT = URGENT_ALERT_KINDS;
const LOW: readonly AlertKind[] = ['hypo', 'urgent_hypo'];

export interface AlertEmailRecipient {
  to: string;
  firstName: string;
  language: Language;
  glucoseUnit: GlucoseUnit;
  timeZone: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function formatWhen(t: AlertTexts, iso: string, storedZone: string): string {
  const at = new Date(iso);
  // A zone the runtime does not know must not cost the patient the e-mail.
  let timeZone = storedZone;
  try {
    new Intl.DateTimeFormat(t.locale, { timeZone });
  } catch {
    timeZone = 'Europe/Paris';
  }
  const date = new Intl.DateTimeFormat(t.locale, { timeZone, day: 'numeric', month: 'long' }).format(at);
  const time = new Intl.DateTimeFormat(t.locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return t.when(date, time);
}

function formatValue(t: AlertTexts, alert: Alert, unit: GlucoseUnit): string {
  if (alert.systolic !== null && alert.diastolic !== null) return `${alert.systolic}/${alert.diastolic}${NBSP}mmHg`;
  if (alert.glucoseMgdl === null) return '';
  return `${formatGlucoseNumber(alert.glucoseMgdl, unit, t.locale)}${NBSP}${unit}`;
}

function describe(t: AlertTexts, alert: Alert, recipient: AlertEmailRecipient): string {
  const title = t.titles[alert.kind];
  const value = formatValue(t, alert, recipient.glucoseUnit);
  const when = formatWhen(t, alert.occurredAt, recipient.timeZone);
  if (alert.origin === 'cgm_episode') {
    return LOW.includes(alert.kind) ? t.lowEpisode(title, when, value) : t.highEpisode(title, when, value);
  }
  return t.reading(title, value, when);
}

/**
 * One e-mail for the alerts of one write: a single alert is described on its own, several (a
 * device batch) become one summary, so an upload of a night of readings sends one message.
 */
export function alertEmail(recipient: AlertEmailRecipient, alerts: Alert[], appUrl: string): MailMessage {
  const t = TEXTS[recipient.language];
  const ordered = [...alerts].sort((a, b) => (a.occurredAt < b.occurredAt ? -1 : a.occurredAt > b.occurredAt ? 1 : 0));
  const first = ordered[0];
  if (!first) throw new Error('alertEmail needs at least one alert');
  const single = ordered.length === 1;
  const kinds = [...new Set(ordered.map((a) => a.kind))];
  // Urgent kinds first: the advice that matters most is read first.
  kinds.sort((a, b) => Number(URGENT.includes(b)) - Number(URGENT.includes(a)));
  const listed = ordered.slice(0, SUMMARY_LINES).map((alert) => describe(t, alert, recipient));
  const lines = [
    t.hello(recipient.firstName),
    single ? t.intro : t.summaryIntro(ordered.length),
    ...listed,
    ...(ordered.length > SUMMARY_LINES ? [t.more(ordered.length - SUMMARY_LINES)] : []),
    ...kinds.flatMap((kind) => (t.advice[kind] ? [t.advice[kind]] : [])),
    ...(kinds.some((kind) => URGENT.includes(kind)) ? [t.emergency] : []),
  ];
  const notifications = `${appUrl}/notifications`;
  const settings = `${appUrl}/settings`;
  const subject = single ? t.subject(t.titles[first.kind]) : t.summarySubject(ordered.length);
  const text = [...lines, `${t.open} ${notifications}`, `${t.why} ${t.stop} ${settings}`, t.sign].join('\n\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(t.open)} <a href="${escapeHtml(notifications)}">${escapeHtml(notifications)}</a></p>`,
    `<p style="color:#555">${escapeHtml(t.why)} ${escapeHtml(t.stop)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
    `<p>${escapeHtml(t.sign)}</p>`,
  ].join('\n');
  return {
    to: recipient.to,
    subject,
    text,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${html}</body></html>`,
  };
}

/** An alert's title in a language ("Hypoglycémie sévère"), for the notification texts. */
export function alertTitle(language: Language, kind: AlertKind): string {
  return TEXTS[language].titles[kind];
}

/** "le 2 novembre à 09:55" in the reader's language and zone. */
export function alertWhen(language: Language, iso: string, timeZone: string): string {
  return formatWhen(TEXTS[language], iso, timeZone);
}

export function isUrgentAlert(kind: AlertKind): boolean {
  return URGENT.includes(kind);
}

/** A push message and an e-mail, as the delivery pipeline renders them (notification-delivery.service.ts). */
export interface AlertNotificationMessages {
  push: PushPayload;
  email: Pick<MailMessage, 'subject' | 'text' | 'html'>;
}

/*
 * What an alert says through the delivery pipeline (push, and a professional's e-mail). A push
 * message is read on a lock screen, so it names neither a value nor the patient: the kind only,
 * and the page to open. The professional's e-mail names the patient (it goes to the address of
 * the professional's account, who follows this patient) but quotes no value either: the reading
 * is on the patient's page, behind the care link's checks. French typography: U+00A0 before ':'.
 */

interface NotificationTexts {
  ownBody: string;
  patientPushTitle: string;
  patientPushBody: (title: string) => string;
  subject: (title: string) => string;
  hello: (name: string) => string;
  happened: (patient: string, title: string, when: string) => string;
  open: string;
  why: string;
  sign: string;
}

const NOTIFICATION_TEXTS: Record<Language, NotificationTexts> = {
  fr: {
    ownBody: "Ouvrez GlucoSuivi pour voir l'alerte et ce qu'il faut faire.",
    patientPushTitle: `GlucoSuivi${NBSP}: alerte d'un patient`,
    patientPushBody: (title) => `${title}. Ouvrez GlucoSuivi pour voir la fiche du patient.`,
    subject: (title) => `Alerte patient${NBSP}: ${title.toLowerCase()}`,
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    happened: (patient, title, when) => `${patient} a une nouvelle alerte${NBSP}: ${title.toLowerCase()} ${when}.`,
    open: `Ouvrir sa fiche${NBSP}:`,
    why: `Vous recevez ce message parce que vous avez demandé à être averti des alertes de ce patient et que les alertes par e-mail sont activées dans vos paramètres. Pour arrêter, décochez «${NBSP}M'avertir des alertes de ce patient${NBSP}» sur sa fiche.`,
    sign: "L'équipe GlucoSuivi",
  },
  en: {
    ownBody: 'Open GlucoSuivi to see the alert and what to do.',
    patientPushTitle: 'GlucoSuivi: a patient alert',
    patientPushBody: (title) => `${title}. Open GlucoSuivi to see the patient's page.`,
    subject: (title) => `Patient alert: ${title.toLowerCase()}`,
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    happened: (patient, title, when) => `${patient} has a new alert: ${title.toLowerCase()} ${when}.`,
    open: 'Open their page:',
    why: 'You receive this message because you asked to be notified of this patient\'s alerts and e-mail alerts are on in your settings. To stop, untick "Notify me of this patient\'s alerts" on their page.',
    sign: 'The GlucoSuivi team',
  },
  es: {
    ownBody: 'Abra GlucoSuivi para ver la alerta y qué hacer.',
    patientPushTitle: 'GlucoSuivi: alerta de un paciente',
    patientPushBody: (title) => `${title}. Abra GlucoSuivi para ver la ficha del paciente.`,
    subject: (title) => `Alerta de paciente: ${title.toLowerCase()}`,
    hello: (name) => (name ? `Hola ${name}:` : 'Hola:'),
    happened: (patient, title, when) => `${patient} tiene una nueva alerta: ${title.toLowerCase()} ${when}.`,
    open: 'Abrir su ficha:',
    why: 'Recibe este mensaje porque pidió que se le avisara de las alertas de este paciente y las alertas por correo están activadas en sus ajustes. Para dejar de recibirlas, desmarque «Avisarme de las alertas de este paciente» en su ficha.',
    sign: 'El equipo GlucoSuivi',
  },
};

/** The patient's own alert by push (their e-mail is the alert e-mail with the values, alerts.emails.ts). */
export function ownAlertMessages(language: Language, alert: { id: string; kind: AlertKind }, appUrl: string): AlertNotificationMessages {
  const t = NOTIFICATION_TEXTS[language];
  const title = alertTitle(language, alert.kind);
  return {
    push: { title, body: t.ownBody, url: '/notifications', tag: alert.id },
    email: { subject: title, text: `${title}\n\n${t.ownBody} ${appUrl}/notifications`, html: `<p>${escapeHtml(title)}</p><p>${escapeHtml(t.ownBody)}</p>` },
  };
}

export interface PatientAlertMessageInput {
  language: Language;
  firstName: string;
  patientName: string;
  patientId: string;
  alert: { id: string; kind: AlertKind; occurredAt: string };
  timeZone: string;
  appUrl: string;
}

/** A followed patient's alert for a professional: push without name or value, e-mail with the name and time. */
export function patientAlertMessages(input: PatientAlertMessageInput): AlertNotificationMessages {
  const t = NOTIFICATION_TEXTS[input.language];
  const title = alertTitle(input.language, input.alert.kind);
  const path = `/doctor/patients/${encodeURIComponent(input.patientId)}`;
  const url = `${input.appUrl}${path}`;
  const lines = [t.hello(input.firstName), t.happened(input.patientName, title, alertWhen(input.language, input.alert.occurredAt, input.timeZone))];
  return {
    push: { title: t.patientPushTitle, body: t.patientPushBody(title), url: path, tag: input.alert.id },
    email: {
      subject: t.subject(title),
      text: [...lines, `${t.open} ${url}`, t.why, t.sign].join('\n\n'),
      html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${[
        ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
        `<p>${escapeHtml(t.open)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
        `<p style="color:#555">${escapeHtml(t.why)}</p>`,
        `<p>${escapeHtml(t.sign)}</p>`,
      ].join('\n')}</body></html>`,
    },
  };
}
