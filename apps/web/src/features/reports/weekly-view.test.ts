import { describe, expect, it } from 'vitest';
import { verdict } from './weekly-view';

describe('verdict', () => {
  it('reads more time in range and less time below as better', () => {
    expect(verdict('inRange', 5)).toBe('better');
    expect(verdict('inRange', -5)).toBe('worse');
    expect(verdict('belowRange', -2)).toBe('better');
    expect(verdict('mean', 1)).toBe('stable');
    expect(verdict('gmi', null)).toBe('unknown');
  });
});
