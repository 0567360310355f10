import { createSpecialtySchema, type AdminSpecialty, type CreateSpecialtyInput } from '@glucosuivi/domain/admin/admin.schemas';

/** The specialty form as typed (strings), before it is checked. */
export interface SpecialtyFormValues {
  name: string;
  nameEn: string;
  nameEs: string;
  displayOrder: string;
}

export type SpecialtyField = keyof SpecialtyFormValues;
/** Field → error key of `admin:errors`. */
export type SpecialtyFormErrors = Partial<Record<SpecialtyField, string>>;

const FIELDS: readonly SpecialtyField[] = ['name', 'nameEn', 'nameEs', 'displayOrder'];
const KNOWN = new Set(['nameRequired', 'nameTooLong', 'textInvalidCharacters', 'specialtyExists']);

export const emptySpecialtyForm = (nextOrder: number): SpecialtyFormValues => ({ name: '', nameEn: '', nameEs: '', displayOrder: String(nextOrder) });

export function specialtyFormOf(specialty: AdminSpecialty): SpecialtyFormValues {
  return { name: specialty.name, nameEn: specialty.nameEn ?? '', nameEs: specialty.nameEs ?? '', displayOrder: String(specialty.displayOrder) };
}

/** Turns zod or server issues (`path`, `message`) into one error key per field. */
export function specialtyErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): SpecialtyFormErrors {
  const errors: SpecialtyFormErrors = {};
  for (const issue of issues) {
    const field = issue.path.find((p): p is SpecialtyField => typeof p === 'string' && (FIELDS as readonly string[]).includes(p));
    if (!field || errors[field]) continue;
    errors[field] = field === 'displayOrder' ? 'orderInvalid' : KNOWN.has(issue.message) ? issue.message : 'nameRequired';
  }
  return errors;
}

/** Checks the form with the server's schema: the body to send, or the errors to show. */
export function checkSpecialtyForm(values: SpecialtyFormValues): { body: CreateSpecialtyInput } | { errors: SpecialtyFormErrors } {
  const order = values.displayOrder.trim() === '' ? Number.NaN : Number(values.displayOrder);
  const result = createSpecialtySchema.safeParse({ name: values.name, nameEn: values.nameEn, nameEs: values.nameEs, displayOrder: order });
  return result.success ? { body: result.data } : { errors: specialtyErrorsFromIssues(result.error.issues) };
}
