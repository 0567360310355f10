import { catalogsByNamespace } from './catalogs';

/** Every en namespace in one chunk, loaded only when en is shown (lib/i18n.ts). */
export default catalogsByNamespace(import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' }));
