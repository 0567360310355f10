import { describe, expect, it } from 'vitest';
import { SHARE_LINK_MAX_HOURS, SHARE_LINK_MIN_HOURS } from '@glucosuivi/domain/care-team/care-team.schemas';
import { EMPTY_SHARE, EXPIRY_HOURS, buildShareLink, expiryLabel } from './share-form';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

describe('buildShareLink', () => {
  it('needs at least one category and nothing is ticked at first', () => {
    expect(EMPTY_SHARE.categories).toEqual([]);
    expect(buildShareLink(EMPTY_SHARE, NOW)).toEqual({ ok: false, errors: { categories: 'categoriesRequired' } });
  });

  it('builds the period back from now and keeps the 7-day default lifetime', () => {
    const result = buildShareLink({ ...EMPTY_SHARE, categories: ['glucose'], periodDays: 30 }, NOW);
    expect(result).toEqual({
      ok: true,
      body: { categories: ['glucose'], from: '2026-02-08T12:00:00.000Z', to: '2026-03-10T12:00:00.000Z', expiresInHours: 168 },
    });
  });

  it('sends a trimmed label and refuses one over 80 characters', () => {
    const ok = buildShareLink({ ...EMPTY_SHARE, categories: ['weight'], label: '  Dr Durand  ' }, NOW);
    expect(ok.ok && ok.body.label).toBe('Dr Durand');
    expect(buildShareLink({ ...EMPTY_SHARE, categories: ['weight'], label: 'x'.repeat(81) }, NOW)).toEqual({ ok: false, errors: { label: 'labelTooLong' } });
  });

  it('offers only lifetimes the API accepts, from 1 hour to 90 days', () => {
    expect(Math.min(...EXPIRY_HOURS)).toBe(SHARE_LINK_MIN_HOURS);
    expect(Math.max(...EXPIRY_HOURS)).toBe(SHARE_LINK_MAX_HOURS);
    for (const hours of EXPIRY_HOURS) expect(buildShareLink({ ...EMPTY_SHARE, categories: ['glucose'], expiresInHours: hours }, NOW).ok).toBe(true);
    expect(buildShareLink({ ...EMPTY_SHARE, categories: ['glucose'], expiresInHours: SHARE_LINK_MAX_HOURS + 1 }, NOW)).toEqual({ ok: false, errors: { form: 'invalid' } });
  });

  it('names lifetimes in hours below a day and in days above', () => {
    expect(expiryLabel(6)).toEqual({ key: 'hours', count: 6 });
    expect(expiryLabel(168)).toEqual({ key: 'days', count: 7 });
  });
});
