import { z } from 'zod';
import { languageSchema } from '../accounts/accounts.schemas';

/** The patient handouts a professional (or a patient) can download, each in French, English and Spanish. */
export const HANDOUTS = ['hypoglycaemia', 'using-the-app', 'sharing-data'] as const;
export const handoutSchema = z.enum(HANDOUTS);
export type Handout = z.infer<typeof handoutSchema>;

export const handoutParamsSchema = z.object({ handout: handoutSchema });

/** The handout's language: always said, so a link never depends on the reader's settings. */
export const handoutQuerySchema = z.object({ lang: languageSchema }).strict();
