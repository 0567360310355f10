export type Catalog = Record<string, unknown>;
/** A language's catalogs by namespace (`locales/<lang>/<namespace>.json`). */
export type Catalogs = Record<string, Catalog>;

export function catalogsByNamespace(modules: Record<string, Catalog>): Catalogs {
  const catalogs: Catalogs = {};
  for (const [path, catalog] of Object.entries(modules)) {
    const namespace = /\/([A-Za-z0-9-]+)\.json$/.exec(path)?.[1];
    if (namespace) catalogs[namespace] = catalog;
  }
  return catalogs;
}
