import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { AuditEntry, AuditKind } from '@glucosuivi/domain/admin/audit.schemas';

/**
 * The audit as a file for a spreadsheet: UTF-8 with a BOM (without it Excel reads UTF-8 as
 * cp1252), semicolons (the list separator of French and Spanish Windows, as the other exports),
 * CRLF line ends and RFC 4180 quoting (a cell holding a separator, a quote or a line break is
 * quoted, its quotes doubled). Every cell is text someone else may have typed (an address at a
 * failed sign-in, a reason): one that starts like a formula gets a leading apostrophe.
 */

const BOM = '\uFEFF';

interface CsvTexts {
  columns: [at: string, kind: string, event: string, actor: string, target: string, ip: string, client: string, detail: string];
  kinds: Record<AuditKind, string>;
}

export const AUDIT_CSV_TEXTS: Record<Language, CsvTexts> = {
  fr: {
    columns: ['Date (UTC)', 'Type', 'Événement', 'Auteur (e-mail)', 'Compte visé (e-mail)', 'Adresse IP', 'Client', 'Détail'],
    kinds: {
      sign_in: 'Connexion',
      sign_in_failed: 'Connexion échouée',
      access_denied: 'Accès refusé',
      admin_action: 'Action d’administration',
      security: 'Autre événement de sécurité',
    },
  },
  en: {
    columns: ['Date (UTC)', 'Type', 'Event', 'Actor (e-mail)', 'Target account (e-mail)', 'IP address', 'Client', 'Detail'],
    kinds: {
      sign_in: 'Sign-in',
      sign_in_failed: 'Failed sign-in',
      access_denied: 'Access denied',
      admin_action: 'Administrator action',
      security: 'Other security event',
    },
  },
  es: {
    columns: ['Fecha (UTC)', 'Tipo', 'Evento', 'Autor (correo)', 'Cuenta afectada (correo)', 'Dirección IP', 'Cliente', 'Detalle'],
    kinds: {
      sign_in: 'Inicio de sesión',
      sign_in_failed: 'Inicio de sesión fallido',
      access_denied: 'Acceso denegado',
      admin_action: 'Acción de administración',
      security: 'Otro evento de seguridad',
    },
  },
};

/** One cell: formula-safe, then quoted when RFC 4180 requires it (and for a comma, for tools that split on it). */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // A spreadsheet runs a cell starting with = + - @ (or a tab / carriage return before one) as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";,\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `2026-11-02 09:00:00`: sorts as text and reads as a date in a spreadsheet. */
function utcDateTime(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

export function auditCsv(entries: readonly AuditEntry[], language: Language): string {
  const t = AUDIT_CSV_TEXTS[language];
  const lines = [t.columns.map(csvCell).join(';')];
  for (const e of entries) {
    lines.push(
      [utcDateTime(e.at), t.kinds[e.kind], e.event, e.actorEmail, e.targetEmail, e.ip, e.userAgent, e.detail].map(csvCell).join(';'),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
