import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './providers';
import { DISALLOWED_PREFIXES, INDEXABLE_PATHS } from '@glucosuivi/domain/shared/site-map';
import { PAGE_ROUTES, routes } from './routes';

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

  it('sends a visitor to /auth when the session endpoint answers 404', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
    const router = renderAt('/settings');
    expect(screen.getByText('Chargement...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('lets a patient in', async () => {
    const session = (userType: string) =>
      vi.fn(async () =>
        Response.json({ user: { id: '1', email: 'a@b.c', name: 'A', userType, role: null }, session: {} }),
      );
    vi.stubGlobal('fetch', session('patient'));
    renderAt('/profil');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeTruthy();
  });

  it('shows the 404 page for an unknown path and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('404'), '/nope');
    warn.mockRestore();
  });
});
