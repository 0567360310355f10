import { MESSAGE_MAX_LENGTH, messageTextSchema, normalizeLineEnds } from '@glucosuivi/domain/messages/messages.schemas';
import { TEXT_ISSUES } from '@glucosuivi/domain/shared/text';

/** Why a draft cannot be sent: a key of `messages:composer.errors`. */
export type DraftError = (typeof TEXT_ISSUES)[keyof typeof TEXT_ISSUES];
const KNOWN = new Set<string>(Object.values(TEXT_ISSUES));

/**
 * Checks a draft with the server's own rule (the shared schema: 1–4,000 characters after
 * trimming, new lines and tabs allowed, no other control character); null when it may be sent.
 */
export function draftError(draft: string): DraftError | null {
  const parsed = messageTextSchema.safeParse(draft);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message;
  return message && KNOWN.has(message) ? (message as DraftError) : TEXT_ISSUES.invalidCharacters;
}

/** What the counter shows: the characters the rule counts (line ends as one, ends trimmed). */
export function draftLength(draft: string): number {
  return normalizeLineEnds(draft).trim().length;
}

export { MESSAGE_MAX_LENGTH };
