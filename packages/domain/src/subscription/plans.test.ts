import { describe, expect, it } from 'vitest';
import { PREMIUM_KINDS } from '../advice/advice.finding';
import {
  effectivePlan,
  endOfLocalDate,
  entitlementsOf,
  formatEuros,
  FREE_PDF_REPORTS_PER_MONTH,
  localMonthOf,
  pdfReportsLeft,
  premiumPrice,
  PREMIUM_PRICES,
  splitVat,
  statusAt,
  type SubscriptionState,
} from './plans';

const at = (iso: string) => Date.parse(iso);
const premium = (end: string, over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  plan: 'premium',
  status: 'active',
  currentPeriodEnd: at(end),
  cancelAtPeriodEnd: false,
  ...over,
});

describe('prices', () => {
  it('charges 4,99 € a month and 49,90 € a year VAT included, the price before VAT derived to the cent', () => {
    expect(premiumPrice('month')).toEqual({ interval: 'month', grossCents: 499, netCents: 416, vatCents: 83, vatRatePercent: 20, currency: 'EUR' });
    expect(premiumPrice('year')).toEqual({ interval: 'year', grossCents: 4990, netCents: 4158, vatCents: 832, vatRatePercent: 20, currency: 'EUR' });
    expect(PREMIUM_PRICES.map((p) => p.interval)).toEqual(['month', 'year']);
  });

  it("writes a price in the reader's language", () => {
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(formatEuros(499, 'fr'))).toBe('4,99 €');
    expect(formatEuros(4990, 'en')).toBe('€49.90');
    expect(plain(formatEuros(4990, 'es'))).toBe('49,90 €');
  });

  it('splits any price so that before VAT plus VAT is exactly the price charged, rounding half up', () => {
    for (let gross = 0; gross <= 20_000; gross += 7) {
      const { netCents, vatCents } = splitVat(gross, 20);
      expect(netCents + vatCents).toBe(gross);
      // The closest whole cent to gross / 1.2: |net − gross / 1.2| ≤ ½, in integers.
      expect(Math.abs(12 * netCents - 10 * gross)).toBeLessThanOrEqual(6);
    }
    // 3 cents at 20 %: 2.5 exactly, rounded up.
    expect(splitVat(3, 20)).toEqual({ netCents: 3, vatCents: 0 });
    expect(splitVat(6, 20)).toEqual({ netCents: 5, vatCents: 1 });
    expect(splitVat(1100, 10)).toEqual({ netCents: 1000, vatCents: 100 });
    expect(() => splitVat(4.5, 20)).toThrow(RangeError);
  });
});

describe('entitlements', () => {
  const now = at('2026-06-15T10:00:00Z');

  it('gives nothing premium without a subscription', () => {
    expect(effectivePlan(null, now)).toBe('free');
    expect(entitlementsOf(undefined, now)).toEqual([]);
    expect(statusAt(null, now)).toBeNull();
  });

  it('gives every premium entitlement while the period runs, and none once it ended', () => {
    const sub = premium('2026-07-01T00:00:00Z');
    expect(entitlementsOf(sub, now)).toEqual(['cgm_follow', 'advanced_advice', 'unlimited_pdf']);
    expect(entitlementsOf(sub, at('2026-06-30T23:59:59.999Z'))).toHaveLength(3);
    expect(entitlementsOf(sub, at('2026-07-01T00:00:00Z'))).toEqual([]);
    expect(statusAt(sub, at('2026-07-01T00:00:00Z'))).toBe('expired');
  });

  it('keeps premium after a cancellation until the period ends, then falls back to free', () => {
    const cancelling = premium('2026-07-01T00:00:00Z', { cancelAtPeriodEnd: true });
    expect(effectivePlan(cancelling, now)).toBe('premium');
    expect(statusAt(cancelling, now)).toBe('active');
    const canceled = premium('2026-07-01T00:00:00Z', { status: 'canceled' });
    expect(effectivePlan(canceled, now)).toBe('premium');
    expect(effectivePlan(canceled, at('2026-07-02T00:00:00Z'))).toBe('free');
  });

  it('gives nothing for an expired status, a period without an end, or the free plan', () => {
    expect(effectivePlan(premium('2027-01-01T00:00:00Z', { status: 'expired' }), now)).toBe('free');
    expect(effectivePlan({ plan: 'premium', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false }, now)).toBe('free');
    expect(effectivePlan(premium('2027-01-01T00:00:00Z', { plan: 'free' }), now)).toBe('free');
  });

  it('holds back exactly the meal-by-meal findings as advanced advice', () => {
    expect([...PREMIUM_KINDS]).toEqual(['post_meal_high']);
  });
});

describe('PDF reports left', () => {
  it('leaves 3 a month on the free plan, never fewer than none, and no limit with premium', () => {
    expect(FREE_PDF_REPORTS_PER_MONTH).toBe(3);
    expect([0, 1, 2, 3, 4].map((used) => pdfReportsLeft([], used))).toEqual([3, 2, 1, 0, 0]);
    expect(pdfReportsLeft(['cgm_follow', 'advanced_advice', 'unlimited_pdf'], 40)).toBeNull();
  });
});

describe('local calendar months', () => {
  it('puts 00:30 on 1 April in Paris in April, though it is still 31 March in UTC', () => {
    const april = localMonthOf(at('2026-03-31T22:30:00Z'), 'Europe/Paris');
    expect(april.month).toBe('2026-04');
    // April starts at midnight summer time (UTC+2), and ends at midnight on 1 May, still UTC+2.
    expect(april.from).toBe(at('2026-03-31T22:00:00Z'));
    expect(april.to).toBe(at('2026-04-30T22:00:00Z'));
    const march = localMonthOf(at('2026-03-31T21:30:00Z'), 'Europe/Paris');
    expect(march.month).toBe('2026-03');
    // March starts in winter time (UTC+1) and ends in summer time (UTC+2): 31 days minus an hour.
    expect(march.from).toBe(at('2026-02-28T23:00:00Z'));
    expect(march.to).toBe(april.from);
  });

  it('crosses the year, and follows the zone it is given', () => {
    expect(localMonthOf(at('2026-12-31T23:30:00Z'), 'Europe/Paris')).toMatchObject({ month: '2027-01', from: at('2026-12-31T23:00:00Z') });
    expect(localMonthOf(at('2026-12-31T23:30:00Z'), 'UTC')).toMatchObject({ month: '2026-12', to: at('2027-01-01T00:00:00Z') });
    expect(localMonthOf(at('2026-02-01T03:00:00Z'), 'America/New_York').month).toBe('2026-01');
  });

  it('ends a granted date at the next local midnight', () => {
    expect(endOfLocalDate('2026-12-31', 'Europe/Paris')).toBe(at('2026-12-31T23:00:00Z'));
    expect(endOfLocalDate('2026-07-14', 'Europe/Paris')).toBe(at('2026-07-14T22:00:00Z'));
    expect(endOfLocalDate('2026-02-28', 'UTC')).toBe(at('2026-03-01T00:00:00Z'));
  });
});
