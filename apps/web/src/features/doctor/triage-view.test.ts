import { describe, expect, it } from 'vitest';
import { adviceBadges, triageViewFromParams, triageViewParams } from './triage-view';

describe('the triage view in the address', () => {
  it('leaves the defaults out, so the plain list is plain /doctor', () => {
    expect(triageViewParams({ filter: 'all', sort: 'worst_first', search: '  ' }).toString()).toBe(
      '',
    );
    expect(
      triageViewParams({ filter: 'below_range', sort: 'name', search: ' Dupont ' }).toString(),
    ).toBe('filter=below_range&sort=name&q=Dupont');
  });

  it('reads back what it wrote, and unknown or oversized values as the defaults or cut', () => {
    const view = { filter: 'not_enough_data', sort: 'last_reading', search: 'Zoé' } as const;
    expect(triageViewFromParams(triageViewParams(view))).toEqual(view);
    expect(triageViewFromParams(new URLSearchParams('filter=everyone&sort=__proto__'))).toEqual({
      filter: 'all',
      sort: 'worst_first',
      search: '',
    });
    expect(triageViewFromParams(new URLSearchParams(`q=${'a'.repeat(200)}`)).search).toHaveLength(
      80,
    );
  });
});

describe('advice badges of a row', () => {
  const finding = (
    kind: 'night_hypo' | 'dawn_rise' | 'tir_change' | 'high_variability',
    severity: 'urgent' | 'attention' | 'info',
  ) => ({ kind, severity });

  it('shows up to the limit whole, and never "+1" in place of the one finding it would hide', () => {
    const two = [finding('night_hypo', 'urgent'), finding('dawn_rise', 'attention')];
    expect(adviceBadges(two, 2)).toEqual({ shown: two, more: [] });
    const three = [...two, finding('high_variability', 'attention')];
    expect(adviceBadges(three, 2)).toEqual({ shown: [two[0]], more: [two[1], three[2]] });
  });

  it('leaves information-only findings to the patient page', () => {
    expect(adviceBadges([finding('tir_change', 'info')], 2)).toEqual({ shown: [], more: [] });
  });
});
