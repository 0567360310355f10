import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@glucosuivi/domain/accounts/accounts.schemas';
import { welcomeEmail } from './accounts.emails';

describe('welcome e-mail', () => {
  it('speaks to a professional of their patients, and to a patient of their measurements', () => {
    const professional = welcomeEmail('claire@example.test', 'Claire', 'fr', 'http://localhost:3000', 'professional');
    const patient = welcomeEmail('camille@example.test', 'Camille', 'fr', 'http://localhost:3000', 'patient');
    expect(professional.text).toContain('inviter vos patients');
    expect(professional.text).not.toContain('vos mesures');
    expect(patient.text).toContain('enregistrer vos mesures');
    expect(patient.text).not.toContain('vos patients');
  });

  it('has a professional wording in every language, different from the patient one', () => {
    for (const language of LANGUAGES) {
      const professional = welcomeEmail('a@example.test', 'A', language, 'http://x', 'professional').text;
      const patient = welcomeEmail('a@example.test', 'A', language, 'http://x', 'patient').text;
      expect(professional, language).not.toEqual(patient);
    }
  });
});
