import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { account, stubAdminApi, type SentRequest } from '@/test/admin-fixtures';
import { AccountsSection } from './AccountsSection';

const CAMILLE = account({ id: 'u1', name: 'Camille Dupont', email: 'camille@example.test', lastSignInAt: '2026-11-01T08:30:00.000Z', emailVerified: true });
const CLAIRE = account({ id: 'u2', name: 'Claire Bernard', email: 'claire@example.test', type: 'doctor', verification: 'pending', secondFactor: true });
const LOCKED = account({ id: 'u3', name: 'Hugo Roux', email: 'hugo@example.test', status: 'locked', lockedAt: '2026-11-01T09:00:00.000Z', lockReason: 'Usurpation signalée' });
const LEAVING = account({ id: 'u4', name: 'Zoé Martin', email: 'zoe@example.test', status: 'pending_deletion', eraseAfter: '2026-11-19T08:00:00.000Z' });
const SELF = account({ id: 'admin-1', name: 'Admin GlucoSuivi', email: 'admin@glucosuivi.fr', type: 'admin', secondFactor: true });

function renderSection() {
  render(
    <TestProviders>
      <MemoryRouter>
        <AccountsSection />
      </MemoryRouter>
    </TestProviders>,
  );
}

const listRequests = (sent: SentRequest[]) => sent.filter((r) => r.path === '/api/admin/accounts').map((r) => r.query.toString());

afterEach(() => vi.unstubAllGlobals());

describe('accounts section', () => {
  it('shows each account with its type, status, dates and security, as a table and as cards', async () => {
    stubAdminApi({ 'GET /api/admin/accounts': () => Response.json({ items: [CAMILLE, CLAIRE, LOCKED, LEAVING], total: 4, page: 1, pageSize: 50 }) });
    renderSection();
    const table = await screen.findByTestId('accounts-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Camille Dupontcamille@example.test',
      'Claire Bernardclaire@example.test',
      'Hugo Rouxhugo@example.test',
      'Zoé Martinzoe@example.test',
    ]);
    expect(rows[0]!.textContent).toContain('E-mail vérifié');
    expect(rows[0]!.querySelector('time[datetime="2026-11-01T08:30:00.000Z"]')).not.toBeNull();
    expect(rows[1]!.textContent).toContain('Professionnel · À vérifier');
    expect(rows[1]!.textContent).toContain('Deux étapes activées');
    expect(rows[1]!.textContent).toContain('Jamais');
    expect(rows[2]!.textContent).toContain('VerrouilléMotif : Usurpation signalée');
    expect(within(rows[2]!).getByRole('button', { name: 'Déverrouiller le compte de Hugo Roux' })).toBeTruthy();
    expect(rows[3]!.textContent).toMatch(/Suppression demandéeEffacement le 19 nov\. 2026/);
    expect(screen.getByText('4 comptes')).toBeTruthy();
    // The same accounts as cards for a phone.
    expect(within(screen.getByTestId('accounts-cards')).getAllByTestId('account-card')).toHaveLength(4);
  });

  it('searches by name or e-mail and filters by type and status, from page 1', async () => {
    const sent = stubAdminApi({ 'GET /api/admin/accounts': () => Response.json({ items: [CAMILLE], total: 120, page: 1, pageSize: 50 }) });
    renderSection();
    await screen.findByTestId('accounts-table');
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(listRequests(sent)).toContain('page=2'));
    fireEvent.change(screen.getByLabelText('Nom ou adresse e-mail'), { target: { value: '  dupont ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(listRequests(sent)).toContain('q=dupont&page=1'));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'doctor' } });
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'locked' } });
    await waitFor(() => expect(listRequests(sent)).toContain('q=dupont&type=doctor&status=locked&page=1'));
  });

  it('locks with a reason checked before sending, then unlocks and sends a reset link', async () => {
    let items = [CAMILLE, SELF];
    const sent = stubAdminApi({
      'GET /api/admin/accounts': () => Response.json({ items, total: items.length, page: 1, pageSize: 50 }),
      'POST /api/admin/accounts/u1/lock': (request) => {
        items = [{ ...CAMILLE, status: 'locked', lockReason: (request.body as { reason: string }).reason }, SELF];
        return Response.json(items[0]);
      },
      'POST /api/admin/accounts/u1/unlock': () => {
        items = [CAMILLE, SELF];
        return Response.json(CAMILLE);
      },
      'POST /api/admin/accounts/u1/password-reset': () => Response.json({ ok: true }),
    });
    renderSection();
    const table = await screen.findByTestId('accounts-table');
    // No lock button on one's own account.
    const selfRow = within(table).getAllByRole('row').find((row) => row.textContent?.includes('admin@glucosuivi.fr'))!;
    await waitFor(() => expect(within(selfRow).queryByRole('button', { name: /Verrouiller/ })).toBeNull());
    expect(within(selfRow).getByRole('button', { name: /Envoyer/ })).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Verrouiller le compte de Camille Dupont' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verrouiller le compte de Camille Dupont' });
    fireEvent.change(within(dialog).getByLabelText('Motif'), { target: { value: 'ok' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verrouiller le compte' }));
    expect(await within(dialog).findByText("Indiquez un motif d'au moins 3 caractères.")).toBeTruthy();
    expect(within(dialog).getByLabelText('Motif').getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Motif'), { target: { value: '  Usurpation signalée par le titulaire ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verrouiller le compte' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((r) => r.path === '/api/admin/accounts/u1/lock')?.body).toEqual({ reason: 'Usurpation signalée par le titulaire' });
    expect(await screen.findByText('Compte de Camille Dupont verrouillé')).toBeTruthy();

    fireEvent.click(await within(table).findByRole('button', { name: 'Déverrouiller le compte de Camille Dupont' }));
    expect(await screen.findByText('Compte de Camille Dupont déverrouillé')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Envoyer à Camille Dupont un lien de réinitialisation du mot de passe' }));
    expect(await screen.findByText('Lien de réinitialisation envoyé à camille@example.test')).toBeTruthy();
  });

  it('says the server’s refusal in the lock dialog (the last administrator)', async () => {
    stubAdminApi({
      'GET /api/admin/accounts': () => Response.json({ items: [CAMILLE], total: 1, page: 1, pageSize: 50 }),
      'POST /api/admin/accounts/u1/lock': () => Response.json({ error: { code: 'last_admin', message: 'Last admin' } }, { status: 409 }),
    });
    renderSection();
    const table = await screen.findByTestId('accounts-table');
    fireEvent.click(within(table).getByRole('button', { name: 'Verrouiller le compte de Camille Dupont' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Motif'), { target: { value: 'Départ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verrouiller le compte' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("C'est le dernier compte administrateur actif : il ne peut pas être verrouillé.");
  });
});
