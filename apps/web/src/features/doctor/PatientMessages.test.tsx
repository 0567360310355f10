import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { LINK, OTHER_LINK, conversation, message, receipt, stubApi, stubIntersection } from '@/test/messages-fixtures';
import { PatientMessages } from './PatientMessages';

const patient = (userId: string, firstName: string) => ({ userId, role: 'patient' as const, firstName, lastName: 'Martin' });
const JEAN = conversation({ counterpart: patient('patient-1', 'Jean'), unreadCount: 1 });
const LINA = conversation({ linkId: OTHER_LINK, counterpart: patient('patient-2', 'Lina') });

function renderFor(patientId: string, hash = '') {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={[`/doctor/patients/${patientId}${hash}`]}>
        <PatientMessages patientId={patientId} />
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the professional's patient page, Messages region", () => {
  it("shows this patient's conversation, and takes the focus when reached from the inbox", async () => {
    stubIntersection(() => true);
    const calls = stubApi(({ method, path }) => {
      if (path === '/api/messages/conversations') return Response.json({ items: [LINA, JEAN], totalUnread: 1 });
      if (path === `/api/messages/conversations/${LINK}/messages`) return Response.json({ conversation: JEAN, items: [message(1, false, 'Bonjour docteur', 'delivered')], nextCursor: null });
      if (method === 'POST') return receipt();
      return undefined;
    });
    renderFor('patient-1', '#messages');
    await screen.findByText('Bonjour docteur');
    const region = screen.getByRole('region', { name: 'Messages' });
    expect(region.closest('#messages')).toBeTruthy();
    expect(within(region).getByText('Bonjour docteur')).toBeTruthy();
    expect(within(region).getByLabelText('Écrire un message')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(region).getByRole('heading', { level: 2, name: 'Messages' })));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/messages/conversations/${LINK}/read`)).toBe(true));
    expect(calls.some((c) => c.path.includes(OTHER_LINK))).toBe(false);
  });

  it('says so when there is no conversation with this patient', async () => {
    stubApi(({ path }) => (path === '/api/messages/conversations' ? Response.json({ items: [LINA], totalUnread: 0 }) : undefined));
    renderFor('patient-1');
    const region = await screen.findByRole('region', { name: 'Messages' });
    expect(await within(region).findByText('Aucune conversation avec ce patient.')).toBeTruthy();
  });
});
