import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { BASE, ORIGIN, apiSignUp, uniqueEmail } from './support/accounts';

// Issue 10 item 6: a page served from another port of the same host (same site, so the browser
// sends the victim's session cookie) submitted a text/plain form and a no-cors fetch that revoked
// the victim's invitation. The server must refuse both, and the state must not change.

let attacker: Server;
let attackerUrl = '';

function attackerPage(revokeUrl: string, signOutUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Prize</title></head><body>
<form id="forged" method="POST" enctype="text/plain" action="${revokeUrl}">
  <input type="hidden" name='{"ignored":"' value='"}'>
  <button type="submit">Claim your prize</button>
</form>
<script>
  window.fireNoCors = async () => {
    const sent = [];
    for (const url of ['${revokeUrl}', '${signOutUrl}']) {
      // The server's Cross-Origin-Resource-Policy may hide the answer: the request left all the same.
      sent.push(await fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{}' })
        .then(() => 'answered', () => 'answer hidden'));
    }
    return sent;
  };
</script></body></html>`;
}

test.beforeAll(async () => {
  attacker = createServer((request, response) => {
    const { revoke = '', signOut = '' } = Object.fromEntries(
      new URL(request.url ?? '/', 'http://x').searchParams,
    );
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(attackerPage(revoke, signOut));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
});
test.afterAll(async () => new Promise<void>((resolve) => attacker.close(() => resolve())));

test('a page on another port of the same host cannot revoke an invitation or sign the victim out', async ({
  page,
}) => {
  const signedUp = await apiSignUp(page.request, { email: uniqueEmail('csrf-victim') });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const sent = await page.request.post('/api/care-team/invitations/professional', {
    headers: ORIGIN,
    data: { email: uniqueEmail('csrf-pro'), categories: ['glucose'] },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const invitationId = ((await sent.json()) as { invitation: { id: string } }).invitation.id;
  const invitationStatus = async () =>
    (
      (await (await page.request.get('/api/care-team/invitations')).json()) as {
        items: { id: string; status: string }[];
      }
    ).items.find((i) => i.id === invitationId)?.status;

  const revokeUrl = `${BASE}/api/care-team/invitations/${invitationId}/revoke`;
  const query = new URLSearchParams({
    revoke: revokeUrl,
    signOut: `${BASE}/api/accounts/sign-out`,
  });
  await page.goto(`${attackerUrl}?${query}`);
  expect(new URL(page.url()).origin).not.toBe(new URL(BASE).origin);

  expect(
    await page.evaluate(() =>
      (window as unknown as { fireNoCors: () => Promise<string[]> }).fireNoCors(),
    ),
  ).toHaveLength(2);

  // The form navigates to the API's answer: the refusal in the app's error format.
  await page.getByRole('button', { name: 'Claim your prize' }).click();
  await page.waitForURL(revokeUrl);
  await expect(page.locator('body')).toContainText('"code":"cross_site_request"');

  // Still signed in, invitation still pending.
  expect((await page.request.get('/api/settings')).status()).toBe(200);
  expect(await invitationStatus()).toBe('pending');
});
