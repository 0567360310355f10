import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { specialty, stubAdminApi } from '@/test/admin-fixtures';
import { SpecialtiesSection } from './SpecialtiesSection';

const MEDECIN = specialty({ id: 'medecin', name: 'Médecin', displayOrder: 1, professionals: 3 });
const INFIRMIER = specialty({ id: 'infirmier', name: 'Infirmier/Infirmière', nameEn: 'Nurse', nameEs: 'Enfermero/a', displayOrder: 3, professionals: 1 });

function renderSection() {
  render(
    <TestProviders>
      <MemoryRouter>
        <SpecialtiesSection />
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('specialties section', () => {
  it('lists the specialties with their translations, order and use', async () => {
    stubAdminApi({ 'GET /api/admin/specialties': () => Response.json({ items: [MEDECIN, INFIRMIER] }) });
    renderSection();
    const cards = await screen.findAllByTestId('specialty-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Médecin', 'Infirmier/Infirmière']);
    expect(cards[0]!.textContent).toContain('En anglaisNon traduite');
    expect(cards[1]!.textContent).toContain('En anglaisNurse');
    expect(cards[1]!.textContent).toContain('Professionnels1');
  });

  it('adds a specialty: fields checked with the server’s rules, then sent, the lists refreshed', async () => {
    let items = [MEDECIN, INFIRMIER];
    const sent = stubAdminApi({
      'GET /api/admin/specialties': () => Response.json({ items }),
      'POST /api/admin/specialties': (request) => {
        const body = request.body as { name: string; nameEn: string; nameEs: string; displayOrder: number };
        const created = specialty({ id: 'endocrinologue', ...body });
        items = [...items, created];
        return Response.json(created, { status: 201 });
      },
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une spécialité' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une spécialité' });
    // The next place in the list is offered.
    expect((within(dialog).getByLabelText('Ordre dans la liste') as HTMLInputElement).value).toBe('4');
    fireEvent.change(within(dialog).getByLabelText('Nom en français'), { target: { value: 'E' } });
    fireEvent.change(within(dialog).getByLabelText('Ordre dans la liste'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findAllByText("Indiquez un nom d'au moins 2 caractères.")).toHaveLength(3);
    expect(within(dialog).getByText('Indiquez un nombre entier entre 0 et 10 000.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Nom en français'), { target: { value: 'Endocrinologue' } });
    fireEvent.change(within(dialog).getByLabelText('Nom en anglais'), { target: { value: 'Endocrinologist' } });
    fireEvent.change(within(dialog).getByLabelText('Nom en espagnol'), { target: { value: 'Endocrinólogo' } });
    fireEvent.change(within(dialog).getByLabelText('Ordre dans la liste'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Endocrinologue', nameEn: 'Endocrinologist', nameEs: 'Endocrinólogo', displayOrder: 4 });
    expect(await screen.findByRole('heading', { name: 'Endocrinologue' })).toBeTruthy();
  });

  it('shows a taken name under the field, and switches a specialty off', async () => {
    const sent = stubAdminApi({
      'GET /api/admin/specialties': () => Response.json({ items: [MEDECIN] }),
      'PATCH /api/admin/specialties/medecin': (request) =>
        (request.body as { name?: string }).name
          ? Response.json({ error: { code: 'specialty_exists', message: 'Taken', issues: [{ path: ['name'], code: 'custom', message: 'specialtyExists' }] } }, { status: 409 })
          : Response.json({ ...MEDECIN, isActive: false }),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier la spécialité Médecin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la spécialité' });
    fireEvent.change(within(dialog).getByLabelText('Nom en français'), { target: { value: 'Diabétologue' } });
    fireEvent.change(within(dialog).getByLabelText('Nom en anglais'), { target: { value: 'Diabetologist' } });
    fireEvent.change(within(dialog).getByLabelText('Nom en espagnol'), { target: { value: 'Diabetólogo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Une spécialité porte déjà ce nom.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Désactiver la spécialité Médecin' }));
    expect(await screen.findByText("Médecin n'est plus proposée")).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { name: 'Diabétologue', nameEn: 'Diabetologist', nameEs: 'Diabetólogo', displayOrder: 1 },
      { isActive: false },
    ]);
  });
});
