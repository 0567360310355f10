import { catalogsByNamespace } from './catalogs';

/** Every fr namespace in one chunk, loaded only when fr is shown (lib/i18n.ts). */
export default catalogsByNamespace(import.meta.glob<Record<string, unknown>>('./fr/*.json', { eager: true, import: 'default' }));
