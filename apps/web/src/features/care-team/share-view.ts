import type { GlucoseBand } from '@glucosuivi/domain/glucose/bands';
import type { SharedSummary } from '@glucosuivi/domain/care-team/care-team.schemas';
import type { BandTarget } from '@/components/charts/TimeInRangeBar';
import { ApiError } from '@/lib/errors';

export type ShareUnavailable = 'expired' | 'revoked' | 'unknown';

/**
 * Why the public view answered 404: the server says `share_link_expired` or
 * `share_link_revoked` when the token was valid once; anything else is an unknown link.
 */
export function shareUnavailable(error: unknown): ShareUnavailable | null {
  if (!(error instanceof ApiError) || error.code !== 'not_found') return null;
  if (error.message === 'share_link_expired') return 'expired';
  if (error.message === 'share_link_revoked') return 'revoked';
  return 'unknown';
}

type TargetChecks = NonNullable<SharedSummary['glucose']>['targetChecks'];

const BAND_TARGET: Record<GlucoseBand, TargetChecks[number]['key']> = {
  very_low: 'veryLow',
  low: 'belowRange',
  in_range: 'inRange',
  high: 'aboveRange',
  very_high: 'veryHigh',
};

/** The target of each band of the time-in-range bar (same mapping as the patient's dashboard). */
export function bandTargets(checks: TargetChecks): Partial<Record<GlucoseBand, BandTarget>> {
  const out: Partial<Record<GlucoseBand, BandTarget>> = {};
  for (const band of Object.keys(BAND_TARGET) as GlucoseBand[]) {
    const check = checks.find((c) => c.key === BAND_TARGET[band]);
    if (check) out[band] = { kind: check.kind, limit: check.limit, met: check.met, value: check.value, key: check.key };
  }
  return out;
}
