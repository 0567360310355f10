import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/messages-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { JobsSection } from './JobsSection';

afterEach(() => vi.unstubAllGlobals());

const JOB = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'message.unread-email.send',
  attempts: 5,
  lastError: 'Error:EENVELOPE',
  runAt: '2026-11-01T08:00:00.000Z',
  finishedAt: '2026-11-01T09:00:00.000Z',
};

function renderSection() {
  return render(
    <TestProviders>
      <JobsSection />
    </TestProviders>,
  );
}

describe('JobsSection', () => {
  it('lists failed jobs with attempts and error, retries one and reloads the list', async () => {
    let failed = [JOB];
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/admin/jobs/failed') return Response.json({ items: failed });
      if (method === 'POST' && path === `/api/admin/jobs/${JOB.id}/retry`) {
        failed = [];
        return Response.json({ id: JOB.id, name: JOB.name, status: 'queued', runAt: '2026-11-02T09:00:00.000Z' });
      }
      return undefined;
    });
    renderSection();
    const list = await screen.findByRole('list', { name: '1 tâche en échec' });
    const card = within(list).getByRole('listitem');
    expect(card.textContent).toContain('message.unread-email.send');
    expect(card.textContent).toContain('Tentatives5');
    expect(card.textContent).toContain('Error:EENVELOPE');

    fireEvent.click(within(card).getByRole('button', { name: 'Relancer la tâche message.unread-email.send' }));
    expect(await screen.findByText('Tâche message.unread-email.send remise en file.')).toBeTruthy();
    expect(await screen.findByText('Aucune tâche en échec.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/jobs/${JOB.id}/retry`]);
  });

  it('says when a retry is refused (someone retried it first) and refreshes the list', async () => {
    let gets = 0;
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/admin/jobs/failed') return Response.json({ items: gets++ === 0 ? [JOB] : [] });
      if (method === 'POST') return Response.json({ error: { code: 'not_found', message: 'Not found', requestId: 'r' } }, { status: 404 });
      return undefined;
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: /^Relancer la tâche/ }));
    expect(await screen.findByText("La tâche n'a pas pu être relancée.")).toBeTruthy();
    expect(await screen.findByText('Aucune tâche en échec.')).toBeTruthy();
  });
});
