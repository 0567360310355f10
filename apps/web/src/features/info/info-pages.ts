/** The information pages of spec §2 (the key is their catalog prefix in `info`). */
export const INFO_PAGE_KEYS = [
  'privacyPolicy',
  'howItWorks',
  'features',
  'pricing',
  'security',
  'training',
  'terms',
  'apiDocs',
  'cookies',
  'legal',
  'helpCenter',
  'community',
  'userGuide',
  'subscription',
] as const;
export type InfoPageKey = (typeof INFO_PAGE_KEYS)[number];

/** Case- and accent-insensitive search used by the help center and the API reference. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function matches(query: string, ...fields: string[]): boolean {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalize(fields.join(' '));
  return words.every((word) => haystack.includes(word));
}

export interface ApiOperation {
  method: string;
  path: string;
  summary: string;
  tag: string;
  secured: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The operations of an OpenAPI document, grouped by their first tag, in path order. */
export function operationsByTag(doc: unknown): [string, ApiOperation[]][] {
  const paths = (doc as { paths?: Record<string, Record<string, unknown>> } | null)?.paths ?? {};
  const groups = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as
        { summary?: string; tags?: string[]; responses?: Record<string, unknown> } | undefined;
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      const list = groups.get(tag) ?? [];
      list.push({
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        tag,
        secured: Boolean(op.responses?.['401']),
      });
      groups.set(tag, list);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, ops]) => [
      tag,
      ops.sort((x, y) => x.path.localeCompare(y.path) || x.method.localeCompare(y.method)),
    ]);
}
