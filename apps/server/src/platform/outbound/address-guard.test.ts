import { describe, expect, it } from 'vitest';
import type { LookupFunction } from 'node:net';
import { addressAllowed, checkWithoutResolving, guardOutbound, OutboundRefused, type ResolvedAddress } from './address-guard';

/** The reason of a refusal, or the checked addresses. */
async function outcome(url: string, allowLoopback: boolean, resolve?: (host: string) => Promise<ResolvedAddress[]>): Promise<string | ResolvedAddress[]> {
  try {
    return (await guardOutbound(new URL(url), { allowLoopback, resolve })).addresses;
  } catch (error) {
    if (error instanceof OutboundRefused) return error.reason;
    throw error;
  }
}

/** What the pinned lookup answers for any name: one address, or all of them. */
function lookedUp(lookup: LookupFunction, all: boolean): Promise<unknown> {
  return new Promise((resolve, reject) => {
    lookup('anything.example', { all }, (error: Error | null, address: unknown, family?: number) => {
      if (error) reject(error);
      else resolve(all ? address : { address, family });
    });
  });
}

describe('which addresses the server may connect to', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.9.9.9', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.0.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:a00:1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:5db8:d822', false],
    ['::a00:1', false],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::1', false],
    ['not-an-ip', false],
    ['93.184.216.34', true],
    ['172.32.0.1', true],
    ['2606:4700::1111', true],
  ])('%s allowed: %s', (address, allowed) => {
    expect(addressAllowed(address, false)).toBe(allowed);
  });

  it('allows this machine, and only it, in tests and development', () => {
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::1', true)).toBe(true);
    expect(addressAllowed('10.1.2.3', true)).toBe(false);
    expect(addressAllowed('169.254.169.254', true)).toBe(false);
    expect(addressAllowed('::ffff:127.0.0.1', true)).toBe(false);
  });
});

describe('the outbound guard of a URL', () => {
  const nowhere = async (): Promise<ResolvedAddress[]> => {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
  };

  // As users send them: WHATWG parsing turns several into 127.0.0.1 before the check.
  it.each([
    'https://127.0.0.1:8443/x',
    'https://2130706433/x',
    'https://0x7f.0.0.1/x',
    'https://0177.0.0.1/x',
    'https://127.1/x',
    'https://0.0.0.0/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::ffff:7f00:1]/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/x',
    'https://[fc00::1]/x',
    'https://100.64.0.1/x',
    'https://localhost/x',
    'https://api.LOCALHOST./x',
  ])('refuses %s without asking the DNS', async (url) => {
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [{ address: '93.184.216.34', family: 4 }];
    };
    expect(await outcome(url, false, resolve)).toBe('address');
    expect(checkWithoutResolving(new URL(url), false)).toBe('address');
    expect(asked).toEqual([]);
  });

  it('refuses a name when any of its addresses is refused, and tells a name that resolves to nothing', async () => {
    const resolve = async (host: string): Promise<ResolvedAddress[]> =>
      host === 'mixed.example'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.7', family: 4 },
          ]
        : host === 'inside.example'
          ? [{ address: '127.0.0.1', family: 4 }]
          : host === 'empty.example'
            ? []
            : [{ address: '2606:4700::1111', family: 6 }];
    expect(await outcome('https://mixed.example/', false, resolve)).toBe('address');
    expect(await outcome('https://inside.example/', false, resolve)).toBe('address');
    expect(await outcome('https://empty.example/', false, resolve)).toBe('unresolved');
    expect(await outcome('https://push.example/', false, nowhere)).toBe('unresolved');
    expect(await outcome('https://push.example/', false, resolve)).toEqual([{ address: '2606:4700::1111', family: 6 }]);
  });

  it('https only; plain http and loopback (never a private address) when loopback is allowed', async () => {
    const loopback = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await outcome('http://push.example/', false, loopback)).toBe('scheme');
    expect(await outcome('ftp://push.example/', true, loopback)).toBe('scheme');
    expect(await outcome('http://127.0.0.1:9000/', true)).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await outcome('http://push.test:9000/', true, loopback)).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await outcome('http://10.0.0.1/', true)).toBe('address');
    expect(await outcome('http://169.254.169.254/', true)).toBe('address');
    expect(checkWithoutResolving(new URL('http://push.example/'), false)).toBe('scheme');
    expect(checkWithoutResolving(new URL('https://push.example/'), false)).toBeNull();
  });

  it('pins the connection to the checked addresses: the lookup answers them whatever the name asked', async () => {
    let calls = 0;
    const resolve = async () => {
      calls++;
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ];
    };
    const { lookup } = await guardOutbound(new URL('https://push.example/'), { allowLoopback: false, resolve });
    expect(await lookedUp(lookup, false)).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await lookedUp(lookup, true)).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    expect(calls).toBe(1);
  });
});
