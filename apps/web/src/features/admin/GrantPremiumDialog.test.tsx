import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AdminAccount } from '@glucosuivi/domain/admin/admin.schemas';
import { TestProviders } from '@/test/TestProviders';
import { GrantPremiumDialog } from './GrantPremiumDialog';

const account = { id: 'patient-1', name: 'Anne Martin', email: 'anne@example.test', type: 'patient' } as AdminAccount;

describe('GrantPremiumDialog', () => {
  it('sends the chosen day to the grant endpoint of that account', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
        return new Response(JSON.stringify({ userId: 'patient-1', plan: 'premium', currentPeriodEnd: '2026-12-31T23:00:00.000Z' }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <TestProviders>
        <GrantPremiumDialog account={account} />
      </TestProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Offrir Premium à Anne Martin' }));
    fireEvent.change(await screen.findByLabelText("Premium jusqu'au"), { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accorder Premium' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ url: expect.stringContaining('/api/admin/accounts/patient-1/premium'), body: { until: '2026-12-31' } });
    vi.unstubAllGlobals();
  });
});
