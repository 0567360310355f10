import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import {
  startDexcomShareStandIn,
  SHARE_APPLICATION_ID,
  type DexcomShareStandIn,
  type ShareReading,
  type ShareTrend,
} from './support/dexcom-share-standin';
import { ORIGIN, setGlucoseUnit, signUpPatient, trackMissingKeys } from './support/health-api';
import { runBridgeOnce, type BridgeSettings } from './support/share-bridge';

/*
 * A third-party uploader, unchanged, sending to GlucoSuivi as to a Nightscout site: the npm
 * package share2nightscout-bridge reads a Dexcom Share account (here a local HTTPS stand-in
 * speaking Share's protocol, the vendor's cloud being out of reach) and POSTs the readings to
 * /api/v1/entries.json with the SHA-1 of the uploader secret the patient made on /cgm-connection.
 * The readings show on the patient's dashboard; the bridge started again re-sends the same
 * readings (as it does after every restart) and nothing stored changes.
 */

const DEXCOM_ACCOUNT = 'camille.martin';
const DEXCOM_PASSWORD = 'Capteur-G6-2026';
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** Two hours after a meal, oldest first: 24 readings 5 minutes apart. */
const VALUES = [
  112, 110, 109, 108, 108, 110, 115, 122, 131, 141, 152, 162, 170, 176, 179, 180, 178, 174, 168,
  161, 154, 148, 143, 139,
];

/** Dexcom's arrow for a rate of change in mg/dL per minute (Share's thresholds: 1, 2, 3). */
function arrow(rate: number): ShareTrend {
  const steps: [number, ShareTrend, ShareTrend][] = [
    [3, 'DoubleUp', 'DoubleDown'],
    [2, 'SingleUp', 'SingleDown'],
    [1, 'FortyFiveUp', 'FortyFiveDown'],
  ];
  for (const [limit, up, down] of steps) if (Math.abs(rate) >= limit) return rate > 0 ? up : down;
  return 'Flat';
}

/** The readings, the newest one a minute ago. */
function shareReadings(): ShareReading[] {
  const newest = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  return VALUES.map((mgdl, i) => ({
    at: newest - (VALUES.length - 1 - i) * 5 * 60_000,
    mgdl,
    trend: i === 0 ? 'Flat' : arrow((mgdl - (VALUES[i - 1] ?? mgdl)) / 5),
  }));
}

/** A POST to the stand-in by a client that checks its certificate against the test CA. */
function verifiedSharePost(
  share: DexcomShareStandIn,
  call: string,
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      `${share.baseUrl}/${call}`,
      {
        method: 'POST',
        ca: readFileSync(share.caFile),
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) },
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (answer += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(answer) as unknown }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/**
 * On /cgm-connection, as the patient: the bridge's setup steps (the site address and the
 * variables to set), then a secret made for it. Returns what the steps say to give the bridge.
 */
async function setUpBridgeOnPage(
  page: Page,
  name: string,
): Promise<{ site: string; secret: string }> {
  await page.goto('/cgm-connection');
  const guide = page.locator('details', {
    has: page.locator('summary', { hasText: 'share2nightscout-bridge (Dexcom Share)' }),
  });
  await guide.locator('summary').click();
  const variables = guide.getByRole('listitem').nth(1);
  await expect(variables).toContainText(
    'API_SECRET=le secret, DEXCOM_ACCOUNT_NAME et DEXCOM_PASSWORD',
  );
  const site = /NS=(\S+?),/.exec(await variables.innerText())?.[1] ?? '';
  expect(site).toBe(
    await page
      .getByRole('textbox', { name: 'Adresse du site (compatible Nightscout)' })
      .inputValue(),
  );

  await page.getByLabel(/^Nom de l'appareil/).fill(name);
  await page.keyboard.press('Enter');
  const shown = page.getByTestId('uploader-secret');
  await expect(shown.getByRole('heading')).toHaveText(`Secret de « ${name} »`);
  const secret = await shown.getByRole('textbox', { name: 'Secret (API secret)' }).inputValue();
  await shown.getByRole('button', { name: "J'ai copié le secret" }).click();
  await expect(page.getByTestId('uploader-secret')).toHaveCount(0);
  return { site, secret };
}

interface NightscoutEntry {
  _id: string;
  type: string;
  date: number;
  sgv: number;
}

/** Everything stored for the patient, through both APIs: Nightscout's and the app's own. */
async function storedReadings(page: Page, uploader: APIRequestContext, secret: string) {
  const entries = await uploader.get('/api/v1/entries.json?count=1000', {
    headers: { 'api-secret': sha1(secret) },
  });
  expect(entries.status(), await entries.text()).toBe(200);
  const measurements = await page.request.get('/api/measurements?kind=glucose&limit=500');
  expect(measurements.status(), await measurements.text()).toBe(200);
  return {
    entries: (await entries.json()) as NightscoutEntry[],
    measurements: ((await measurements.json()) as { items: unknown[] }).items,
  };
}

test('share2nightscout-bridge uploads Dexcom Share readings that show on the dashboard; run again, it changes nothing', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const missing = trackMissingKeys(page);
  await signUpPatient(page);
  await setGlucoseUnit(page, 'mg/dl');
  const { site, secret } = await setUpBridgeOnPage(page, 'Dexcom Share (bridge)');
  const readings = shareReadings();
  const share = await startDexcomShareStandIn({
    accountName: DEXCOM_ACCOUNT,
    password: DEXCOM_PASSWORD,
    readings,
  });
  const uploader = await playwrightRequest.newContext({ baseURL: ORIGIN });
  try {
    // The stand-in's TLS is real (a client checking the certificate against the test CA
    // connects), and it refuses a wrong password as Share does.
    const refused = await verifiedSharePost(share, 'General/AuthenticatePublisherAccount', {
      accountName: DEXCOM_ACCOUNT,
      password: 'not-the-password',
      applicationId: SHARE_APPLICATION_ID,
    });
    expect(refused).toMatchObject({
      status: 500,
      json: { Code: 'AccountPasswordInvalid', TypeName: 'FaultException' },
    });

    const bridge: BridgeSettings = {
      shareServer: share.server,
      caFile: share.caFile,
      accountName: DEXCOM_ACCOUNT,
      password: DEXCOM_PASSWORD,
      apiSecret: secret,
      nightscoutUrl: site,
      firstFetchCount: readings.length,
    };

    // A wrong Dexcom password: the bridge's login is refused and it sends nothing.
    const wrong = await runBridgeOnce({ ...bridge, password: 'not-the-password' }, 'login-refused');
    expect(wrong.output).toContain('AccountPasswordInvalid');
    expect(wrong.uploadStatus).toBeNull();
    expect((await storedReadings(page, uploader, secret)).entries).toEqual([]);
    share.calls.length = 0;

    // The bridge as deployed: Share login, the latest readings, one upload answered 200.
    const first = await runBridgeOnce(bridge);
    expect(first.uploadStatus, first.output).toBe(200);
    expect(share.calls.map((c) => [c.call, c.status])).toEqual([
      ['General/AuthenticatePublisherAccount', 200],
      ['General/LoginPublisherAccountById', 200],
      ['Publisher/ReadPublisherLatestGlucoseValues', 200],
    ]);
    expect(share.calls[2]?.query).toMatchObject({
      minutes: '1440',
      maxCount: String(readings.length),
    });
    expect(share.calls.every((c) => c.userAgent === 'share2nightscout-bridge/0.2.12')).toBe(true);

    // Stored as sent: the same instants and values, newest first.
    const stored = await storedReadings(page, uploader, secret);
    const newestFirst = [...readings].reverse();
    expect(stored.entries.map((e) => [e.type, e.date, e.sgv])).toEqual(
      newestFirst.map((r) => ['sgv', r.at, r.mgdl]),
    );
    expect(stored.measurements).toHaveLength(readings.length);

    // The patient's dashboard in Chromium.
    await page.goto('/patient-dashboard');
    // (Generous waits: the page's first load is slow when the machine is busy.)
    await expect(page.getByTestId('last-glucose')).toContainText('139', { timeout: 20_000 });
    await expect(page.getByTestId('chart-summary')).toContainText('24 mesures, de 108 à 180', {
      timeout: 20_000,
    });

    // Started again, the bridge re-sends the same 24 readings: the app answers 200 and keeps
    // what it had, readings and ids alike.
    share.calls.length = 0;
    const second = await runBridgeOnce(bridge);
    expect(second.uploadStatus, second.output).toBe(200);
    expect(share.calls.map((c) => [c.call, c.status])).toEqual([
      ['General/AuthenticatePublisherAccount', 200],
      ['General/LoginPublisherAccountById', 200],
      ['Publisher/ReadPublisherLatestGlucoseValues', 200],
    ]);
    expect(await storedReadings(page, uploader, secret)).toEqual(stored);

    await page.reload();
    await expect(page.getByTestId('chart-summary')).toContainText('24 mesures, de 108 à 180', {
      timeout: 20_000,
    });
    await page.goto('/cgm-connection');
    const item = page.getByTestId('uploader');
    await expect(
      item.locator('dt', { hasText: 'Glycémies reçues en 24 h' }).locator('+ dd'),
    ).toHaveText('24', { timeout: 20_000 });
    expect(missing).toEqual([]);
  } finally {
    await uploader.dispose();
    await share.close();
  }
});
