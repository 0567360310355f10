import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const STRONG = 'Glyc3mie-Stable!42';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Two sign-ups from one socket address, each forwarded for another client by a proxy. */
async function twoForwardedSignUps(trustProxy: boolean): Promise<number[]> {
  // One sign-up per address and hour: the second shows which address the limit counted.
  t = await createTestApp({ trustProxy, limits: { signUpPerHour: 1 } });
  const statuses: number[] = [];
  for (const [i, client] of ['203.0.113.1', '203.0.113.2'].entries()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      remoteAddress: '10.0.0.9',
      headers: { 'x-forwarded-for': client },
      payload: { email: `proxied-${i}@example.test`, password: STRONG, confirmPassword: STRONG, firstName: 'Camille', lastName: 'Durand', role: 'patient' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('on: each forwarded client has its own limits', async () => {
    expect(await twoForwardedSignUps(true)).toEqual([201, 201]);
  });

  it('off (the default): X-Forwarded-For is ignored, the socket address counts', async () => {
    expect(await twoForwardedSignUps(false)).toEqual([201, 429]);
  });
});
