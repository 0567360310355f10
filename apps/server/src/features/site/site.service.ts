import type { SiteInfo } from '@glucosuivi/domain/site/site.schemas';

export interface SiteDeps {
  /** LEGAL_ADDRESS, already trimmed; absent: the pages show no address line. */
  legalAddress?: string | undefined;
}

export function getSiteInfo(deps: SiteDeps): SiteInfo {
  return { legalAddress: deps.legalAddress ?? null };
}
