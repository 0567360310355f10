import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/*
 * Runs the real share2nightscout-bridge (npm, unchanged) as a child process, the way its
 * Procfile deploys it (`node index.js`: a loop that logs in to Dexcom Share, reads the latest
 * readings and POSTs them to <NS>/api/v1/entries.json with `api-secret: sha1(API_SECRET)`).
 *
 * Its settings are environment variables (read as NAME, name, CUSTOMCONNSTR_NAME…):
 * DEXCOM_ACCOUNT_NAME, DEXCOM_PASSWORD, API_SECRET (≥ 12 characters), NS (the Nightscout base
 * URL; without it https://WEBSITE_HOSTNAME), BRIDGE_SERVER (a host name with a dot, port allowed,
 * instead of share2.dexcom.com; `EU` for shareous1.dexcom.com), firstFetchCount (readings asked
 * on the first pass, default 3), maxCount (later passes, default 1), minutes (default 1440),
 * SHARE_INTERVAL (ms between passes, at least 60,000), maxFailures (default 3).
 * The child gets only those and PATH: nothing of the test runner's environment (a proxy
 * variable, which the `request` library honours, would send it elsewhere).
 *
 * TLS: the bridge passes `rejectUnauthorized: false` on every request, so it would accept any
 * certificate; it is still given the stand-in's CA (NODE_EXTRA_CA_CERTS) so that nothing here
 * relies on that, and the journey checks the stand-in's certificate with a verifying client.
 */

const require = createRequire(import.meta.url);
const BRIDGE = require.resolve('share2nightscout-bridge');

export interface BridgeSettings {
  /** host:port of the Share stand-in. */
  shareServer: string;
  /** CA certificate the stand-in's certificate chains to. */
  caFile: string;
  accountName: string;
  password: string;
  apiSecret: string;
  /** Base URL of the app, as the patient types it into the bridge's NS setting. */
  nightscoutUrl: string;
  firstFetchCount: number;
}

export interface BridgeRun {
  /** Everything the bridge printed, stdout and stderr. */
  output: string;
  /** The `Nightscout upload` line's status, or null when the run ended before any upload. */
  uploadStatus: number | null;
}

/** The end of a long log (a failing bridge retries without pause). */
const tail = (text: string) => (text.length > 4000 ? `…${text.slice(-4000)}` : text);

const UPLOAD = /Nightscout upload error (\S+) status (\d+)/;

/**
 * Starts the bridge and waits until its log line says how `until` went — the first upload's
 * answer, or (`login-refused`) the first refused login — then stops it: the bridge loops forever,
 * its next pass being at least a minute away.
 */
export async function runBridgeOnce(
  settings: BridgeSettings,
  until: 'upload' | 'login-refused' = 'upload',
  timeoutMs = 30_000,
): Promise<BridgeRun> {
  const child = spawn(process.execPath, [BRIDGE], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NODE_EXTRA_CA_CERTS: settings.caFile,
      BRIDGE_SERVER: settings.shareServer,
      DEXCOM_ACCOUNT_NAME: settings.accountName,
      DEXCOM_PASSWORD: settings.password,
      API_SECRET: settings.apiSecret,
      NS: settings.nightscoutUrl,
      firstFetchCount: String(settings.firstFetchCount),
    },
  });
  let output = '';
  const done = new Promise<BridgeRun>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `the bridge did not get that far in ${timeoutMs} ms; it printed:\n${tail(output)}`,
          ),
        ),
      timeoutMs,
    );
    const look = () => {
      const upload = UPLOAD.exec(output);
      if (until === 'upload' && upload) {
        clearTimeout(timer);
        resolve({ output, uploadStatus: upload[1] === 'null' ? Number(upload[2]) : null });
      } else if (until === 'login-refused' && output.includes('Error refreshing token')) {
        clearTimeout(timer);
        resolve({ output, uploadStatus: upload ? Number(upload[2]) : null });
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        output += chunk;
        look();
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the bridge stopped (${code ?? signal}) before that; it printed:\n${tail(output)}`,
        ),
      );
    });
  });
  try {
    return await done;
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}
