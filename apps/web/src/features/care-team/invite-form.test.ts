import { describe, expect, it } from 'vitest';
import { EMPTY_INVITE, buildInvite } from './invite-form';

describe('buildInvite', () => {
  it('asks for a code and at least one category on the empty form', () => {
    expect(buildInvite(EMPTY_INVITE)).toEqual({ ok: false, errors: { target: 'codeRequired', categories: 'categoriesRequired' } });
  });

  it('sends a trimmed, upper-cased code with the chosen categories', () => {
    expect(buildInvite({ ...EMPTY_INVITE, code: '  ab3k-xy9z ', categories: ['glucose', 'hba1c'] })).toEqual({
      ok: true,
      body: { code: 'AB3K-XY9Z', categories: ['glucose', 'hba1c'] },
    });
  });

  it('refuses a too-short code and a malformed e-mail', () => {
    expect(buildInvite({ ...EMPTY_INVITE, code: 'ab', categories: ['glucose'] })).toEqual({ ok: false, errors: { target: 'codeInvalid' } });
    expect(buildInvite({ ...EMPTY_INVITE, by: 'email', email: 'not-an-email', categories: ['glucose'] })).toEqual({ ok: false, errors: { target: 'emailInvalid' } });
    expect(buildInvite({ ...EMPTY_INVITE, by: 'email', categories: ['glucose'] })).toEqual({ ok: false, errors: { target: 'emailRequired' } });
  });

  it('sends a normalised e-mail and ignores the code field when inviting by e-mail', () => {
    expect(buildInvite({ by: 'email', code: 'IGNORED1', email: ' Dr.Durand@Example.TEST ', categories: ['weight'] })).toEqual({
      ok: true,
      body: { email: 'dr.durand@example.test', categories: ['weight'] },
    });
  });
});
