import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { account, specialty, stubAdminApi, twoFactorRequired } from '@/test/admin-fixtures';
import { AdminPage } from './AdminPage';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin" element={<AdminPage tickets={<p>Boîte de réception du support</p>} />} />
          <Route path="/doctor" element={<p>Accueil professionnel</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/admin', () => {
  it('opens on the accounts, keeps the section in the URL and marks the current one', async () => {
    stubAdminApi({
      'GET /api/admin/accounts': () => Response.json({ items: [account({ id: 'u1', name: 'Camille Dupont', email: 'camille@example.test' })], total: 1, page: 1, pageSize: 50 }),
      'GET /api/admin/specialties': () => Response.json({ items: [specialty({ id: 'medecin', name: 'Médecin' })] }),
    });
    renderAt('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: "Sections de l'administration" });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Comptes',
      'Vérification des professionnels',
      'Spécialités',
      'Support',
      'Forum',
      "Journal d'audit",
      'Chiffres de la plateforme',
      'Tâches en échec',
    ]);
    expect(within(nav).getByRole('link', { name: 'Comptes' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Comptes' })).toBeTruthy();
    expect(document.title).toBe('Comptes · Administration · GlucoSuivi');

    fireEvent.click(within(nav).getByRole('link', { name: 'Spécialités' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin?section=specialties');
    expect(await screen.findByRole('heading', { level: 3, name: 'Médecin' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Spécialités' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Comptes' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the slot the app composes in as the support section', () => {
    stubAdminApi({});
    renderAt('/admin?section=support');
    expect(screen.getByRole('heading', { level: 2, name: 'Support' })).toBeTruthy();
    expect(screen.getByText('Boîte de réception du support')).toBeTruthy();
  });

  it('tells an administrator without a second factor why, with a link to turn it on', async () => {
    stubAdminApi({ 'GET /api/admin/accounts': twoFactorRequired });
    renderAt('/admin?section=accounts');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Connexion en deux étapes requise');
    expect(within(alert).getByRole('link', { name: 'Activer la connexion en deux étapes' }).getAttribute('href')).toBe('/doctor-settings#two-factor');
  });

  it('sends a professional who opens /admin to their own home', async () => {
    stubAdminApi({
      'GET /api/auth/get-session': () =>
        Response.json({
          user: { id: 'd1', email: 'd@example.test', name: 'Claire', firstName: 'Claire', lastName: 'Bernard', userType: 'doctor', role: null, twoFactorEnabled: true, language: 'fr', speciality: null },
          session: { id: 's', expiresAt: '2026-12-01T00:00:00.000Z' },
        }),
    });
    renderAt('/admin');
    expect(await screen.findByText('Accueil professionnel')).toBeTruthy();
  });
});
