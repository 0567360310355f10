import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Uploader } from '@glucosuivi/domain/nightscout/nightscout.schemas';
import { stubApi } from '@/test/messages-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { UploadersSection, xdripUrl } from './UploadersSection';

const uploader = (id: string, overrides: Partial<Uploader> = {}): Uploader => ({
  id,
  name: 'xDrip+ Pixel 7',
  createdAt: '2026-03-01T08:00:00.000Z',
  lastUsedAt: null,
  lastUploadAt: null,
  rotatedAt: null,
  revokedAt: null,
  device: null,
  batteryPercent: null,
  statusAt: null,
  readingsLast24h: 0,
  ...overrides,
});
const ID1 = '00000000-0000-4000-8000-000000000001';
const ID2 = '00000000-0000-4000-8000-000000000002';
const SECRET = 'sRbJ1pQ2x7a9Vd3kLm0Nq4Tz8Wc5Ye6Hf1Gi2Jk3Lo';

function renderSection(list: Uploader[]) {
  let current = list;
  const calls = stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/nightscout/uploaders') return Response.json({ uploaders: current });
    if (call.method === 'POST' && call.path === '/api/nightscout/uploaders') {
      const created = uploader(ID2, { name: (call.body as { name: string }).name });
      current = [created, ...current];
      return Response.json({ uploader: created, secret: SECRET }, { status: 201 });
    }
    if (call.method === 'DELETE' && call.path === `/api/nightscout/uploaders/${ID1}`) {
      current = current.map((u) => (u.id === ID1 ? { ...u, revokedAt: '2026-03-02T08:00:00.000Z' } : u));
      return Response.json(current.find((u) => u.id === ID1));
    }
    return undefined;
  });
  render(
    <TestProviders>
      <UploadersSection timeZone="Europe/Paris" />
    </TestProviders>,
  );
  return calls;
}

describe('UploadersSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists what each uploader last sent, in the patient zone and language', async () => {
    renderSection([uploader(ID1, { lastUploadAt: '2026-03-01T09:05:00.000Z', readingsLast24h: 287, batteryPercent: 64, device: 'xDrip-DexcomG6' })]);
    const item = await screen.findByTestId('uploader');
    expect(within(item).getByText('xDrip+ Pixel 7')).toBeTruthy();
    expect(within(item).getByText('287')).toBeTruthy();
    expect(within(item).getByText('64 %')).toBeTruthy();
    expect(within(item).getByText('xDrip-DexcomG6')).toBeTruthy();
    // 09:05 UTC is 10:05 in Paris in March.
    expect(within(item).getByText(/10:05/)).toBeTruthy();
  });

  it('refuses an empty name without calling the server, then shows the new secret once', async () => {
    const calls = renderSection([]);
    expect(await screen.findByText("Aucun appareil n'envoie encore vos glycémies.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Créer un secret' }));
    expect(await screen.findByText("Indiquez le nom de l'appareil.")).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Nom de l'appareil/), { target: { value: 'Loop iPhone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer un secret' }));
    const shown = await screen.findByTestId('uploader-secret');
    expect(within(shown).getByRole('heading').textContent).toBe('Secret de « Loop iPhone »');
    expect(within(shown).getByDisplayValue(SECRET)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: "J'ai copié le secret" }));
    await waitFor(() => expect(screen.queryByTestId('uploader-secret')).toBeNull());
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(await screen.findByText('Loop iPhone')).toBeTruthy();
  });

  it('revokes only after a confirmation naming the device', async () => {
    const calls = renderSection([uploader(ID1)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Révoquer « xDrip+ Pixel 7 »' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('group', { name: /^Révoquer « xDrip\+ Pixel 7 » \?/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Révoquer l'appareil" }));
    expect(await screen.findByText('Révoqué')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/nightscout/uploaders/${ID1}`]);
    expect(screen.queryByRole('button', { name: /^Nouveau secret/ })).toBeNull();
  });

  it("puts the secret in xDrip+'s base URL form", () => {
    expect(xdripUrl('https://glucosuivi.example:8443', SECRET)).toBe(`https://${SECRET}@glucosuivi.example:8443/api/v1/`);
  });
});
