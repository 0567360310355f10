import type { MeasurementKind } from '../measurements/measurements.schemas';
import { SHARE_CATEGORIES, type InvitationStatus, type ShareCategory } from './care-team.schemas';

/** The share category a measurement kind belongs to (the same mapping as the RLS policies). */
export function categoryOfKind(kind: MeasurementKind): ShareCategory {
  return kind === 'event' ? 'events' : kind;
}

/** Categories in their canonical order, without repeats (stored this way, compared as arrays). */
export function normalizeCategories(categories: readonly ShareCategory[]): ShareCategory[] {
  const set = new Set(categories);
  return SHARE_CATEGORIES.filter((c) => set.has(c));
}

/** A pending invitation past its expiry reads as `expired`; every other status is final. */
export function effectiveInvitationStatus(stored: InvitationStatus, expiresAt: Date, now: Date): InvitationStatus {
  return stored === 'pending' && expiresAt.getTime() <= now.getTime() ? 'expired' : stored;
}

/** Status of a share link at `now`. */
export function shareLinkStatus(link: { expiresAt: Date; revokedAt: Date | null }, now: Date): 'active' | 'expired' | 'revoked' {
  if (link.revokedAt) return 'revoked';
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** Browser family from a User-Agent header: enough for "Firefox on a phone", never a fingerprint. */
export function userAgentFamily(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Other';
  const device = /Mobile|Android|iPhone|iPad/.test(userAgent) ? 'mobile' : 'desktop';
  return `${browser} (${device})`;
}

/** Network prefix of an address: IPv4 /24 (`192.0.2.0/24`), IPv6 /48; the full address is never kept. */
export function ipPrefix(ip: string | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(':')) {
    const [head] = ip.split('::');
    const groups = (head ?? '').split(':').filter(Boolean).slice(0, 3);
    while (groups.length < 3) groups.push('0');
    return `${groups.join(':')}::/48`;
  }
  return null;
}
