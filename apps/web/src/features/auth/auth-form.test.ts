import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES, NO_SPECIALITY, firstErrorField, signUpBody, validateAuth, type AuthValues } from './auth-form';

const patient: AuthValues = {
  ...EMPTY_VALUES,
  email: 'camille@example.test',
  password: 'Glycemie-Stable-2024',
  confirmPassword: 'Glycemie-Stable-2024',
  firstName: 'Camille',
};
const doctor: AuthValues = { ...patient, lastName: 'Bernard', medicalLicense: '10003456786' };

describe('validateAuth', () => {
  it('asks for every required field of the sign-in form', () => {
    expect(validateAuth('login', 'patient', EMPTY_VALUES, 'fr')).toEqual({
      ok: false,
      errors: { email: 'emailRequired', password: 'passwordRequired' },
    });
  });

  it('asks for email, password, confirmation and first name to register a patient', () => {
    const result = validateAuth('register', 'patient', EMPTY_VALUES, 'fr');
    expect(result).toEqual({
      ok: false,
      errors: { email: 'emailRequired', password: 'passwordRequired', confirmPassword: 'confirmPasswordRequired', firstName: 'firstNameRequired' },
    });
  });

  it('also asks a professional for the last name and the RPPS number', () => {
    const result = validateAuth('register', 'doctor', { ...patient }, 'fr');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ lastName: 'lastNameRequired', medicalLicense: 'medicalLicenseRequired' });
  });

  it('uses the schema keys for a short or mismatched password and an invalid RPPS', () => {
    const result = validateAuth('register', 'doctor', { ...doctor, password: 'abc', confirmPassword: 'abd', medicalLicense: '10003456784' }, 'fr');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual({ password: 'passwordTooShort', confirmPassword: 'passwordMismatch', medicalLicense: 'medicalLicenseChecksum' });
      expect(firstErrorField(result.errors)).toBe('medicalLicense');
    }
  });

  it('builds the sign-up body: no empty optional field, no "none" speciality', () => {
    expect(signUpBody('patient', patient, 'en')).toEqual({
      email: 'camille@example.test',
      password: patient.password,
      confirmPassword: patient.password,
      firstName: 'Camille',
      role: 'patient',
      language: 'en',
    });
    expect(signUpBody('doctor', { ...doctor, speciality: NO_SPECIALITY }, 'fr')).not.toHaveProperty('speciality');
    expect(signUpBody('doctor', { ...doctor, speciality: 'diabetologue' }, 'fr')).toMatchObject({ speciality: 'diabetologue', medicalLicense: '10003456786' });
    const ok = validateAuth('register', 'doctor', doctor, 'fr');
    expect(ok.ok && ok.kind).toBe('signUp');
  });
});
