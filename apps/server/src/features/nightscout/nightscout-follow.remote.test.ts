import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRemoteJson, REMOTE_MAX_BYTES, REMOTE_TIMEOUT_MS, RemoteError } from './nightscout-follow.remote';
import { siteEntry, startFakeNightscoutSite, type FakeNightscoutSite } from '../../test/nightscout-site';
import { credentialHint, deriveFollowKey, openCredential, sealCredential } from './nightscout-follow.sealing';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof RemoteError ? error.code : `other: ${String(error)}`;
  }
}

// Which addresses are refused is the outbound guard's own test (platform/outbound/address-guard.test.ts).
describe('the followed site client limits', () => {
  it('answers within 10 seconds and 8 MiB by default', () => {
    expect(REMOTE_TIMEOUT_MS).toBe(10_000);
    expect(REMOTE_MAX_BYTES).toBe(8 * 1024 * 1024);
  });
});

describe('the followed site client against a real server on loopback', () => {
  let site: FakeNightscoutSite;
  beforeAll(async () => {
    site = await startFakeNightscoutSite({ token: 'tok-1234567890abcdef' });
    site.entries.push(siteEntry(Date.parse('2026-11-01T10:00:00Z'), 123));
  });
  afterAll(async () => site?.close());

  const entriesUrl = (host: string) => new URL(`http://${host}:${new URL(site.url).port}/api/v1/entries.json?token=tok-1234567890abcdef`);

  it('connects to the address it checked, whatever the name (the DNS is asked once, then pinned)', async () => {
    const asked: string[] = [];
    const resolve = async (hostname: string) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // `nightscout.invalid` resolves nowhere: the answer can only come from the pinned address.
    const body = await getRemoteJson(entriesUrl('nightscout.invalid'), {}, { allowLoopback: true, resolve });
    expect(body).toEqual([expect.objectContaining({ sgv: 123 })]);
    expect(asked).toEqual(['nightscout.invalid']);
  });

  it('refuses a name when one of its addresses is private, and plain http outside tests', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    expect(await codeOf(getRemoteJson(new URL('https://ns.example.org/api/v1/entries.json'), {}, { allowLoopback: false, resolve }))).toBe('address_refused');
    expect(await codeOf(getRemoteJson(entriesUrl('127.0.0.1'), {}, { allowLoopback: false }))).toBe('address_refused');
    expect(site.requests).toHaveLength(1);
  });

  it('tells a name that does not resolve as unreachable', async () => {
    const resolve = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await codeOf(getRemoteJson(new URL('https://ns.example.org/'), {}, { allowLoopback: false, resolve }))).toBe('unreachable');
  });

  it('gives up after its timeout', async () => {
    site.mode = { kind: 'hang' };
    try {
      const started = Date.now();
      expect(await codeOf(getRemoteJson(entriesUrl('127.0.0.1'), {}, { allowLoopback: true, timeoutMs: 300 }))).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      site.mode = { kind: 'ok' };
    }
  });
});

describe('the read credential is sealed', () => {
  const key = deriveFollowKey('test-secret-test-secret-test-secret-0123456789');

  it('opens for its patient only, under the same key', () => {
    const sealed = sealCredential(key, 'patient-a', 'tok-1234567890abcdef');
    expect(sealed).not.toContain('tok-1234567890abcdef');
    expect(openCredential(key, 'patient-a', sealed)).toBe('tok-1234567890abcdef');
    expect(openCredential(key, 'patient-b', sealed)).toBeNull();
    expect(openCredential(deriveFollowKey('another-secret-another-secret-0123456789'), 'patient-a', sealed)).toBeNull();
    // One character of the ciphertext changed (the first: all six of its bits are data).
    const [version, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const altered = `${data.startsWith('A') ? 'B' : 'A'}${data.slice(1)}`;
    expect(openCredential(key, 'patient-a', [version, iv, tag, altered].join('.'))).toBeNull();
  });

  it('shows the last four characters of a long credential, none of a short one', () => {
    expect(credentialHint('tok-1234567890abcdef')).toBe('••••cdef');
    expect(credentialHint('short')).toBe('••••');
  });
});
