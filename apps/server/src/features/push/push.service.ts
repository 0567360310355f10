import { createECDH } from 'node:crypto';
import type { z } from 'zod';
import { languageSchema } from '@glucosuivi/domain/accounts/accounts.schemas';
import { userAgentFamily } from '@glucosuivi/domain/care-team/care-team.rules';
import type { PushSubscriptionInput, pushKeySchema, pushTestResultSchema } from '@glucosuivi/domain/push/push.schemas';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import type { Actor, Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import { PG, pgError } from '../../platform/db/pg-error';
import type { PushSender } from '../../platform/push/push.port';
import type { RateLimiter } from '../../platform/rate-limit';
import * as repo from './push.repository';
import { testPushPayload } from './push.texts';

/*
 * Web push subscriptions (spec §4), one per browser a user turned push on in; any signed-in user
 * (patient, professional, administrator) may have them. A browser belongs to whoever registered it
 * last: registering an endpoint that another account holds moves it (pushes for the other account
 * must not reach a browser it no longer uses). Endpoints are unguessable capability URLs, so only
 * that browser's holder can name one.
 */

export interface PushDeps {
  database: Database;
  clock: Clock;
  push: PushSender;
  /** Test notifications per user. */
  testLimit: RateLimiter;
}

/** A user's browsers: enough for everyone's phone, tablet and computers, and a bound on one test's fan-out. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/** What the test notification may wait at the push service for an offline browser: it is about now. */
const TEST_TTL_SECONDS = 10 * 60;

/** What the routes get: the sender may be absent (no push configured); each service call checks. */
export type PushRouteDeps = Omit<PushDeps, 'push'> & { push?: PushSender | undefined };

/** The deps with their sender, or 503 `unavailable` when the app has none. */
export function withSender(deps: PushRouteDeps): PushDeps {
  const { push } = deps;
  if (!push) throw new AppError('unavailable', 'Web push is not configured');
  return { ...deps, push };
}

export function getPushKey(deps: Pick<PushDeps, 'push'>): z.infer<typeof pushKeySchema> {
  return { publicKey: deps.push.publicKey };
}

// Any valid P-256 point works with this fixed private key: computing a shared secret is what
// proves the browser's key is a point on the curve, as the encryption will need it.
const curveCheck = createECDH('prime256v1');
curveCheck.generateKeys();

/** The keys' problems beyond their format (which the contract's schema checks). */
function keyIssues(keys: PushSubscriptionInput['keys']): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  let onCurve = p256dh.length === 65 && p256dh[0] === 0x04;
  if (onCurve) {
    try {
      curveCheck.computeSecret(p256dh);
    } catch {
      onCurve = false;
    }
  }
  if (!onCurve) issues.push({ path: ['body', 'keys', 'p256dh'], code: 'invalid_key', message: 'Not a P-256 public key' });
  if (Buffer.from(keys.auth, 'base64url').length !== 16) {
    issues.push({ path: ['body', 'keys', 'auth'], code: 'invalid_key', message: 'The auth secret must be 16 bytes' });
  }
  return issues;
}

/** Registers this browser for the user (again: keys and label replaced). */
export async function subscribe(deps: PushDeps, actor: Actor, input: PushSubscriptionInput, userAgent: string | undefined): Promise<void> {
  const issues = keyIssues(input.keys);
  const verdict = deps.push.check ? await deps.push.check(input.endpoint) : 'deliverable';
  if (verdict === 'malformed') {
    issues.unshift({ path: ['body', 'endpoint'], code: 'invalid_endpoint', message: 'Not a push service endpoint' });
  }
  if (issues.length > 0) throw new AppError('validation_failed', 'Invalid push subscription', issues);
  // An endpoint inside our network would make every push a request there (SSRF): never stored.
  if (verdict === 'address_refused') throw new AppError('push_endpoint_not_allowed', 'Push endpoint address not allowed');

  const row = {
    userId: actor.userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    deviceLabel: userAgentFamily(userAgent),
    createdAt: deps.clock.now(),
  };
  // Two steps: another account's row is invisible under this user's policy, so it is released at
  // owner level first. Should another account register the same endpoint in between (the same
  // browser, two sessions at once: seen on PostgreSQL), the upsert meets a row its policy refuses
  // to update (42501): releasing again and retrying settles it.
  for (let attempt = 1; ; attempt++) {
    await repo.releaseEndpointFromOthers(deps.database.db, input.endpoint, actor.userId);
    try {
      await deps.database.asActor(actor, async (tx) => {
        await repo.upsertOwnSubscription(tx, row);
        await repo.keepNewestSubscriptions(tx, actor.userId, MAX_SUBSCRIPTIONS_PER_USER);
      });
      return;
    } catch (error) {
      if (attempt >= 3 || pgError(error)?.code !== PG.insufficientPrivilege) throw error;
    }
  }
}

/** Forgets this browser for the user; another account's registration of it is not theirs to remove. */
export async function unsubscribe(deps: Pick<PushDeps, 'database'>, actor: Actor, endpoint: string): Promise<void> {
  await deps.database.asActor(actor, (tx) => repo.deleteOwnByEndpoint(tx, actor.userId, endpoint));
}

/** Spec §4: a test notification to each of the user's browsers; the ones the push service says are gone are forgotten. */
export async function sendTestPush(deps: PushRouteDeps, actor: Actor): Promise<z.infer<typeof pushTestResultSchema>> {
  await deps.testLimit.consume(actor.userId, deps.clock.now());
  const sender = deps.push;
  if (!sender) return { sent: 0, removed: 0 };
  const { subscriptions, language } = await deps.database.asActor(actor, async (tx) => ({
    subscriptions: await repo.listOwnSubscriptions(tx, actor.userId),
    language: languageSchema.safeParse(await repo.languageOf(tx, actor.userId)),
  }));
  const payload = testPushPayload(language.success ? language.data : 'fr');
  const outcomes = await Promise.all(
    subscriptions.map((s) => sender.send({ endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth }, payload, { ttlSeconds: TEST_TTL_SECONDS })),
  );
  const now = deps.clock.now();
  await deps.database.asActor(actor, async (tx) => {
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome !== 'failed') await repo.recordOutcome(tx, subscriptions[i]!.id, outcome, now);
    }
  });
  return { sent: outcomes.filter((o) => o === 'sent').length, removed: outcomes.filter((o) => o === 'gone').length };
}
