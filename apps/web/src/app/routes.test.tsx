import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './providers';
import { APP_ROUTE_PATTERNS, DISALLOWED_PREFIXES, INDEXABLE_PATHS } from '@glucosuivi/domain/shared/site-map';
import { PAGE_ROUTES, UPCOMING_FEATURES, isBuilt, menuFor, routes } from './routes';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('route table', () => {
  it('declares every path once', () => {
    const paths = PAGE_ROUTES.flatMap((r) => r.paths);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['/profil', '/profile', '/community-forum', '/admin', '/weekly-report']));
  });

  it('lists every public page in the sitemap and keeps every personal space out of robots.txt', () => {
    const publicCanonical = PAGE_ROUTES.filter((r) => r.area === 'public').map((r) => r.paths[0]);
    expect(INDEXABLE_PATHS).toEqual(expect.arrayContaining(publicCanonical));
    const personal = PAGE_ROUTES.filter((r) => r.area !== 'public').flatMap((r) => r.paths);
    for (const path of personal) expect(DISALLOWED_PREFIXES.some((prefix) => path.startsWith(prefix))).toBe(true);
  });

  it("agrees with the domain's list of app paths, which decides the server's 404", () => {
    const declared = (list: typeof routes): string[] =>
      list.flatMap((route) => [...(route.path ? [route.path] : []), ...(route.index ? ['/'] : []), ...declared(route.children ?? [])]);
    const paths = declared(routes).filter((path) => path !== '*');
    expect([...new Set(paths)].sort()).toEqual([...APP_ROUTE_PATTERNS].sort());
  });

  it('builds each menu from the table: built pages only (and the home), placeholders left out', () => {
    const patient = menuFor('patient').map((item) => item.to);
    expect(patient).toEqual(['/patient-dashboard', '/new-measurement', '/reports', '/weekly-report', '/profil', '/notifications', '/messages', '/appointments', '/reminders', '/cgm-connection', '/abonnement', '/community', '/support', '/settings']);
    // Counts beside a label: open alerts and unread notifications on Notifications, unread messages on Messages.
    expect(menuFor('patient').filter((item) => item.count).map((item) => [item.to, item.count])).toEqual([
      ['/notifications', 'unreadNotifications'],
      ['/messages', 'unreadMessages'],
    ]);
    expect(menuFor('professional').map((item) => item.to)).toEqual(['/doctor', '/doctor-notifications', '/patient-invitations', '/doctor-appointments', '/doctor-profile', '/doctor-resources', '/department-tracking', '/doctor-support', '/doctor-settings']);
    // A professional's centre counts only what was delivered to them (they have no alerts of their own).
    expect(menuFor('professional').filter((item) => item.count).map((item) => [item.to, item.count])).toEqual([['/doctor-notifications', 'unreadDelivered']]);
    expect(menuFor('admin').map((item) => item.to)).toEqual(['/admin', '/doctor-settings']);
    for (const role of ['patient', 'professional', 'admin'] as const) {
      for (const item of menuFor(role).slice(1)) expect(isBuilt(PAGE_ROUTES.find((r) => r.paths[0] === item.to)!.page), item.to).toBe(true);
    }
    // The landing's cards for pages not built yet say "bientôt": every feature is built now.
    expect([...UPCOMING_FEATURES]).toEqual([]);
  });

  it('sends a visitor to /auth when the session endpoint answers 404', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
    const router = renderAt('/settings');
    expect(screen.getByText('Chargement...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' }, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('lets a patient in', async () => {
    const session = (userType: string) =>
      vi.fn(async () =>
        Response.json({ user: { id: '1', email: 'a@b.c', name: 'A', userType, role: null }, session: {} }),
      );
    vi.stubGlobal('fetch', session('patient'));
    renderAt('/profil');
    // The page is lazily loaded after the role check: more than the default second on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' }, { timeout: 5_000 })).toBeTruthy();
  });

  const sessionOf = (userType: string, role: string | null = null) =>
    Response.json({ user: { id: '1', email: 'a@b.c', name: 'A', userType, role }, session: {} });

  it("shows 'Vérification des permissions...' while the patient guard asks again for a session known from before", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (!String(input).includes('/api/auth/get-session')) return new Response('', { status: 404 });
        calls++;
        // The first answer (on a public page) comes at once; the guard's own check on entry waits.
        if (calls > 1) await held;
        return sessionOf('patient');
      }),
    );
    const router = renderAt('/privacy-policy');
    await vi.waitFor(() => expect(calls).toBe(1));
    expect(await screen.findByRole('button', { name: 'Se déconnecter' }, { timeout: 5_000 })).toBeTruthy();
    await router.navigate('/settings');
    expect(await screen.findByText('Vérification des permissions...')).toBeTruthy();
    // The guard's new check starts in an effect after the render that shows the message.
    await vi.waitFor(() => expect(calls).toBe(2));
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' }, { timeout: 5_000 })).toBeTruthy();
  });

  it('asks for the session once on a fresh load of a patient page, and fetches the page meanwhile', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        asked.push(String(input));
        return String(input).includes('/api/auth/get-session') ? sessionOf('patient') : new Response('', { status: 404 });
      }),
    );
    renderAt('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' }, { timeout: 5_000 })).toBeTruthy();
    expect(asked.filter((url) => url.includes('/api/auth/get-session'))).toHaveLength(1);
  });

  it('sends a signed-in user from / to their own space', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => sessionOf('doctor')));
    const router = renderAt('/');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/doctor'), { timeout: 5_000 });
  });

  it('sends an administrator from /doctor to the admin home', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => sessionOf('admin', 'admin')));
    const router = renderAt('/doctor');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin'), { timeout: 5_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' }, { timeout: 5_000 })).toBeTruthy();
  });

  it('shows the 404 page for an unknown path and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
    // The page logs from an effect, which React runs after the paint that made the heading
    // findable: under load the heading can be seen before the log is written.
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('404'), '/nope'));
    warn.mockRestore();
  });
});
