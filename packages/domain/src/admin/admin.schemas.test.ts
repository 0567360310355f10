import { describe, expect, it } from 'vitest';
import { accountListQuerySchema, createSpecialtySchema, lockAccountSchema, specialtySlug, updateSpecialtySchema } from './admin.schemas';

describe('specialtySlug', () => {
  it('makes the id of a specialty from its French name, as the first ids are', () => {
    expect(specialtySlug('Diabétologue')).toBe('diabetologue');
    expect(specialtySlug('  Médecine générale  ')).toBe('medecine-generale');
    expect(specialtySlug('Infirmier/Infirmière')).toBe('infirmier-infirmiere');
    expect(specialtySlug("Chirurgien-dentiste (ODF)")).toBe('chirurgien-dentiste-odf');
    expect(specialtySlug('Ça, œil & cœur')).toBe('ca-oeil-coeur');
    expect(specialtySlug('???')).toBe('specialite');
    const long = specialtySlug('a'.repeat(40) + ' ' + 'b'.repeat(40));
    expect(long.length).toBeLessThanOrEqual(56);
    expect(long.endsWith('-')).toBe(false);
    expect(long).toMatch(/^[a-z0-9-]+$/);
  });
});

describe('admin inputs', () => {
  it('wants a lock reason of 3 to 500 characters, trimmed, on one line', () => {
    expect(lockAccountSchema.parse({ reason: '  Usurpation  ' })).toEqual({ reason: 'Usurpation' });
    const issue = (reason: string) => lockAccountSchema.safeParse({ reason }).error?.issues[0]?.message;
    expect(issue('ab')).toBe('reasonTooShort');
    expect(issue('   ab   ')).toBe('reasonTooShort');
    expect(issue('x'.repeat(501))).toBe('reasonTooLong');
    expect(issue('deux\nlignes')).toBe('textInvalidCharacters');
    expect(lockAccountSchema.safeParse({ reason: 'Valable', other: 1 }).success).toBe(false);
  });

  it('wants the three names and a whole display order for a new specialty; an edit changes something', () => {
    expect(createSpecialtySchema.safeParse({ name: 'Podologue', nameEn: 'Podiatrist', nameEs: 'Podólogo', displayOrder: 4 }).success).toBe(true);
    expect(createSpecialtySchema.safeParse({ name: 'Podologue', nameEn: 'Podiatrist', displayOrder: 4 }).success).toBe(false);
    expect(createSpecialtySchema.safeParse({ name: 'P', nameEn: 'Podiatrist', nameEs: 'Podólogo', displayOrder: 4 }).error?.issues[0]?.message).toBe('nameRequired');
    expect(createSpecialtySchema.safeParse({ name: 'Podologue', nameEn: 'Podiatrist', nameEs: 'Podólogo', displayOrder: 2.5 }).success).toBe(false);
    expect(updateSpecialtySchema.safeParse({}).error?.issues[0]?.message).toBe('nothingToChange');
    expect(updateSpecialtySchema.parse({ isActive: false })).toEqual({ isActive: false });
  });

  it('reads the accounts list query from the URL, page 1 by default', () => {
    expect(accountListQuerySchema.parse({})).toEqual({ page: 1 });
    expect(accountListQuerySchema.parse({ q: ' dupont ', type: 'doctor', status: 'locked', page: '3' })).toEqual({ q: 'dupont', type: 'doctor', status: 'locked', page: 3 });
    expect(accountListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(accountListQuerySchema.safeParse({ type: 'nurse' }).success).toBe(false);
  });
});
