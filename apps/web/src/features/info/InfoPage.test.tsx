import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getI18n } from '@/lib/i18n';
import { TestProviders } from '@/test/TestProviders';
import { InfoPage } from './InfoPage';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the pricing pages', () => {
  for (const [lng, page, price] of [
    ['fr', 'pricing', '4,99 € TTC par mois ou 49,90 € TTC par an'],
    ['en', 'subscription', '€4.99 incl. VAT per month or €49.90 incl. VAT per year'],
    ['es', 'pricing', '4,99 € IVA incl. al mes o 49,90 € IVA incl. al año'],
  ] as const) {
    it(`shows premium's prices from the plans, VAT included, in ${lng}`, async () => {
      await getI18n().changeLanguage(lng);
      try {
        render(
          <TestProviders>
            <MemoryRouter>
              <InfoPage page={page} />
            </MemoryRouter>
          </TestProviders>,
        );
        expect(plain((await screen.findByTestId('plan-price-premium')).textContent)).toBe(price);
      } finally {
        await getI18n().changeLanguage('fr');
      }
    });
  }
});
