import { describe, expect, it } from 'vitest';
import { connectionFailure, connectionFailureLine, startupLanguage } from './connection-error';

const URL_WITH_SECRET = 'postgres://glucosuivi:Tr3s-S3cret@db.example.test:6543/suivi';

function errorWithCode(code: string, message = 'boom'): Error {
  return Object.assign(new Error(message), { code });
}

describe('connection failure mapping', () => {
  it('names the cause from the driver error codes, wherever they sit in the chain', () => {
    expect(connectionFailure(errorWithCode('ECONNREFUSED'), URL_WITH_SECRET)).toEqual({ reason: 'refused', host: 'db.example.test', port: '6543' });
    const dualStack = Object.assign(new AggregateError([errorWithCode('ECONNREFUSED'), errorWithCode('ECONNREFUSED')]), { code: undefined });
    expect(connectionFailure(dualStack, URL_WITH_SECRET)?.reason).toBe('refused');
    expect(connectionFailure(errorWithCode('ENOTFOUND'), URL_WITH_SECRET)).toEqual({ reason: 'host_not_found', host: 'db.example.test' });
    expect(connectionFailure(new Error('wrapped', { cause: errorWithCode('3D000') }), URL_WITH_SECRET)).toEqual({ reason: 'database_missing', database: 'suivi' });
    expect(connectionFailure(errorWithCode('28P01'), URL_WITH_SECRET)).toEqual({ reason: 'authentication_failed', user: 'glucosuivi' });
    expect(connectionFailure(errorWithCode('28000'), URL_WITH_SECRET)).toEqual({ reason: 'authentication_failed', user: 'glucosuivi' });
    expect(connectionFailure(new Error('Connection terminated due to connection timeout'), URL_WITH_SECRET)?.reason).toBe('timeout');
  });

  it('leaves other errors alone (they keep their stack trace)', () => {
    expect(connectionFailure(errorWithCode('42P01'), URL_WITH_SECRET)).toBeUndefined();
    expect(connectionFailure(new TypeError('x is undefined'), URL_WITH_SECRET)).toBeUndefined();
  });

  it('defaults the port and the database like PostgreSQL does', () => {
    expect(connectionFailure(errorWithCode('ECONNREFUSED'), 'postgres://camille@localhost')).toEqual({ reason: 'refused', host: 'localhost', port: '5432' });
    expect(connectionFailure(errorWithCode('3D000'), 'postgres://camille@localhost')).toEqual({ reason: 'database_missing', database: 'camille' });
  });

  it('prints one line in French by default, English or Spanish from LANG or LC_ALL, never the password', () => {
    const failure = connectionFailure(errorWithCode('28P01'), URL_WITH_SECRET)!;
    expect(startupLanguage({})).toBe('fr');
    expect(startupLanguage({ LANG: 'fr_FR.UTF-8' })).toBe('fr');
    expect(startupLanguage({ LANG: 'en_US.UTF-8' })).toBe('en');
    expect(startupLanguage({ LANG: 'en_US.UTF-8', LC_ALL: 'es_ES.UTF-8' })).toBe('es');
    expect(startupLanguage({ LANG: 'C.UTF-8' })).toBe('fr');
    const lines = (['fr', 'en', 'es'] as const).map((language) => connectionFailureLine(failure, language));
    expect(lines[0]).toBe(
      'GlucoSuivi ne peut pas démarrer : authentification refusée pour l’utilisateur « glucosuivi ». Vérifiez l’utilisateur et le mot de passe de DATABASE_URL.',
    );
    expect(lines[1]).toBe('GlucoSuivi cannot start: authentication failed for user "glucosuivi". Check the user and password in DATABASE_URL.');
    expect(lines[2]).toMatch(/^GlucoSuivi no puede arrancar: autenticación fallida para el usuario «glucosuivi»/);
    for (const line of lines) {
      expect(line).not.toContain('\n');
      expect(line).not.toContain('Tr3s-S3cret');
    }
  });
});
