import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { user } from '../features/auth/auth.tables';
import { profiles } from '../features/accounts/accounts.tables';
import { doctors } from '../features/doctor/doctor.tables';
import { userSettings } from '../features/settings/settings.tables';
import type { Actor, Database } from '../platform/db/database';
import type { ResolveActor } from '../platform/http/actor';

export interface TestUser extends Actor {
  email: string;
  firstName: string;
}

/**
 * Inserts a person with their profile and settings rows (as the real sign-up does) and returns
 * the actor. For feature tests that are not about signing in; the accounts tests use real sessions.
 */
export async function createTestUser(
  database: Database,
  options: {
    role?: Actor['role'];
    firstName?: string;
    lastName?: string;
    timezone?: string;
    glucoseUnit?: 'mg/dl' | 'mmol/l';
    email?: string;
    /**
     * Two-factor sign-in on. Default: on for an administrator (administrators' endpoints need it),
     * off for anyone else; `secondFactor: false` makes an administrator without one.
     */
    secondFactor?: boolean;
  } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const role = options.role ?? 'patient';
  const firstName = options.firstName ?? 'Camille';
  const email = options.email ?? `${id}@example.test`;
  const secondFactor = options.secondFactor ?? role === 'admin';
  await database.db.insert(user).values({ id, name: firstName, email, emailVerified: role === 'admin', twoFactorEnabled: secondFactor });
  await database.db.insert(profiles).values({
    id,
    email,
    firstName,
    lastName: options.lastName ?? 'Martin',
    userType: role === 'doctor' ? 'doctor' : 'patient',
    role: role === 'admin' ? 'admin' : null,
  });
  await database.db
    .insert(userSettings)
    .values({ userId: id, timezone: options.timezone ?? 'Europe/Paris', glucoseUnit: options.glucoseUnit ?? 'mg/dl' });
  if (role === 'doctor') {
    await database.db.insert(doctors).values({
      id: randomUUID(),
      userId: id,
      firstName,
      lastName: options.lastName ?? 'Martin',
      medicalLicense: '10000000009',
      email,
      inviteCode: id.slice(0, 8).toUpperCase(),
    });
  }
  return { userId: id, role, email, firstName, secondFactor };
}

/**
 * Identity seam for feature integration tests: the acting user comes from the
 * `x-test-actor: <userId>:<role>[:2fa]` header instead of a session cookie (`:2fa`: the account
 * has two-factor sign-in on).
 */
export const headerActor: ResolveActor = async (request: FastifyRequest) => {
  const value = request.headers['x-test-actor'];
  if (typeof value !== 'string') return null;
  const [userId, role, factor] = value.split(':');
  if (!userId || (role !== 'patient' && role !== 'doctor' && role !== 'admin')) return null;
  return { userId, role, secondFactor: factor === '2fa' };
};

/**
 * Headers that make a request act as this user under `headerActor`. An administrator given as a
 * bare actor (no `secondFactor` said) acts with a second factor, as `createTestUser` makes them.
 */
export function actingAs(actor: Actor): Record<string, string> {
  const secondFactor = actor.secondFactor ?? actor.role === 'admin';
  return { 'x-test-actor': `${actor.userId}:${actor.role}${secondFactor ? ':2fa' : ''}` };
}

/** The token of the last invitation e-mail sent: the accept link is the only place it exists. */
export function invitationTokenFrom(sent: readonly { text: string }[]): string {
  const text = sent.at(-1)?.text ?? '';
  const match = /invitations\/accept\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation token in the last e-mail: ${text}`);
  return match[1];
}
