import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@glucosuivi/domain/admin/audit.schemas';
import { auditCsv, csvCell } from './audit.csv';

describe('csvCell', () => {
  it('quotes what RFC 4180 requires, doubling quotes', () => {
    expect(csvCell('plain@example.test')).toBe('plain@example.test');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 6 12')).toBe("'+33 6 12");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("x";"y")')).toBe(`"'=HYPERLINK(""x"";""y"")"`);
    expect(csvCell('a=1')).toBe('a=1');
  });
});

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
});
