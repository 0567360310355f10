import { describe, expect, it } from 'vitest';
import { errorsFromIssues, validateSupportForm, type SupportFormValues } from './support-form';

const valid: SupportFormValues = {
  email: 'a@example.test',
  subject: 'Export',
  message: 'Bonjour',
  type: 'question',
};

describe('validateSupportForm', () => {
  it('accepts a complete form', () => {
    expect(validateSupportForm(valid, true)).toEqual({});
    expect(validateSupportForm({ ...valid, email: '' }, false)).toEqual({});
  });

  it('names the empty or too long fields', () => {
    expect(validateSupportForm({ ...valid, message: '   ', subject: '' }, false)).toEqual({
      message: 'messageRequired',
      subject: 'subjectRequired',
    });
    expect(validateSupportForm({ ...valid, message: 'x'.repeat(5001) }, false)).toEqual({
      message: 'messageTooLong',
    });
    expect(validateSupportForm({ ...valid, subject: 'x'.repeat(201) }, false)).toEqual({
      subject: 'subjectTooLong',
    });
    expect(validateSupportForm({ ...valid, message: 'x'.repeat(5000) }, false)).toEqual({});
  });

  it('requires a valid address on the contact form only', () => {
    expect(validateSupportForm({ ...valid, email: '' }, true)).toEqual({ email: 'emailRequired' });
    expect(validateSupportForm({ ...valid, email: 'nope' }, true)).toEqual({
      email: 'emailInvalid',
    });
  });
});

describe('errorsFromIssues', () => {
  it('maps server issues (body path) and unknown messages', () => {
    expect(
      errorsFromIssues([
        { path: ['body', 'message'], message: 'messageTooLong' },
        { path: ['body', 'type'], message: 'Invalid option' },
      ]),
    ).toEqual({ message: 'messageTooLong', type: 'typeInvalid' });
  });
});
