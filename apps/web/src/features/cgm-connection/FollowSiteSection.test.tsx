import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FollowedSite } from '@glucosuivi/domain/nightscout/nightscout-follow.schemas';
import { stubApi } from '@/test/messages-fixtures';
import { MemoryRouter } from 'react-router';
import type { SubscriptionDto } from '@glucosuivi/domain/subscription/subscription.schemas';
import { TestProviders } from '@/test/TestProviders';
import { FollowSiteSection } from './FollowSiteSection';

const PATH = '/api/nightscout/followed-site';
const TOKEN = 'glucosuivi-3f9a1c2b7d4e5f60';

const followed = (overrides: Partial<FollowedSite> = {}): FollowedSite => ({
  id: '00000000-0000-4000-8000-000000000001',
  url: 'https://ns.example.org',
  credentialKind: 'token',
  credentialHint: '••••5f60',
  createdAt: '2026-03-01T08:00:00.000Z',
  lastSyncAt: null,
  lastEntryAt: null,
  lastError: null,
  lastErrorAt: null,
  consecutiveFailures: 0,
  nextAttemptAt: '2026-03-01T08:00:00.000Z',
  importedEntries: 0,
  importedTreatments: 0,
  ...overrides,
});

function renderSection(initial: FollowedSite | null, onPut?: (body: unknown) => Response | undefined) {
  let current = initial;
  const calls = stubApi((call) => {
    if (call.path !== PATH && call.path !== `${PATH}/sync`) return undefined;
    if (call.method === 'GET') return Response.json({ site: current });
    if (call.method === 'PUT') {
      const refused = onPut?.(call.body);
      if (refused) return refused;
      const body = call.body as { url: string; credentialKind: 'token' | 'api_secret' };
      current = followed({ url: body.url, credentialKind: body.credentialKind });
      return Response.json(current);
    }
    if (call.method === 'POST' && current) {
      current = { ...current, lastSyncAt: '2026-03-01T09:06:00.000Z', importedEntries: 288, lastError: null };
      return Response.json(current);
    }
    if (call.method === 'DELETE') {
      current = null;
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  render(
    <TestProviders>
      <FollowSiteSection timeZone="Europe/Paris" />
    </TestProviders>,
  );
  return calls;
}

describe('FollowSiteSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the address and the credential before calling the server, in French', async () => {
    const calls = renderSection(null);
    const submit = await screen.findByRole('button', { name: 'Suivre ce site' });
    fireEvent.click(submit);
    expect(await screen.findByText("Indiquez l'adresse du site.")).toBeTruthy();
    expect(screen.getByText("Indiquez le jeton d'accès.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Adresse du site/), { target: { value: 'http://ns.example.org' } });
    fireEvent.click(screen.getByLabelText("Par l'API_SECRET du site"));
    fireEvent.change(screen.getByLabelText(/^API_SECRET/), { target: { value: 'short' } });
    fireEvent.click(submit);
    expect(await screen.findByText("L'adresse doit commencer par https://.")).toBeTruthy();
    expect(screen.getByText("L'API_SECRET compte au moins 12 caractères.")).toBeTruthy();
    expect(screen.getByLabelText(/^Adresse du site/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("shows the server's refusal on its field", async () => {
    renderSection(null, () =>
      Response.json(
        { error: { code: 'validation_failed', message: 'Invalid request', requestId: 'r', issues: [{ path: ['body', 'url'], code: 'custom', message: 'url_private_address' }] } },
        { status: 400 },
      ),
    );
    fireEvent.change(await screen.findByLabelText(/^Adresse du site/), { target: { value: 'https://10.0.0.5' } });
    fireEvent.change(screen.getByLabelText(/^Jeton d'accès/), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: 'Suivre ce site' }));
    expect(await screen.findByText('Cette adresse mène à un réseau privé : elle n\'est pas autorisée.')).toBeTruthy();
  });

  it('follows a site, then shows its state without the token', async () => {
    const calls = renderSection(null);
    fireEvent.change(await screen.findByLabelText(/^Adresse du site/), { target: { value: ' https://ns.example.org ' } });
    fireEvent.change(screen.getByLabelText(/^Jeton d'accès/), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: 'Suivre ce site' }));
    expect(await screen.findByText('••••5f60')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ url: 'https://ns.example.org', credentialKind: 'token', credential: TOKEN });
    expect(screen.getByText('Jamais')).toBeTruthy();
    expect(screen.queryByDisplayValue(TOKEN)).toBeNull();
  });

  it('shows the last error translated, syncs on demand, and stops after a confirmation', async () => {
    const calls = renderSection(
      followed({ lastError: 'unauthorized', lastErrorAt: '2026-03-01T09:00:00.000Z', consecutiveFailures: 2, nextAttemptAt: '2026-03-01T09:20:00.000Z' }),
    );
    const error = await screen.findByTestId('follow-error');
    // 09:00 UTC is 10:00 in Paris in March.
    expect(error.textContent).toMatch(/^Le site refuse l'accès : vérifiez le jeton ou l'API_SECRET\. \(.*10:00.*\)$/);
    expect(screen.getByText(/10:20/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Synchroniser maintenant' }));
    expect(await screen.findByText('288')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('follow-error')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Arrêter de suivre' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    const group = screen.getByRole('group', { name: /^Arrêter de suivre ce site \?/ });
    fireEvent.click(within(group).getByRole('button', { name: 'Arrêter le suivi' }));
    expect(await screen.findByRole('button', { name: 'Suivre ce site' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([PATH]);
  });
});

describe('FollowSiteSection without premium', () => {
  afterEach(() => vi.unstubAllGlobals());

  const freePlan: Pick<SubscriptionDto, 'plan' | 'entitlements'> = { plan: 'free', entitlements: [] };

  function renderFree(site: FollowedSite | null) {
    const calls = stubApi((call) => {
      if (call.path === '/api/subscription') return Response.json({ ...freePlanAnswer(), ...freePlan });
      if (call.path === PATH && call.method === 'GET') return Response.json({ site });
      if (call.path === PATH && call.method === 'PUT') {
        return Response.json({ error: { code: 'premium_required', message: 'x', requestId: 'r', params: { entitlement: 'cgm_follow' } } }, { status: 402 });
      }
      return undefined;
    });
    render(
      <TestProviders>
        <MemoryRouter>
          <FollowSiteSection timeZone="Europe/Paris" />
        </MemoryRouter>
      </TestProviders>,
    );
    return calls;
  }

  it('says a followed site is paused and links to the subscription page', async () => {
    renderFree(followed({ lastSyncAt: '2026-03-01T08:05:00.000Z' }));
    const notice = await screen.findByTestId('follow-premium');
    expect(notice.textContent).toContain('Synchronisation suspendue');
    expect(within(notice).getByRole('link', { name: "Voir l'offre Premium" }).getAttribute('href')).toBe('/abonnement');
  });

  it("shows the server's premium refusal of a new site with the link", async () => {
    const calls = renderFree(null);
    expect((await screen.findByTestId('follow-premium')).textContent).toContain('fait partie de l\'offre Premium');
    fireEvent.change(screen.getByLabelText(/^Adresse du site/), { target: { value: 'https://ns.example.org' } });
    fireEvent.change(screen.getByLabelText(/^Jeton d'accès/), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: 'Suivre ce site' }));
    const refusal = await screen.findByTestId('premium-required');
    expect(refusal.textContent).toContain("Le suivi automatique d'un site Nightscout fait partie de l'offre Premium.");
    expect(within(refusal).getByRole('link', { name: "Voir l'offre Premium" }).getAttribute('href')).toBe('/abonnement');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});

function freePlanAnswer(): SubscriptionDto {
  return {
    plan: 'free',
    status: null,
    interval: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    source: null,
    entitlements: [],
    usage: { pdfReports: { month: '2026-03', used: 0, limit: 3, left: 3, resetsAt: '2026-03-31T22:00:00.000Z' } },
    prices: [],
    paymentsConfigured: false,
  };
}
