import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { freePort } from './support/ports';
import { startServerProcess } from './support/server-process';

// Issue 13, "must show" 4: a server of its own (the journeys' shared one must not die), killed
// while a patient has a conversation open and their professional keeps writing. The browser
// reconnects after 1 s, 2 s, 5 s (SPEC §9), and the conversation then shows every message the
// server acknowledged, once each; the one written while it was down was never acknowledged.

/** The production server on a given port and data folder (PGlite, no demo); resolves when healthy. */
function startServer(port: number, dataDir: string, output: string[]): Promise<ChildProcess> {
  return startServerProcess(port, dataDir, output);
}

test('the browser reconnects after a server crash with the spec delays and shows every acknowledged message once', async ({ browser }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'glucosuivi-reconnect-'));
  const output: string[] = [];
  let server = await startServer(port, dataDir, output);
  const origin = { Origin: base };
  const context = await browser.newContext({ baseURL: base });
  const professional: APIRequestContext = await playwrightRequest.newContext({ baseURL: base });
  try {
    const page = await context.newPage();
    const signUp = (api: APIRequestContext, data: object) => api.post('/api/accounts/sign-up', { headers: origin, data: { password: PASSWORD, confirmPassword: PASSWORD, language: 'fr', ...data } });
    expect((await signUp(professional, { email: uniqueEmail('crash-pro'), firstName: 'Inès', lastName: 'Roux', role: 'doctor', medicalLicense: '10000000009' })).status()).toBe(201);
    const { inviteCode } = (await (await professional.get('/api/doctor/profile')).json()) as { inviteCode: string };
    expect((await signUp(page.request, { email: uniqueEmail('crash-patient'), firstName: 'Margaux', lastName: 'Crash', role: 'patient' })).status()).toBe(201);
    expect((await page.request.post('/api/care-team/invitations/professional', { headers: origin, data: { code: inviteCode, categories: ['glucose'] } })).status()).toBe(201);
    const { items } = (await (await professional.get('/api/messages/conversations')).json()) as { items: { linkId: string }[] };
    const linkId = items[0]!.linkId;
    const write = async (text: string) => (await professional.post(`/api/messages/conversations/${linkId}/messages`, { headers: origin, data: { text } })).status();

    // Every WebSocket the page opens, with its time: the reconnection attempts.
    const attempts: number[] = [];
    page.on('websocket', () => attempts.push(Date.now()));
    await page.goto('/messages');
    await page.getByRole('link', { name: /Inès Roux/ }).first().click();
    const conversation = page.getByRole('region', { name: 'Messages échangés avec Inès Roux' });
    await expect(conversation).toBeVisible({ timeout: 20_000 });
    expect(await write('Premier message, avant la panne.')).toBe(201);
    await expect(conversation.getByText('Premier message, avant la panne.')).toHaveCount(1, { timeout: 5_000 });

    // The server dies without a word; a message written meanwhile is refused, never acknowledged.
    const before = attempts.length;
    server.kill('SIGKILL');
    const killedAt = Date.now();
    await expect(professional.post(`/api/messages/conversations/${linkId}/messages`, { headers: origin, data: { text: 'Jamais reçu.' } })).rejects.toThrow();
    // Down long enough for the attempts at about 1 s and 2 s + 1 s (3.6 s at the most with jitter) to fail.
    await new Promise((r) => setTimeout(r, 4_500));
    server = await startServer(port, dataDir, output);
    // Written at once, possibly before the browser is back: only the catch-up can show it.
    expect(await write('Deuxième message, juste après le redémarrage.')).toBe(201);
    expect(await write('Troisième message.')).toBe(201);

    for (const text of ['Premier message, avant la panne.', 'Deuxième message, juste après le redémarrage.', 'Troisième message.']) {
      await expect(conversation.getByText(text), text).toHaveCount(1, { timeout: 15_000 });
    }
    await expect(conversation.getByText('Jamais reçu.')).toHaveCount(0);
    // After the crash: a first attempt about 1 s later, the next about 2 s after it, each within
    // the ±20 % jitter that keeps tabs from reconnecting in lockstep (0.8–1.2 s, 1.6–2.4 s; the
    // lower bounds less 100 ms of timer slack, the upper ones with room for a loaded machine).
    const retries = attempts.slice(before).map((at, i, all) => at - (i === 0 ? killedAt : all[i - 1]!));
    expect(retries.length, JSON.stringify(retries)).toBeGreaterThanOrEqual(2);
    expect(retries[0]).toBeGreaterThanOrEqual(700);
    expect(retries[0]).toBeLessThan(2_500);
    expect(retries[1]).toBeGreaterThanOrEqual(1_500);
    expect(retries[1]).toBeLessThan(3_500);
  } finally {
    await professional.dispose();
    await context.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
