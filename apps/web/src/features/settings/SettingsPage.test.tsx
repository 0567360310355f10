import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders as Providers } from '@/test/TestProviders';
import { SettingsPage } from './SettingsPage';

const push = vi.hoisted(() => ({
  enablePushOnThisBrowser: vi.fn(async () => true),
  disablePushOnThisBrowser: vi.fn(async () => undefined),
  requestTestNotification: vi.fn(async () => ({ sent: 1, removed: 0 })),
}));
vi.mock('@/lib/push/web-push', () => push);

const SETTINGS = {
  notificationsPush: true,
  emailAlerts: false,
  biometricAuth: false,
  twoFactorAuth: false,
  dataSharing: false,
  locationAccess: false,
  dataSync: true,
  autoBackup: true,
  darkMode: false,
  autoThemeEnabled: false,
  language: 'fr',
  glucoseUnit: 'mg/dl',
  timezone: 'Europe/Paris',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const USER = {
  id: 'u1',
  email: 'camille@example.test',
  name: 'Camille',
  firstName: 'Camille',
  lastName: null,
  userType: 'patient',
  role: null,
  twoFactorEnabled: false,
  language: 'fr',
};

function stubApi(patch: (body: Record<string, unknown>) => Promise<Response> | Response, session: unknown = { user: USER, session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' } }) {
  const calls: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/api/auth/get-session')) return Response.json(session);
      if (url.includes('/api/accounts/sessions')) return Response.json([]);
      if (url.includes('/api/settings') && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        calls.push(body);
        return patch(body);
      }
      if (url.includes('/api/settings')) return Response.json(SETTINGS);
      return new Response('', { status: 404 });
    }),
  );
  return calls;
}

function renderSettings() {
  render(
    <Providers>
      <MemoryRouter initialEntries={['/settings']}>
        <SettingsPage />
      </MemoryRouter>
    </Providers>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The browser's answer to Notification.requestPermission(). */
function stubPermission(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', Object.assign(function Notification() {}, { requestPermission, permission: 'default' }));
  return requestPermission;
}

describe('SettingsPage', () => {
  it('applies a toggle at once, sends only that field and confirms', async () => {
    const calls = stubApi((body) => Response.json({ ...SETTINGS, ...body, updatedAt: '2025-01-02T00:00:00.000Z' }));
    renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Alertes par e-mail' });
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(await screen.findByText('Paramètre mis à jour')).toBeTruthy();
    expect(calls).toEqual([{ emailAlerts: true }]);
  });

  it('reverts the toggle and says so when saving fails', async () => {
    let fail!: (response: Response) => void;
    stubApi(() => new Promise<Response>((resolve) => (fail = resolve)));
    renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Sauvegarde automatique' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    // Optimistic: off before the server answers.
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    fail(new Response('', { status: 500 }));
    expect(await screen.findByText('Erreur – Impossible de sauvegarder le paramètre')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Sauvegarde automatique' }).getAttribute('aria-checked')).toBe('true');
  });

  it('an unexpected failure has its own message', async () => {
    stubApi(() => Promise.reject(new TypeError('boom')));
    renderSettings();
    fireEvent.click(await screen.findByRole('switch', { name: 'Mode sombre' }));
    // A network failure is still an ApiError ('network'): the save-failed message.
    expect(await screen.findByText('Erreur – Impossible de sauvegarder le paramètre')).toBeTruthy();
  });

  it('without a session, says that one must be signed in', async () => {
    stubApi(() => new Response('', { status: 500 }), null);
    renderSettings();
    expect(await screen.findByText('Vous devez être connecté pour modifier les paramètres')).toBeTruthy();
  });

  describe('push notifications (spec §4, §8)', () => {
    const settingsOff = { ...SETTINGS, notificationsPush: false };
    function stubPushApi() {
      const calls = stubApi((body) => Response.json({ ...settingsOff, ...body, updatedAt: '2025-01-02T00:00:00.000Z' }));
      const fetchMock = fetch as unknown as ReturnType<typeof vi.fn<typeof fetch>>;
      const original = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/api/settings') && init?.method !== 'PATCH' ? Response.json(settingsOff) : original(input, init),
      );
      return calls;
    }

    it('granted: this browser is registered, the setting saved, then the test notification requested', async () => {
      const calls = stubPushApi();
      stubPermission('granted');
      renderSettings();
      const toggle = await screen.findByRole('switch', { name: 'Notifications push' });
      expect(toggle.getAttribute('aria-checked')).toBe('false');
      fireEvent.click(toggle);
      await waitFor(() => expect(push.requestTestNotification).toHaveBeenCalledTimes(1));
      expect(push.enablePushOnThisBrowser).toHaveBeenCalledTimes(1);
      expect(push.enablePushOnThisBrowser.mock.invocationCallOrder[0]).toBeLessThan(push.requestTestNotification.mock.invocationCallOrder[0]!);
      expect(calls).toEqual([{ notificationsPush: true }]);
      await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    });

    it('granted but this browser cannot be registered: saved anyway, and the page says so', async () => {
      const calls = stubPushApi();
      stubPermission('granted');
      push.enablePushOnThisBrowser.mockResolvedValueOnce(false);
      renderSettings();
      fireEvent.click(await screen.findByRole('switch', { name: 'Notifications push' }));
      expect(await screen.findByText("Ce navigateur n'a pas pu être inscrit")).toBeTruthy();
      expect(screen.getByText(/ce navigateur n'a pas pu s'inscrire auprès de son service de notifications/)).toBeTruthy();
      expect(calls).toEqual([{ notificationsPush: true }]);
      expect(push.requestTestNotification).not.toHaveBeenCalled();
    });

    it("denied: 'Notifications bloquées' with how to re-enable them; nothing saved, nothing registered", async () => {
      const calls = stubPushApi();
      stubPermission('denied');
      renderSettings();
      const toggle = await screen.findByRole('switch', { name: 'Notifications push' });
      fireEvent.click(toggle);
      expect(await screen.findByText('Notifications bloquées')).toBeTruthy();
      expect(screen.getByText(/autorisez-les dans les paramètres du site de votre navigateur/)).toBeTruthy();
      expect(toggle.getAttribute('aria-checked')).toBe('false');
      expect(calls).toEqual([]);
      expect(push.enablePushOnThisBrowser).not.toHaveBeenCalled();
    });

    it('turning push off unsubscribes this browser and saves false', async () => {
      const calls = stubApi((body) => Response.json({ ...SETTINGS, ...body, updatedAt: '2025-01-02T00:00:00.000Z' }));
      const requestPermission = stubPermission('granted');
      renderSettings();
      const toggle = await screen.findByRole('switch', { name: 'Notifications push' });
      expect(toggle.getAttribute('aria-checked')).toBe('true');
      fireEvent.click(toggle);
      await waitFor(() => expect(push.disablePushOnThisBrowser).toHaveBeenCalledTimes(1));
      expect(calls).toEqual([{ notificationsPush: false }]);
      expect(requestPermission).not.toHaveBeenCalled();
    });
  });
});
