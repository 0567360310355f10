import { SHARE_CATEGORIES, type ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';

export { SHARE_CATEGORIES };
export type { ShareCategory };

/** Adds or removes one category, keeping the canonical order (the server stores them sorted). */
export function toggleCategory(current: readonly ShareCategory[], category: ShareCategory, on: boolean): ShareCategory[] {
  const set = new Set(current);
  if (on) set.add(category);
  else set.delete(category);
  return SHARE_CATEGORIES.filter((c) => set.has(c));
}
