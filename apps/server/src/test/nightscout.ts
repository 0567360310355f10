import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { uploaderSecretSchema, type UploaderSecret } from '@glucosuivi/domain/nightscout/nightscout.schemas';
import { actingAs, type TestUser } from './fixtures';
import type { TestApp } from './test-app';

/*
 * Nightscout uploader tests: an uploader made through the patient's own endpoint, requests as
 * uploader apps send them (no cookie, no Origin), and entries shaped like those real uploaders
 * post (recorded field sets of xDrip+, AndroidAPS, Loop, minimed-connect, share2nightscout-bridge).
 */

export const sha1Hex = (secret: string) => createHash('sha1').update(secret).digest('hex');
export const sha512Hex = (secret: string) => createHash('sha512').update(secret).digest('hex');

export async function createUploader(t: TestApp, patient: TestUser, name = 'xDrip+ Pixel 7'): Promise<UploaderSecret> {
  const res = await t.app.inject({ method: 'POST', url: '/api/nightscout/uploaders', headers: actingAs(patient), payload: { name } });
  if (res.statusCode !== 201) throw new Error(`uploader creation answered ${res.statusCode}: ${res.body}`);
  return uploaderSecretSchema.parse(res.json());
}

/** A request as an uploader app sends it: the secret's SHA-1 in `api-secret`, no Origin, no cookie. */
export function asUploader(
  t: TestApp,
  secret: string,
  request: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; remoteAddress?: string; headers?: Record<string, string> },
) {
  const options: InjectOptions = {
    method: request.method ?? 'GET',
    url: request.url,
    headers: { origin: undefined as unknown as string, 'api-secret': sha1Hex(secret), ...request.headers },
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
  };
  return t.app.inject(options);
}

const FIVE_MIN = 300_000;

/** xDrip+ with a Dexcom G6: every field it sends with a reading. */
export function xdripEntry(date: number, sgv: number) {
  return {
    device: 'xDrip-DexcomG6',
    date,
    dateString: new Date(date).toISOString(),
    sgv,
    delta: 1.5,
    direction: 'Flat',
    type: 'sgv',
    filtered: 162_000,
    unfiltered: 165_000,
    rssi: 100,
    noise: 1,
    sysTime: new Date(date).toISOString(),
    utcOffset: 60,
  };
}

/** AndroidAPS uploading the BG of its source (Dexcom app), with its identifier and `mills`. */
export function androidApsEntry(date: number, sgv: number) {
  return { type: 'sgv', sgv, date, dateString: new Date(date).toISOString(), device: 'AndroidAPS-DexcomG6', direction: 'FortyFiveUp', app: 'AAPS', units: 'mg/dl', mills: date, identifier: `aaps-${date}` };
}

/** Loop (iOS): dateString with the phone's offset, a trend number and no `type` on some versions. */
export function loopEntry(date: number, sgv: number) {
  const local = new Date(date + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
  return { date, dateString: local, sgv, device: 'loop://iPhone', direction: 'FortyFiveDown', trend: 5, type: 'sgv' };
}

/** minimed-connect-to-nightscout (Medtronic Guardian via CareLink): sgv and a meter calibration. */
export function minimedEntries(date: number, sgv: number) {
  return [
    { sgv, date, dateString: new Date(date).toISOString(), device: 'connect://paradigm', type: 'sgv', direction: 'Flat', trend: 4 },
    { mbg: sgv + 4, date: date + 60_000, dateString: new Date(date + 60_000).toISOString(), device: 'connect://paradigm', type: 'mbg' },
  ];
}

/** share2nightscout-bridge: numbers as strings, as some bridges and scripts send them. */
export function stringlyEntry(date: number, sgv: number) {
  return { type: 'sgv', sgv: String(sgv), date: String(date), dateString: new Date(date).toISOString(), device: 'share2', direction: 'Flat', trend: '4' };
}

/** `n` xDrip+ readings every 5 minutes, the newest `endMinutesAgo` before `now`. */
export function xdripSeries(now: number, n: number, endMinutesAgo = 5, value: (i: number) => number = (i) => 100 + (i % 60)) {
  const end = now - endMinutesAgo * 60_000;
  return Array.from({ length: n }, (_, i) => xdripEntry(end - i * FIVE_MIN, value(i)));
}
