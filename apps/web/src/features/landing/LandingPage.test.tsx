import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { LandingPage } from './LandingPage';

describe('LandingPage, the hero', () => {
  it('states what the product is (free, three languages, can be hosted in France), not "Installable en France"', () => {
    render(
      <TestProviders>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </TestProviders>,
    );
    const hero = screen.getByRole('heading', { level: 1 }).closest('section')!;
    expect(hero.textContent).toContain(
      'Gratuit · En français, anglais et espagnol · Hébergeable en France',
    );
    expect(hero.textContent).not.toContain('Installable');
  });
});
