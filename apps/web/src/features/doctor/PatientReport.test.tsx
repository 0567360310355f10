import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { PatientReport } from './PatientReport';

function renderReport(shared: boolean) {
  render(
    <TestProviders>
      <PatientReport patientId="patient-1" shared={shared} />
    </TestProviders>,
  );
  return screen.getByRole('region', { name: 'Rapport PDF' });
}

afterEach(() => vi.unstubAllGlobals());

describe("the professional's patient page, PDF report", () => {
  it('links the chosen period’s report of a patient who shares reports', () => {
    const region = renderReport(true);
    const link = within(region).getByRole('link', { name: 'Télécharger le rapport PDF' });
    expect(link.getAttribute('href')).toBe('/api/doctor/patients/patient-1/report.pdf?days=14');
    fireEvent.click(within(region).getByRole('radio', { name: '90 jours' }));
    expect(link.getAttribute('href')).toBe('/api/doctor/patients/patient-1/report.pdf?days=90');
  });

  it('says a refusal on the page instead of saving it as a file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'not_found', message: 'Not found', requestId: 'r' } }, { status: 404 })),
    );
    const region = renderReport(true);
    fireEvent.click(within(region).getByRole('link', { name: 'Télécharger le rapport PDF' }));
    await waitFor(() => expect(within(region).getByRole('alert').textContent).not.toBe(''));
  });

  it('offers no download for a patient who does not share reports', () => {
    const region = renderReport(false);
    expect(within(region).queryByRole('link')).toBeNull();
    expect(within(region).getByTestId('patient-report-not-shared')).toBeTruthy();
  });
});
