import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment, Availability } from '@glucosuivi/domain/appointments/appointments.schemas';
import { appointment, apptId, availability, PATIENT_ID, PRO_ID, slot } from '@/test/appointments-fixtures';
import { stubApi, type Call } from '@/test/messages-fixtures';
import { settings } from '@/test/reminders-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { DoctorAppointmentsPage } from './DoctorAppointmentsPage';

const PATIENT = { userId: PATIENT_ID, firstName: 'Camille', lastName: 'Dupont' };
const CAN_ANSWER = { confirm: true, propose: true, cancel: true, recordOutcome: false, rate: false };
// Wednesday 21 October 2026, in the week that ends with the change of time in Paris.
const NOW = new Date('2026-10-21T10:00:00.000Z');

const REQUEST = appointment(1, { counterpart: PATIENT, status: 'requested', awaiting: 'professional', startsAt: '2026-10-23T07:00:00.000Z', endsAt: '2026-10-23T07:30:00.000Z', requestMessage: 'Bilan annuel', can: CAN_ANSWER });
const CONFIRMED = appointment(2, { counterpart: { ...PATIENT, firstName: 'Paul', lastName: 'Martin' }, startsAt: '2026-10-19T13:00:00.000Z', endsAt: '2026-10-19T13:30:00.000Z', can: { confirm: false, propose: true, cancel: false, recordOutcome: true, rate: false } });
// Sunday 25 at 23:30 in Paris (after the change: UTC+1) is still in this week.
const LATE_SUNDAY = appointment(3, { counterpart: { ...PATIENT, firstName: 'Lina', lastName: null }, startsAt: '2026-10-25T22:30:00.000Z', endsAt: '2026-10-25T23:00:00.000Z' });

function api({ upcoming = [REQUEST, LATE_SUNDAY], agenda = [CONFIRMED, REQUEST, LATE_SUNDAY], schedule = availability(), extra }: { upcoming?: Appointment[]; agenda?: Appointment[]; schedule?: Availability; extra?: (call: Call) => Response | undefined } = {}): Call[] {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    const { method, path, search } = call;
    if (path === '/api/settings') return Response.json(settings({ timezone: 'Europe/Paris' }));
    if (path === '/api/auth/get-session') return Response.json({ user: { id: PRO_ID, email: 'dr@b.c', name: 'Dr', userType: 'doctor', role: null }, session: { id: 's', expiresAt: '2027-01-01T00:00:00.000Z' } });
    if (method === 'GET' && path === '/api/appointments') {
      if (search.get('scope') === 'upcoming') return Response.json({ appointments: upcoming });
      const from = Date.parse(search.get('from')!);
      const to = Date.parse(search.get('to')!);
      return Response.json({ appointments: agenda.filter((a) => a.startsAt && Date.parse(a.startsAt) >= from && Date.parse(a.startsAt) < to) });
    }
    if (method === 'GET' && path === '/api/appointments/availability') return Response.json(schedule);
    if (method === 'GET' && path === `/api/appointments/professionals/${PRO_ID}/slots`) {
      return Response.json({ professionalId: PRO_ID, timezone: 'Europe/Paris', slots: [slot('2026-10-26T08:00:00.000Z')], until: '2026-11-20T00:00:00.000Z' });
    }
    if (method === 'GET' && path === '/api/appointments/calendar-feed') return Response.json({ active: false, createdAt: null });
    if (path === '/api/notifications') return Response.json({ items: [], unread: 0 });
    return undefined;
  });
}

function renderPage() {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={['/doctor-appointments']}>
        <DoctorAppointmentsPage timeZones={['Europe/Paris', 'America/Montreal']} />
      </MemoryRouter>
    </TestProviders>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/doctor-appointments, requests and agenda', () => {
  it('lists the requests to answer with confirm, propose and decline; confirming calls the server', async () => {
    const calls = api({ extra: ({ method, path }) => (method === 'POST' && path.endsWith('/confirm') ? Response.json({ ...REQUEST, status: 'confirmed', awaiting: null }) : undefined) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Consultations' })).toBeTruthy();
    const request = within(await screen.findByTestId('requests-list')).getByTestId('appointment-card');
    expect(within(request).getByTestId('appointment-status').textContent).toBe('Demande à traiter');
    expect(within(request).getByText('Camille Dupont')).toBeTruthy();
    expect(within(request).getByText('Bilan annuel')).toBeTruthy();
    expect(within(request).getByRole('button', { name: /^Proposer un autre horaire/ })).toBeTruthy();
    expect(within(request).getByRole('button', { name: /^Refuser/ })).toBeTruthy();
    fireEvent.click(within(request).getByRole('button', { name: /^Confirmer/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toMatchObject([{ path: `/api/appointments/${apptId(1)}/confirm` }]));
    expect(await screen.findByText('Rendez-vous confirmé')).toBeTruthy();
  });

  it('declines a request with a reason', async () => {
    const calls = api({ extra: ({ method, path }) => (method === 'POST' && path.endsWith('/cancel') ? Response.json({ ...REQUEST, status: 'cancelled', cancelledBy: 'professional' }) : undefined) });
    renderPage();
    const request = within(await screen.findByTestId('requests-list')).getByTestId('appointment-card');
    fireEvent.click(within(request).getByRole('button', { name: /^Refuser/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser la demande' });
    fireEvent.change(within(dialog).getByLabelText('Motif (facultatif)'), { target: { value: 'Cabinet fermé ce jour' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toMatchObject([{ path: `/api/appointments/${apptId(1)}/cancel`, body: { reason: 'Cabinet fermé ce jour' } }]));
  });

  it('proposes one of its own free slots', async () => {
    const calls = api({ extra: ({ method, path }) => (method === 'POST' && path.endsWith('/propose') ? Response.json({ ...REQUEST, awaiting: 'patient' }) : undefined) });
    renderPage();
    const request = within(await screen.findByTestId('requests-list')).getByTestId('appointment-card');
    fireEvent.click(within(request).getByRole('button', { name: /^Proposer un autre horaire/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Proposer un autre horaire' });
    const select = within(dialog).getByLabelText('Créneau') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    expect(select.options[1]!.textContent).toBe('26 oct. 2026, 09:00 · Au cabinet');
    fireEvent.change(select, { target: { value: '2026-10-26T08:00:00.000Z' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proposer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toMatchObject([{ path: `/api/appointments/${apptId(1)}/propose`, body: { startsAt: '2026-10-26T08:00:00.000Z' } }]));
  });

  it("shows the week in the professional's zone, each day a list, and one day in full", async () => {
    const calls = api();
    renderPage();
    expect((await screen.findByTestId('agenda-range')).textContent).toBe('Semaine du Lundi 19 oct. 2026');
    const days = await screen.findAllByTestId('agenda-day');
    expect(days.map((d) => d.querySelector('h3')!.firstChild!.textContent)).toEqual([
      'Lundi 19 oct. 2026', 'Mardi 20 oct. 2026', 'Mercredi 21 oct. 2026', 'Jeudi 22 oct. 2026', 'Vendredi 23 oct. 2026', 'Samedi 24 oct. 2026', 'Dimanche 25 oct. 2026',
    ]);
    await waitFor(() => expect(within(days[0]!).getAllByTestId('agenda-entry')).toHaveLength(1));
    expect(within(days[0]!).getByTestId('agenda-entry').textContent).toBe('15:00Paul MartinConfirmé');
    expect(within(days[4]!).getByTestId('agenda-entry').textContent).toBe('09:00Camille DupontDemande à traiter');
    expect(within(days[6]!).getByTestId('agenda-entry').textContent).toBe('23:30LinaConfirmé');
    expect(within(days[2]!).getByText('Aucun rendez-vous')).toBeTruthy();
    // The week is asked from Monday 00:00 (UTC+2) to the next Monday 00:00 (UTC+1).
    const agendaCall = calls.find((c) => c.path === '/api/appointments' && c.search.get('scope') === 'all')!;
    expect([agendaCall.search.get('from'), agendaCall.search.get('to')]).toEqual(['2026-10-18T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);

    // An entry opens the full appointment with its actions.
    fireEvent.click(within(days[0]!).getByTestId('agenda-entry'));
    const dialog = await screen.findByRole('dialog', { name: 'Rendez-vous' });
    expect(within(dialog).getByRole('button', { name: /^Rendez-vous honoré/ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /^Patient absent/ })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });

    fireEvent.click(screen.getByRole('radio', { name: 'Jour' }));
    expect(screen.getByTestId('agenda-range').textContent).toBe('Mercredi 21 oct. 2026');
    expect(await screen.findByText('Aucun rendez-vous ce jour-là.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Jour suivant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Jour suivant' }));
    expect(screen.getByTestId('agenda-range').textContent).toBe('Vendredi 23 oct. 2026');
    const full = within(await screen.findByTestId('agenda-dayview')).getByTestId('appointment-card');
    expect(within(full).getByRole('heading').textContent).toBe('23 oct. 2026, 09:00 – 09:30');
  });

  it('records the outcome of an appointment that has started', async () => {
    const calls = api({ extra: ({ method, path }) => (method === 'POST' && path.endsWith('/outcome') ? Response.json({ ...CONFIRMED, status: 'done' }) : undefined) });
    renderPage();
    const monday = (await screen.findAllByTestId('agenda-day'))[0]!;
    fireEvent.click(await within(monday).findByTestId('agenda-entry'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^Rendez-vous honoré/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toMatchObject([{ path: `/api/appointments/${apptId(2)}/outcome`, body: { status: 'done' } }]));
  });
});

describe('/doctor-appointments, availability editor', () => {
  it('refuses an end before the start and an in-person range without address, and sends nothing', async () => {
    const calls = api();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une plage horaire' }));
    const row = screen.getByRole('group', { name: 'Plage 1' });
    fireEvent.change(within(row).getByLabelText('Début'), { target: { value: '14:00' } });
    fireEvent.change(within(row).getByLabelText('Fin'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes disponibilités' }));
    expect(within(row).getAllByTestId('field-error').map((e) => e.textContent)).toEqual(['La fin doit être après le début.', "L'adresse est obligatoire pour une consultation en présentiel."]);
    expect(within(row).getByLabelText('Fin').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('availability-errors').textContent).toBe('Corrigez les 2 champs signalés avant d\'enregistrer.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('offers video only when the server has it, and saves the whole schedule', async () => {
    const calls = api({
      schedule: availability({ videoEnabled: true }),
      extra: ({ method, path, body }) => (method === 'PUT' && path === '/api/appointments/availability' ? Response.json({ ...(body as object), videoEnabled: true, updatedAt: '2026-10-21T10:00:00.000Z' }) : undefined),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une plage horaire' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une plage horaire' }));
    const [first, second] = [screen.getByRole('group', { name: 'Plage 1' }), screen.getByRole('group', { name: 'Plage 2' })];
    expect([...(within(first).getByLabelText('Type de consultation') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Au cabinet', 'Téléconsultation']);
    fireEvent.change(within(first).getByLabelText('Adresse du cabinet'), { target: { value: '12 rue de la Paix, Paris' } });
    fireEvent.change(within(second).getByLabelText('Type de consultation'), { target: { value: 'video' } });
    expect(within(second).queryByLabelText('Adresse du cabinet')).toBeNull();
    fireEvent.change(within(second).getByLabelText('Durée d\'un créneau (minutes)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une fermeture' }));
    const closed = screen.getByRole('group', { name: 'Exception 1 : fermeture' });
    fireEvent.change(within(closed).getByLabelText('Au (inclus)'), { target: { value: '2026-10-30' } });
    fireEvent.change(screen.getByLabelText('Fuseau horaire'), { target: { value: 'America/Montreal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes disponibilités' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      timezone: 'America/Montreal',
      rules: [
        { weekday: 1, start: '09:00', end: '12:00', slotMinutes: 30, mode: 'in_person', address: '12 rue de la Paix, Paris' },
        { weekday: 2, start: '09:00', end: '12:00', slotMinutes: 20, mode: 'video', address: null },
      ],
      exceptions: [{ kind: 'closed', from: '2026-10-21', to: '2026-10-30' }],
    });
    expect(await screen.findByText('Disponibilités enregistrées')).toBeTruthy();
  });

  it('hides video when the server has no video service', async () => {
    api({ schedule: availability({ rules: [{ weekday: 1, start: '09:00', end: '12:00', slotMinutes: 30, mode: 'in_person', address: 'Cabinet' }] }) });
    renderPage();
    const row = await screen.findByRole('group', { name: 'Plage 1' });
    expect([...(within(row).getByLabelText('Type de consultation') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['in_person']);
  });

  it("shows the server's refusal on its field", async () => {
    api({
      schedule: availability({ rules: [{ weekday: 1, start: '09:00', end: '12:00', slotMinutes: 30, mode: 'in_person', address: 'Cabinet' }] }),
      extra: ({ method }) =>
        method === 'PUT'
          ? Response.json({ error: { code: 'validation_failed', message: 'bad', requestId: 'r', issues: [{ path: ['body', 'rules', 0, 'address'], code: 'custom', message: 'appointmentAddressRequired' }] } }, { status: 400 })
          : undefined,
    });
    renderPage();
    await screen.findByRole('group', { name: 'Plage 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes disponibilités' }));
    expect(await screen.findByTestId('field-error')).toBeTruthy();
    expect(screen.getByTestId('field-error').textContent).toBe("L'adresse est obligatoire pour une consultation en présentiel.");
  });
});
