import { z } from 'zod';
import type { Language } from '../accounts/accounts.schemas';
import { buildPath, defineEndpoint } from '../shared/contract';
import { handoutParamsSchema, handoutQuerySchema, type Handout } from './resources.schemas';

/**
 * A patient handout as a PDF (hypoglycaemia and the 15/15 rule, using the app, sharing data).
 * Any signed-in person may download one: professionals hand them out, patients read them. The
 * body is the file's bytes, not JSON (see reports.contract.ts).
 */
export const getHandoutPdf = defineEndpoint({
  method: 'GET',
  path: '/api/resources/handouts/:handout',
  summary: 'A patient handout as a one-page PDF in French, English or Spanish (no personal data)',
  tags: ['resources'],
  access: 'user',
  params: handoutParamsSchema,
  query: handoutQuerySchema,
  // The bytes of the PDF (a Buffer on the server), not JSON.
  response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});

/** The address of a handout in a language, for a download link. */
export function handoutHref(handout: Handout, lang: Language): string {
  return `${buildPath(getHandoutPdf.path, { handout })}?lang=${lang}`;
}
