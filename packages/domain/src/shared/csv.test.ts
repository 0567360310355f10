import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvLines } from './csv';

describe('csvCell', () => {
  it('quotes what RFC 4180 requires, doubling quotes, and a comma in text', () => {
    expect(csvCell('plain@example.test')).toBe('plain@example.test');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 6 12')).toBe("'+33 6 12");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("x";"y")')).toBe(`"'=HYPERLINK(""x"";""y"")"`);
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('keeps negative and decimal numbers as numbers, typed or already formatted', () => {
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(-2.5, { decimalSeparator: ',' })).toBe('-2,5');
    expect(csvCell(72.5)).toBe('72.5');
    expect(csvCell('-2')).toBe('-2');
    expect(csvCell('-72,5')).toBe('-72,5');
    expect(csvCell('+4')).toBe('+4');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
  });
});

describe('csvDocument', () => {
  it('starts with a byte-order mark, separates by semicolons and ends every line with CRLF', () => {
    expect(csvDocument([['Date', 'Valeur'], ['2026-11-02 09:00:00', 5.5], ['=cmd', null]], { decimalSeparator: ',' })).toBe(
      "\uFEFFDate;Valeur\r\n2026-11-02 09:00:00;5,5\r\n'=cmd;\r\n",
    );
  });

  it('writes later parts of a long file without a second byte-order mark', () => {
    expect(csvLines([['a', 1]])).toBe('a;1\r\n');
    expect(csvLines([])).toBe('');
  });
});
