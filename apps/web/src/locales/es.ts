import { catalogsByNamespace } from './catalogs';

/** Every es namespace in one chunk, loaded only when es is shown (lib/i18n.ts). */
export default catalogsByNamespace(import.meta.glob<Record<string, unknown>>('./es/*.json', { eager: true, import: 'default' }));
