import { describe, expect, it } from 'vitest';
import { getSiteInfo } from './site.service';

describe('getSiteInfo', () => {
  it('says null when LEGAL_ADDRESS is not set, so the pages leave the line out', () => {
    expect(getSiteInfo({})).toEqual({ legalAddress: null });
    expect(getSiteInfo({ legalAddress: undefined })).toEqual({ legalAddress: null });
  });
});
