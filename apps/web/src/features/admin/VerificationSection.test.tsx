import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { professional, stubAdminApi } from '@/test/admin-fixtures';
import { VerificationSection } from './VerificationSection';

const LUCAS = professional({ id: 'd1', name: 'Lucas Petit' });
const NINA = professional({ id: 'd2', name: 'Nina Faute', medicalLicense: '10000000008', licenseValid: false, speciality: null, specialityName: null });

function renderSection() {
  render(
    <TestProviders>
      <MemoryRouter>
        <VerificationSection />
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('professional verification section', () => {
  it('queues professionals with their RPPS number and whether its check digit is valid', async () => {
    const sent = stubAdminApi({ 'GET /api/admin/professionals': () => Response.json({ items: [LUCAS, NINA], total: 2, page: 1, pageSize: 50 }) });
    renderSection();
    const cards = await screen.findAllByTestId('professional-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Lucas Petit', 'Nina Faute']);
    expect(cards[0]!.textContent).toContain('10000000009clé de contrôle valide');
    expect(cards[0]!.textContent).toContain('Infirmier/Infirmière');
    expect(cards[1]!.textContent).toContain('10000000008clé de contrôle invalide');
    expect(cards[1]!.textContent).toContain('Non renseignée');
    // The speciality names come in the page's language.
    expect(sent.find((r) => r.path === '/api/admin/professionals')?.query.toString()).toBe('status=pending&lang=fr&page=1');

    fireEvent.change(screen.getByLabelText('Afficher'), { target: { value: 'rejected' } });
    await waitFor(() => expect(sent.some((r) => r.query.get('status') === 'rejected')).toBe(true));
  });

  it('verifies, and refuses with a reason checked before sending', async () => {
    let items = [LUCAS, NINA];
    const sent = stubAdminApi({
      'GET /api/admin/professionals': () => Response.json({ items, total: items.length, page: 1, pageSize: 50 }),
      'POST /api/admin/professionals/d1/verify': () => {
        items = [NINA];
        return Response.json({ ...LUCAS, status: 'verified', verifiedAt: '2026-11-02T09:00:00.000Z' });
      },
      'POST /api/admin/professionals/d2/reject': (request) => Response.json({ ...NINA, status: 'rejected', rejectionReason: (request.body as { reason: string }).reason }),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Marquer Lucas Petit vérifié' }));
    expect(await screen.findByText('Lucas Petit est maintenant vérifié')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('professional-card')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Refuser le numéro de Nina Faute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser le numéro RPPS de Nina Faute' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser le numéro' }));
    expect(await within(dialog).findByText("Indiquez un motif d'au moins 3 caractères.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Motif'), { target: { value: 'Numéro introuvable dans l’annuaire' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser le numéro' }));
    expect(await screen.findByText('Numéro de Nina Faute refusé')).toBeTruthy();
    expect(sent.find((r) => r.path === '/api/admin/professionals/d2/reject')?.body).toEqual({ reason: 'Numéro introuvable dans l’annuaire' });
  });
});
