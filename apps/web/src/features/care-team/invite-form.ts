import { inviteProfessionalSchema, type InviteProfessionalInput, type ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';

export type InviteBy = 'code' | 'email';
export interface InviteValues {
  by: InviteBy;
  code: string;
  email: string;
  categories: ShareCategory[];
}
export type InviteErrorKey = 'codeRequired' | 'codeInvalid' | 'emailRequired' | 'emailInvalid' | 'categoriesRequired';
export interface InviteErrors {
  target?: InviteErrorKey;
  categories?: InviteErrorKey;
}

/** Nothing is shared until the patient ticks it (PRODUCT.md §4 names no default). */
export const EMPTY_INVITE: InviteValues = { by: 'code', code: '', email: '', categories: [] };

// The two branches of the shared union schema: validating against the chosen branch gives
// field-level issues (the union as a whole only says "no branch matched").
const [byEmail, byCode] = inviteProfessionalSchema.options;

/** Checks the form with the shared schema; the body is what the API receives. */
export function buildInvite(values: InviteValues): { ok: true; body: InviteProfessionalInput } | { ok: false; errors: InviteErrors } {
  const target = values.by === 'code' ? { code: values.code.trim().toUpperCase() } : { email: values.email.trim() };
  const parsed = (values.by === 'code' ? byCode : byEmail).safeParse({ ...target, categories: values.categories });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: InviteErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'categories') errors.categories = 'categoriesRequired';
    else if (field === 'code') errors.target = values.code.trim() ? 'codeInvalid' : 'codeRequired';
    else if (field === 'email') errors.target = values.email.trim() ? 'emailInvalid' : 'emailRequired';
  }
  return { ok: false, errors };
}
