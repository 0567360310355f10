import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '@glucosuivi/domain/alerts/alert-settings.schemas';
import { stubApi } from '@/test/messages-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { LiveAlertSettings } from './LiveAlertSettings';

afterEach(() => vi.unstubAllGlobals());

describe('LiveAlertSettings', () => {
  it('shows the stored settings in the reader’s unit and saves the whole form', async () => {
    const calls = stubApi(({ method, path, body }) => {
      if (path !== '/api/alerts/settings') return undefined;
      return Response.json(method === 'PATCH' ? { ...DEFAULT_ALERT_SETTINGS, ...(body as object) } : DEFAULT_ALERT_SETTINGS);
    });
    render(
      <TestProviders>
        <LiveAlertSettings unit="mmol/L" />
      </TestProviders>,
    );
    const threshold = await screen.findByLabelText(/Hypoglycémie imminente : prévenir quand/);
    expect((threshold as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('3,0 mmol/L');
    fireEvent.change(threshold, { target: { value: '70' } });
    fireEvent.click(screen.getByLabelText('Prévenir quand le capteur n\'envoie plus rien'));
    expect(screen.queryByLabelText('Après combien de minutes sans mesure')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les alertes du capteur' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ ...DEFAULT_ALERT_SETTINGS, urgentLowSoonMgdl: 70, signalLoss: false });
  });
});
