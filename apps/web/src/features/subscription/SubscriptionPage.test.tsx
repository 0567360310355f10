import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREMIUM_PRICES } from '@glucosuivi/domain/subscription/plans';
import type { SubscriptionDto } from '@glucosuivi/domain/subscription/subscription.schemas';
import { stubApi } from '@/test/messages-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { SubscriptionPage } from './SubscriptionPage';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function answer(overrides: Partial<SubscriptionDto> = {}): SubscriptionDto {
  return {
    plan: 'free',
    status: null,
    interval: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    source: null,
    entitlements: [],
    usage: { pdfReports: { month: '2026-11', used: 2, limit: 3, left: 1, resetsAt: '2026-11-30T23:00:00.000Z' } },
    prices: [...PREMIUM_PRICES],
    paymentsConfigured: false,
    ...overrides,
  };
}

const PREMIUM: Partial<SubscriptionDto> = {
  plan: 'premium',
  status: 'active',
  source: 'admin_grant',
  // Premium through 31 January in Paris: the period ends at midnight starting 1 February.
  currentPeriodEnd: '2027-01-31T23:00:00.000Z',
  entitlements: ['cgm_follow', 'advanced_advice', 'unlimited_pdf'],
  usage: { pdfReports: { month: '2026-11', used: 5, limit: null, left: null, resetsAt: '2026-11-30T23:00:00.000Z' } },
};

function renderPage(url = '/abonnement') {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={[url]}>
        <SubscriptionPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('SubscriptionPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the free plan, this month's PDF reports, premium's prices with VAT and no invoice", async () => {
    stubApi(({ path }) => (path === '/api/subscription' ? Response.json(answer()) : path === '/api/subscription/invoices' ? Response.json({ invoices: [] }) : undefined));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon abonnement' })).toBeTruthy();
    expect((await screen.findByTestId('plan-name')).textContent).toBe('Gratuit');
    expect(screen.getByTestId('pdf-usage').textContent).toBe('Rapports PDF ce mois-ci : 2 sur 3');
    expect(screen.getByRole('progressbar', { name: 'Rapports PDF utilisés ce mois-ci' }).getAttribute('aria-valuenow')).toBe('2');
    const monthly = screen.getByTestId('price-month');
    expect(plain(monthly.textContent)).toContain('4,99 € TTC par mois');
    expect(plain(monthly.textContent)).toContain('Soit 4,16 € HT et 0,83 € de TVA (20 %).');
    const yearly = screen.getByTestId('price-year');
    expect(plain(yearly.textContent)).toContain('49,90 € TTC par an');
    expect(plain(yearly.textContent)).toContain("9,98 € d'économie par an");
    expect((await screen.findByTestId('invoices-empty')).textContent).toBe('Aucune facture pour le moment.');
    expect(screen.queryByTestId('payment-return')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Résilier à la fin de la période' })).toBeNull();
  });

  it("says on upgrade that payments are not configured on this server, in the server's words", async () => {
    const calls = stubApi(({ path }) => {
      if (path === '/api/subscription') return Response.json(answer());
      if (path === '/api/subscription/checkout') {
        return Response.json({ error: { code: 'payments_not_configured', message: 'x', requestId: 'r' } }, { status: 409 });
      }
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: "Choisir l'annuel" }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Le paiement en ligne n'est pas configuré sur ce serveur. Un administrateur peut activer Premium pour votre compte.",
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/api/subscription/checkout', { interval: 'year' }]]);
  });

  it('shows premium until its last day, unlimited reports, and cancels at the end of the period after a confirmation', async () => {
    let current = answer(PREMIUM);
    const calls = stubApi(({ method, path }) => {
      if (path === '/api/subscription') return Response.json(current);
      if (method === 'POST' && path === '/api/subscription/cancel') {
        current = { ...current, cancelAtPeriodEnd: true };
        return Response.json(current);
      }
      if (method === 'POST' && path === '/api/subscription/resume') {
        current = { ...current, cancelAtPeriodEnd: false };
        return Response.json(current);
      }
      return undefined;
    });
    renderPage();
    const plan = await screen.findByTestId('current-plan');
    expect(within(plan).getByTestId('plan-name').textContent).toBe('Premium');
    expect(plan.textContent).toContain("Premium est actif jusqu'au 31 janv. 2027 inclus.");
    expect(plan.textContent).toContain("Offert par l'équipe GlucoSuivi");
    expect(screen.getByTestId('pdf-usage').textContent).toBe('Rapports PDF ce mois-ci : 5 (illimités avec Premium)');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Passer à Premium' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Résilier à la fin de la période' }));
    const dialog = await screen.findByRole('dialog', { name: 'Résilier Premium ?' });
    expect(dialog.textContent).toContain("Premium reste actif jusqu'au 31 janv. 2027 inclus");
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer la résiliation' }));
    expect(await screen.findByText('Résiliation programmée')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(plan.textContent).toContain("Premium reste actif jusqu'au 31 janv. 2027 inclus, puis votre compte passera à la formule gratuite.");

    fireEvent.click(screen.getByRole('button', { name: "Reprendre l'abonnement" }));
    const resume = await screen.findByRole('dialog', { name: 'Reprendre Premium ?' });
    fireEvent.click(within(resume).getByRole('button', { name: "Reprendre l'abonnement" }));
    expect(await screen.findByRole('button', { name: 'Résilier à la fin de la période' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/subscription/cancel', '/api/subscription/resume']);
  });

  it('tells a patient whose premium ended when it did', async () => {
    stubApi(({ path }) =>
      path === '/api/subscription' ? Response.json(answer({ status: 'expired', source: 'admin_grant', currentPeriodEnd: '2026-10-31T23:00:00.000Z' })) : undefined,
    );
    renderPage();
    expect((await screen.findByTestId('current-plan')).textContent).toContain("Votre période Premium s'est terminée le 31 oct. 2026.");
    expect(screen.getByRole('heading', { name: 'Passer à Premium' })).toBeTruthy();
  });

  it("lists the paid subscription's invoices: date, number, total with VAT, status and the provider's pages", async () => {
    const invoice = {
      id: 'in_1',
      number: 'GS-0001',
      issuedAt: '2026-11-02T09:00:00.000Z',
      grossCents: 499,
      currency: 'EUR',
      status: 'paid',
      url: 'https://invoice.example/in_1',
      pdfUrl: 'https://invoice.example/in_1.pdf',
    };
    stubApi(({ path }) => {
      if (path === '/api/subscription') return Response.json(answer({ ...PREMIUM, source: 'payment', interval: 'month' }));
      if (path === '/api/subscription/invoices') return Response.json({ invoices: [invoice, { ...invoice, id: 'in_0', number: null, status: 'void', url: null, pdfUrl: null }] });
      return undefined;
    });
    renderPage();
    const rows = await screen.findAllByTestId('invoice');
    expect(rows).toHaveLength(2);
    expect(plain(rows[0]!.textContent)).toContain('2 nov. 2026');
    expect(plain(rows[0]!.textContent)).toContain('N° GS-0001');
    expect(plain(rows[0]!.textContent)).toContain('4,99 €');
    expect(rows[0]!.textContent).toContain('Payée');
    expect(within(rows[0]!).getByRole('link', { name: 'Voir la facture du 2 nov. 2026' }).getAttribute('href')).toBe(invoice.url);
    expect(within(rows[0]!).getByRole('link', { name: 'Facture du 2 nov. 2026 en PDF' }).getAttribute('href')).toBe(invoice.pdfUrl);
    expect(rows[1]!.textContent).toContain('Annulée');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
  });

  it('says so when invoices cannot be read from the provider', async () => {
    stubApi(({ path }) =>
      path === '/api/subscription'
        ? Response.json(answer())
        : path === '/api/subscription/invoices'
          ? Response.json({ error: { code: 'unavailable', message: 'x', requestId: 'r' } }, { status: 503 })
          : undefined,
    );
    renderPage();
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).toBe('Les factures ne peuvent pas être affichées pour le moment. Réessayez dans quelques minutes.');
  });

  it('opens the payment page the server answers, and on return waits for the confirmation, then says premium is active', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let current = answer({ paymentsConfigured: true });
    const calls = stubApi(({ method, path }) => {
      if (path === '/api/subscription') return Response.json(current);
      if (path === '/api/subscription/invoices') return Response.json({ invoices: [] });
      if (method === 'POST' && path === '/api/subscription/checkout') return Response.json({ url: 'https://checkout.example/cs_1' });
      return undefined;
    });
    renderPage('/abonnement?paiement=reussi');
    expect((await screen.findByTestId('payment-return')).textContent).toBe(
      "Paiement reçu. Premium s'active dès que Stripe nous le confirme, en général en quelques secondes.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Choisir le mensuel' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    // The webhook arrives: the next poll shows premium.
    current = answer({ ...PREMIUM, source: 'payment', interval: 'month' });
    expect((await screen.findByText('Merci ! Votre paiement est confirmé : Premium est actif.', {}, { timeout: 5000 })).getAttribute('role')).toBe('status');
    expect(calls.filter((c) => c.path === '/api/subscription').length).toBeGreaterThan(1);
  });

  it('says nothing was charged when the patient came back without paying', async () => {
    stubApi(({ path }) => (path === '/api/subscription' ? Response.json(answer()) : path === '/api/subscription/invoices' ? Response.json({ invoices: [] }) : undefined));
    renderPage('/abonnement?paiement=annule');
    expect((await screen.findByTestId('payment-return')).textContent).toBe(
      "Paiement annulé : rien n'a été débité. Vous pouvez passer à Premium quand vous le souhaitez.",
    );
  });

  it('says a renewal payment failed while Stripe retries, premium still active until the period ends', async () => {
    stubApi(({ path }) =>
      path === '/api/subscription'
        ? Response.json(answer({ ...PREMIUM, status: 'past_due', source: 'payment', interval: 'year' }))
        : path === '/api/subscription/invoices'
          ? Response.json({ invoices: [] })
          : undefined,
    );
    renderPage();
    const plan = await screen.findByTestId('current-plan');
    expect(plan.textContent).toContain("Le dernier paiement n'a pas abouti ; Stripe va réessayer. Premium reste actif jusqu'au 31 janv. 2027 inclus.");
    expect(plan.textContent).toContain('Paiement en attente');
    expect(plan.textContent).toContain('Annuelle');
  });
});
