import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/messages-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { ReportsPage } from './ReportsPage';

describe('ReportsPage', () => {
  it('offers the PDF of the chosen period, the CSV and the FHIR R4 export as downloads', () => {
    render(
      <TestProviders>
        <MemoryRouter>
          <ReportsPage />
        </MemoryRouter>
      </TestProviders>,
    );
    const pdf = screen.getByRole('link', { name: 'Télécharger le rapport PDF' });
    expect(pdf.getAttribute('href')).toBe('/api/reports/glucose.pdf?days=14');
    fireEvent.click(screen.getByRole('radio', { name: '30 jours' }));
    expect(pdf.getAttribute('href')).toBe('/api/reports/glucose.pdf?days=30');
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe('/api/measurements/export.csv');
    const fhir = screen.getByRole('link', { name: 'Exporter en FHIR (JSON)' });
    expect(fhir.getAttribute('href')).toBe('/api/reports/fhir.json');
    expect(fhir.hasAttribute('download')).toBe(true);
    expect(screen.getByText(/format FHIR R4 \(JSON\)/).tagName).toBe('P');
  });

  describe('the PDF download', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });
    const renderPage = () =>
      render(
        <TestProviders>
          <MemoryRouter>
            <ReportsPage />
          </MemoryRouter>
        </TestProviders>,
      );

    it("fetches the PDF of the chosen period and hands it to the browser as the report's file", async () => {
      const calls = stubApi(({ path }) => (path === '/api/reports/glucose.pdf' ? new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' })) : undefined));
      const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
      const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        expect([this.href, this.download]).toEqual(['blob:report', 'glucosuivi-rapport.pdf']);
      });
      renderPage();
      fireEvent.click(screen.getByRole('radio', { name: '30 jours' }));
      fireEvent.click(screen.getByRole('link', { name: 'Télécharger le rapport PDF' }));
      await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
      expect(created).toHaveBeenCalledTimes(1);
      expect(calls.map((c) => `${c.path}?${c.search.toString()}`)).toEqual(['/api/reports/glucose.pdf?days=30']);
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('says a free plan has used its reports this month, with the link to the subscription page, and saves no file', async () => {
      stubApi(({ path }) =>
        path === '/api/reports/glucose.pdf'
          ? Response.json({ error: { code: 'premium_required', message: 'x', requestId: 'r', params: { entitlement: 'unlimited_pdf' } } }, { status: 402 })
          : undefined,
      );
      const created = vi.spyOn(URL, 'createObjectURL');
      renderPage();
      fireEvent.click(screen.getByRole('link', { name: 'Télécharger le rapport PDF' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Vous avez utilisé vos 3 rapports PDF gratuits de ce mois-ci.');
      expect(within(alert).getByRole('link', { name: "Voir l'offre Premium" }).getAttribute('href')).toBe('/abonnement');
      expect(created).not.toHaveBeenCalled();
    });
  });
});
