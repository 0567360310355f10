import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import { auditCsvQuerySchema, auditPageSchema, auditQuerySchema } from './audit.schemas';

/** The audit, a page of 50 lines at a time; administrators only, anyone else gets 404. */
export const listAudit = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit',
  summary:
    'Administrators: account security events and administrators’ actions in one list, newest first, filtered by kind, e-mail or IP text and date range (keyset pages of 50; no health data)',
  tags: ['admin'],
  access: 'admin',
  query: auditQuerySchema,
  response: auditPageSchema,
});

// A file, not JSON: the response schema documents the body as a string; the server sends text/csv.
export const exportAuditCsv = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit.csv',
  summary:
    'Administrators: the audit with the same filters as CSV (UTF-8 BOM, semicolons, quoted cells, formula-safe), at most 10,000 lines, column names in the given language',
  tags: ['admin'],
  access: 'admin',
  query: auditCsvQuerySchema,
  response: z.string(),
});
export const AUDIT_CSV_FILE_NAME = 'glucosuivi-audit.csv';
