import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadVapidKeys, VAPID_FILE, VapidKeysError } from './vapid-keys';

const subject = 'mailto:admin@glucosuivi.fr';
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'glucosuivi-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('come from the environment when both halves are set (and nothing is written)', () => {
    const pair = webpush.generateVAPIDKeys();
    const dir = freshDir();
    const keys = loadVapidKeys({ ...pair, subject, dataDir: dir });
    expect(keys).toEqual({ ...pair, subject, source: 'env' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuse half a pair, a malformed key, or a subject that is neither mailto: nor https:', () => {
    const pair = webpush.generateVAPIDKeys();
    const dir = freshDir();
    expect(() => loadVapidKeys({ publicKey: pair.publicKey, subject, dataDir: dir })).toThrow(VapidKeysError);
    expect(() => loadVapidKeys({ publicKey: pair.publicKey, privateKey: 'abc', subject, dataDir: dir })).toThrow(VapidKeysError);
    expect(() => loadVapidKeys({ ...pair, subject: 'admin@glucosuivi.fr', dataDir: dir })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadVapidKeys({ ...pair, subject: 'http://glucosuivi.fr', dataDir: dir })).toThrow(/VAPID_SUBJECT/);
    expect(loadVapidKeys({ ...pair, subject: 'https://glucosuivi.fr/contact', dataDir: dir }).subject).toBe('https://glucosuivi.fr/contact');
  });

  it('are otherwise generated once into DATA_DIR/vapid.json (owner-only), then read back unchanged', () => {
    const dir = freshDir();
    const first = loadVapidKeys({ subject, dataDir: dir });
    expect(first.source).toBe('generated');
    expect(readdirSync(dir)).toEqual([VAPID_FILE]);
    expect(statSync(join(dir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    const again = loadVapidKeys({ subject, dataDir: dir });
    expect(again).toEqual({ ...first, source: 'file' });
    expect(JSON.parse(readFileSync(join(dir, VAPID_FILE), 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    // A usable pair: web-push signs with it.
    expect(() => webpush.getVapidHeaders('https://push.example', subject, first.publicKey, first.privateKey, 'aes128gcm')).not.toThrow();
  });

  it('servers starting together on one DATA_DIR all end up with the same pair', async () => {
    const dir = freshDir();
    const module = fileURLToPath(new URL('./vapid-keys.ts', import.meta.url));
    const script = `import { loadVapidKeys } from ${JSON.stringify(module)}; console.log(loadVapidKeys({ subject: 'mailto:a@b.fr', dataDir: ${JSON.stringify(dir)} }).publicKey);`;
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const outputs = await Promise.all(Array.from({ length: 4 }, run));
    const keys = new Set(outputs.map((o) => o.stdout.trim()));
    expect(keys.size).toBe(1);
    expect(readdirSync(dir)).toEqual([VAPID_FILE]);
    expect(JSON.parse(readFileSync(join(dir, VAPID_FILE), 'utf8')).publicKey).toBe([...keys][0]);
  }, 60_000);

  it('a damaged file stops the start with what to do, instead of silently replacing the pair', () => {
    const dir = freshDir();
    writeFileSync(join(dir, VAPID_FILE), '{"publicKey": "x"');
    expect(() => loadVapidKeys({ subject, dataDir: dir })).toThrow(/not valid JSON: fix or remove it/);
    writeFileSync(join(dir, VAPID_FILE), '{"publicKey": "x", "privateKey": "y"}');
    expect(() => loadVapidKeys({ subject, dataDir: dir })).toThrow(/not a VAPID key pair/);
  });
});
