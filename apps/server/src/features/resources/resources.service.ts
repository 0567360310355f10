import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { Handout } from '@glucosuivi/domain/resources/resources.schemas';
import type { HandoutCache } from './handouts.cache';
import { renderHandout } from './handouts.pdf';
import { handoutText } from './handouts.texts';

export interface ResourcesDeps {
  handouts: HandoutCache;
}

export interface HandoutFile {
  bytes: Buffer;
  /** The file's name in the handout's language (ASCII). */
  fileName: string;
}

/**
 * A patient handout as a PDF. Any signed-in person may have one (the route requires a session):
 * it carries no personal data, so there is nothing more to check.
 */
export async function handoutPdf(deps: ResourcesDeps, handout: Handout, language: Language): Promise<HandoutFile> {
  const bytes = await deps.handouts.get(handout, language, () => renderHandout(handout, language));
  return { bytes, fileName: handoutText(handout, language).fileName };
}
