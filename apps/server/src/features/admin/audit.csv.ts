import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { AuditEntry, AuditKind } from '@glucosuivi/domain/admin/audit.schemas';
import { csvDocument } from '@glucosuivi/domain/shared/csv';

/**
 * The audit as a file for a spreadsheet, written by the domain's one CSV writer (BOM, semicolons,
 * CRLF, RFC 4180 quoting). Every cell is text someone else may have typed (an address at a
 * failed sign-in, a reason): the writer defuses one that starts like a formula.
 */

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

/** `2026-11-02 09:00:00`: sorts as text and reads as a date in a spreadsheet. */
function utcDateTime(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

export function auditCsv(entries: readonly AuditEntry[], language: Language): string {
  const t = AUDIT_CSV_TEXTS[language];
  const rows = entries.map((e) => [utcDateTime(e.at), t.kinds[e.kind], e.event, e.actorEmail, e.targetEmail, e.ip, e.userAgent, e.detail]);
  return csvDocument([t.columns, ...rows]);
}
