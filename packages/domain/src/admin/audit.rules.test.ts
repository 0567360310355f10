import { describe, expect, it } from 'vitest';
import { accessDeniedEvent, accountEventKind, parseAccessDeniedEvent, shortUserAgent } from './audit.rules';

describe('access-denied events', () => {
  it('keep the reason and the route pattern, and read back as a shown key and a route', () => {
    const stored = accessDeniedEvent('two_factor_required', 'post', '/api/admin/jobs/:id/retry');
    expect(stored).toBe('access_denied:two_factor_required:POST /api/admin/jobs/:id/retry');
    expect(parseAccessDeniedEvent(stored)).toEqual({ event: 'access_denied_two_factor_required', route: 'POST /api/admin/jobs/:id/retry' });
    expect(accountEventKind(stored)).toBe('access_denied');
  });

  it('records an unknown reason as not_admin and reads other events as not access-denied', () => {
    expect(accessDeniedEvent('whatever', 'GET', '/api/admin/audit')).toBe('access_denied:not_admin:GET /api/admin/audit');
    expect(parseAccessDeniedEvent('sign_in_failure')).toBeNull();
    expect(parseAccessDeniedEvent('access_denied:odd')).toEqual({ event: 'access_denied', route: null });
  });
});

describe('accountEventKind', () => {
  it('sorts account events into the filter kinds', () => {
    expect(accountEventKind('sign_in_success')).toBe('sign_in');
    expect(accountEventKind('sign_in_failure')).toBe('sign_in_failed');
    expect(accountEventKind('sign_in_throttled')).toBe('sign_in_failed');
    expect(accountEventKind('sign_in_locked')).toBe('sign_in_failed');
    expect(accountEventKind('second_factor_locked_totp')).toBe('security');
    expect(accountEventKind('deletion_requested')).toBe('security');
  });
});

describe('shortUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    expect(shortUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128 · Windows');
    expect(
      shortUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86'),
    ).toBe('Edge 131 · macOS');
    expect(
      shortUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari 17 · iOS');
    expect(shortUserAgent('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36')).toBe('Chrome 130 · Android');
  });

  it('keeps an unknown client short and says nothing for none', () => {
    expect(shortUserAgent('x'.repeat(300))).toHaveLength(60);
    expect(shortUserAgent(null)).toBeNull();
    expect(shortUserAgent('')).toBeNull();
  });
});
