import type { AuditKind, AuditQuery } from '@glucosuivi/domain/admin/audit.schemas';

/** The audit's filter form as typed: text, a kind or '' for all, days as `YYYY-MM-DD` or ''. */
export interface AuditFilterForm {
  q: string;
  kind: AuditKind | 'all';
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterForm = { q: '', kind: 'all', from: '', to: '' };

/** Local midnight of a `YYYY-MM-DD` day in the browser's zone, or null for anything else. */
function localMidnight(day: string, plusDays = 0): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The API's filters from the form: the search trimmed, the first day from its local midnight and
 * the last day included (up to the next local midnight). Empty fields are left out.
 */
export function auditQueryOf(form: AuditFilterForm): Omit<AuditQuery, 'cursor'> {
  const query: Omit<AuditQuery, 'cursor'> = {};
  const q = form.q.trim();
  if (q) query.q = q;
  if (form.kind !== 'all') query.kind = form.kind;
  const from = localMidnight(form.from);
  if (from) query.from = from.toISOString();
  const to = localMidnight(form.to, 1);
  if (to) query.to = to.toISOString();
  return query;
}

/** The form's last day before its first: the range would match nothing. */
export function rangeIsReversed(form: AuditFilterForm): boolean {
  return Boolean(form.from && form.to && form.from > form.to);
}
