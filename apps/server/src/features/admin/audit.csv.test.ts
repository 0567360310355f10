import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@glucosuivi/domain/admin/audit.schemas';
import { auditCsv } from './audit.csv';

describe('auditCsv', () => {
  const entry: AuditEntry = {
    id: 'x',
    at: '2026-11-02T09:00:00.123Z',
    kind: 'sign_in_failed',
    event: 'sign_in_failure',
    actorEmail: 'typed@example.test',
    targetEmail: null,
    ip: '192.0.2.1',
    userAgent: 'Firefox 128 · Windows',
    detail: null,
  };

  it('starts with a BOM, names the columns and kinds in the language, ends lines with CRLF', () => {
    expect(auditCsv([entry], 'es')).toBe(
      '\uFEFFFecha (UTC);Tipo;Evento;Autor (correo);Cuenta afectada (correo);Dirección IP;Cliente;Detalle\r\n' +
        '2026-11-02 09:00:00;Inicio de sesión fallido;sign_in_failure;typed@example.test;;192.0.2.1;Firefox 128 · Windows;\r\n',
    );
  });

  it('defuses what someone typed at a failed sign-in', () => {
    const typed = auditCsv([{ ...entry, actorEmail: '=HYPERLINK("x";"y")' }], 'fr').split('\r\n')[1];
    expect(typed).toContain(`;"'=HYPERLINK(""x"";""y"")";`);
  });
});
