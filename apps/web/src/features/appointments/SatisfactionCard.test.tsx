import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Satisfaction } from '@glucosuivi/domain/appointments/appointments.schemas';
import { satisfaction } from '@/test/appointments-fixtures';
import { stubApi } from '@/test/messages-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { SatisfactionCard } from './SatisfactionCard';

function renderCard(figure: Satisfaction) {
  stubApi(({ path }) => (path === '/api/appointments/satisfaction' ? Response.json(figure) : undefined));
  render(
    <TestProviders>
      <SatisfactionCard />
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the satisfaction figure of the professional dashboard', () => {
  it('gives only the count below the threshold, and says why', async () => {
    renderCard(satisfaction({ count: 3 }));
    expect(await screen.findByTestId('satisfaction-few')).toBeTruthy();
    expect(screen.getByTestId('satisfaction-few').textContent).toBe("3 avis La moyenne s'affiche à partir de 5 avis, pour que personne ne puisse être reconnu.");
    expect(screen.queryByTestId('satisfaction-average')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the average, the distribution from 5 stars down and the latest comments', async () => {
    renderCard(satisfaction({ count: 6, average: 4.1666, distribution: [0, 1, 0, 2, 3], comments: ['Très à l’écoute', 'Ponctuelle'] }));
    const card = await screen.findByTestId('satisfaction-card');
    expect(within(card).getByRole('heading', { level: 2, name: 'Satisfaction des patients' })).toBeTruthy();
    expect((await within(card).findByTestId('satisfaction-average')).textContent).toBe('4,2 / 5');
    expect(within(card).getByText('6 avis')).toBeTruthy();
    expect(within(card).getByText('Rendez-vous des 90 derniers jours.')).toBeTruthy();
    const rows = within(within(card).getByRole('list', { name: 'Répartition des notes' })).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.sr-only')!.textContent)).toEqual(['5 étoiles : 3', '4 étoiles : 2', '3 étoiles : 0', '2 étoiles : 1', '1 étoile : 0']);
    expect(within(card).getByText('Très à l’écoute')).toBeTruthy();
    expect(within(card).getByText('Ponctuelle')).toBeTruthy();
  });
});
