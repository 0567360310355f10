import { describe, expect, it } from 'vitest';
import { categoryOfKind, effectiveInvitationStatus, ipPrefix, normalizeCategories, shareLinkStatus, userAgentFamily } from './care-team.rules';

describe('care-team rules', () => {
  it('maps kinds to categories and orders categories canonically', () => {
    expect(categoryOfKind('event')).toBe('events');
    expect(categoryOfKind('blood_pressure')).toBe('blood_pressure');
    expect(normalizeCategories(['alerts', 'glucose', 'alerts'])).toEqual(['glucose', 'alerts']);
  });

  it('computes expiry of invitations and share links from the clock', () => {
    const now = new Date('2026-11-02T09:00:00Z');
    expect(effectiveInvitationStatus('pending', new Date('2026-11-02T09:00:00Z'), now)).toBe('expired');
    expect(effectiveInvitationStatus('pending', new Date('2026-11-02T09:00:01Z'), now)).toBe('pending');
    expect(effectiveInvitationStatus('accepted', new Date('2026-01-01T00:00:00Z'), now)).toBe('accepted');
    expect(shareLinkStatus({ expiresAt: new Date('2027-01-01'), revokedAt: now }, now)).toBe('revoked');
  });

  it('keeps only a browser family and a network prefix', () => {
    expect(userAgentFamily('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox (desktop)');
    expect(ipPrefix('192.0.2.77')).toBe('192.0.2.0/24');
    expect(ipPrefix('::ffff:10.1.2.3')).toBe('10.1.2.0/24');
    expect(ipPrefix('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
  });
});
