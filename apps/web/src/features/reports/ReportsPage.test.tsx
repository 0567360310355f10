import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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
});
