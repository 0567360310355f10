import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Appointment, Slot } from '@glucosuivi/domain/appointments/appointments.schemas';
import { appointment, apptId, PRO_ID, slot } from '@/test/appointments-fixtures';
import { stubApi, type Call } from '@/test/messages-fixtures';
import { settings } from '@/test/reminders-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { AppointmentsPage } from './AppointmentsPage';

// A week crossing the end of daylight saving time in Paris (Sunday 25 October 2026): the
// professional's 09:00 slots are 07:00 UTC before and 08:00 UTC after.
const SLOTS: Slot[] = [
  slot('2026-10-23T07:00:00.000Z'),
  slot('2026-10-23T07:30:00.000Z', 30, { mode: 'video', address: null }),
  slot('2026-10-26T08:00:00.000Z'),
];
const PROFESSIONALS = [{ professionalId: PRO_ID, linkId: '11111111-1111-4111-8111-111111111111', firstName: 'Claire', lastName: 'Bernard', hasAvailability: true }];

type Handler = (call: Call) => Response | undefined;

function api({ zone = 'Europe/Paris', upcoming = [] as Appointment[], past = [] as Appointment[], professionals = PROFESSIONALS, slots = SLOTS, extra }: { zone?: string; upcoming?: Appointment[]; past?: Appointment[]; professionals?: typeof PROFESSIONALS; slots?: Slot[]; extra?: Handler } = {}): Call[] {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    const { method, path, search } = call;
    if (path === '/api/settings') return Response.json(settings({ timezone: zone }));
    if (method === 'GET' && path === '/api/appointments') return Response.json({ appointments: search.get('scope') === 'past' ? past : upcoming });
    if (method === 'GET' && path === '/api/appointments/professionals') return Response.json({ professionals });
    if (method === 'GET' && path === `/api/appointments/professionals/${PRO_ID}/slots`) {
      return Response.json({ professionalId: PRO_ID, timezone: 'Europe/Paris', slots, until: '2026-11-20T00:00:00.000Z' });
    }
    if (method === 'GET' && path === '/api/appointments/calendar-feed') return Response.json({ active: false, createdAt: null });
    if (path === '/api/notifications') return Response.json({ items: [], unread: 0 });
    return undefined;
  });
}

function renderPage() {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={['/appointments']}>
        <AppointmentsPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

const gets = (calls: Call[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;

afterEach(() => vi.unstubAllGlobals());

describe('/appointments, booking', () => {
  it("groups the free slots by day in the patient's zone: 09:00 in Paris on both sides of the change of time", async () => {
    api();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Rendez-vous' })).toBeTruthy();
    const days = await screen.findAllByTestId('slot-day');
    expect(days.map((d) => d.querySelector('h3')!.textContent)).toEqual(['Vendredi 23 oct. 2026', 'Lundi 26 oct. 2026']);
    expect(within(days[0]!).getAllByRole('button').map((b) => b.textContent)).toEqual(['09:00', '09:30']);
    expect(within(days[1]!).getAllByRole('button').map((b) => b.textContent)).toEqual(['09:00']);
    expect(within(days[0]!).getByRole('button', { name: '23 oct. 2026, 09:30, Téléconsultation' })).toBeTruthy();
    expect(screen.getByText('Horaires affichés dans votre fuseau horaire (Europe/Paris).')).toBeTruthy();
  });

  it('shows the same slots at their New York hour, on the New York day', async () => {
    api({ zone: 'America/New_York', slots: [slot('2026-10-23T03:30:00.000Z'), ...SLOTS] });
    renderPage();
    const days = await screen.findAllByTestId('slot-day');
    // 03:30 UTC on the 23rd is still the 22nd in New York; US time changes a week later.
    expect(days.map((d) => d.querySelector('h3')!.textContent)).toEqual(['Jeudi 22 oct. 2026', 'Vendredi 23 oct. 2026', 'Lundi 26 oct. 2026']);
    expect(within(days[0]!).getByRole('button').textContent).toBe('23:30');
    expect(within(days[1]!).getAllByRole('button').map((b) => b.textContent)).toEqual(['03:00', '03:30']);
    expect(within(days[2]!).getByRole('button').textContent).toBe('04:00');
  });

  it('books a slot with a message, then fetches the lists and slots again', async () => {
    const calls = api({
      extra: ({ method, path }) => (method === 'POST' && path === '/api/appointments' ? Response.json(appointment(1, { status: 'requested', awaiting: 'professional' }), { status: 201 }) : undefined),
    });
    renderPage();
    const days = await screen.findAllByTestId('slot-day');
    fireEvent.click(within(days[1]!).getByRole('button', { name: /09:00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Demander ce rendez-vous' });
    expect(within(dialog).getByTestId('book-summary').textContent).toBe('Claire Bernard, 26 oct. 2026, 09:00 (Au cabinet) — 12 rue de la Paix, Paris');
    fireEvent.change(within(dialog).getByLabelText('Message au professionnel (facultatif)'), { target: { value: '  Renouvellement  ' } });
    const slotsBefore = gets(calls, `/api/appointments/professionals/${PRO_ID}/slots`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Demander ce rendez-vous' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ professionalId: PRO_ID, startsAt: '2026-10-26T08:00:00.000Z', message: 'Renouvellement' });
    expect(await screen.findByText('Demande de rendez-vous envoyée')).toBeTruthy();
    await waitFor(() => expect(gets(calls, `/api/appointments/professionals/${PRO_ID}/slots`)).toBeGreaterThan(slotsBefore));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says clearly when another patient took the slot first, and shows the slots again', async () => {
    const calls = api({
      extra: ({ method, path }) =>
        method === 'POST' && path === '/api/appointments' ? Response.json({ error: { code: 'slot_taken', message: 'taken', requestId: 'r' } }, { status: 409 }) : undefined,
    });
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: /09:00/ }))[0]!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Demander ce rendez-vous' }));
    expect(await screen.findByText("Ce créneau vient d'être réservé par quelqu'un d'autre. Choisissez-en un autre.")).toBeTruthy();
    await waitFor(() => expect(gets(calls, `/api/appointments/professionals/${PRO_ID}/slots`)).toBe(2));
  });

  it('asks for another time only with a message', async () => {
    const calls = api({
      extra: ({ method, path }) => (method === 'POST' && path === '/api/appointments' ? Response.json(appointment(2, { startsAt: null, endsAt: null, status: 'requested' }), { status: 201 }) : undefined),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Demander un autre horaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demander un autre horaire à Claire Bernard' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Écrivez un message pour demander un autre horaire.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Votre message'), { target: { value: 'Plutôt le soir après 18 h' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ professionalId: PRO_ID, message: 'Plutôt le soir après 18 h' });
  });

  it('sends a patient without a care team to their team', async () => {
    api({ professionals: [] });
    renderPage();
    expect(await screen.findByText(/dès qu'un professionnel de santé fera partie de votre équipe de soins/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gérer mon équipe de soins' }).getAttribute('href')).toBe('/profil');
  });
});

describe('/appointments, my appointments', () => {
  it('shows each status as the patient says it, the video link and the calendar file', async () => {
    api({
      upcoming: [
        appointment(1, { status: 'confirmed', mode: 'video', address: null, videoUrl: 'https://visio.example/abc', can: { confirm: false, propose: false, cancel: true, recordOutcome: false, rate: false }, cancellableUntil: '2026-03-11T08:00:00.000Z' }),
        appointment(2, { status: 'requested', awaiting: 'patient', startsAt: '2026-03-13T13:00:00.000Z', endsAt: '2026-03-13T13:30:00.000Z', proposalMessage: 'Je serai absente le 12', can: { confirm: true, propose: false, cancel: true, recordOutcome: false, rate: false } }),
      ],
      past: [appointment(3, { status: 'cancelled', cancelledBy: 'professional', cancelReason: 'Congés', startsAt: '2026-03-02T08:00:00.000Z' }), appointment(4, { status: 'no_show' })],
    });
    renderPage();
    const upcoming = within(await screen.findByTestId('upcoming-list')).getAllByTestId('appointment-card');
    expect(upcoming.map((c) => within(c).getByTestId('appointment-status').textContent)).toEqual(['Confirmé', 'Créneau proposé : à confirmer']);
    expect(within(upcoming[0]!).getByRole('heading').textContent).toBe('12 mars 2026, 09:00 – 09:30');
    expect(within(upcoming[0]!).getByRole('link', { name: /Rejoindre la téléconsultation/ }).getAttribute('href')).toBe('https://visio.example/abc');
    expect(within(upcoming[0]!).getByRole('link', { name: /Ajouter à mon agenda/ }).getAttribute('href')).toBe(`/api/appointments/${apptId(1)}/calendar.ics`);
    expect(within(upcoming[0]!).getByText('11 mars 2026, 09:00')).toBeTruthy();
    expect(within(upcoming[1]!).getByText('Je serai absente le 12')).toBeTruthy();
    expect(within(upcoming[1]!).getByRole('button', { name: /^Accepter ce créneau/ })).toBeTruthy();
    const past = within(await screen.findByTestId('past-list')).getAllByTestId('appointment-card');
    expect(past.map((c) => within(c).getByTestId('appointment-status').textContent)).toEqual(['Annulé par le professionnel', 'Absent']);
    expect(within(past[0]!).getByText('Congés')).toBeTruthy();
    expect(within(past[0]!).queryByRole('link')).toBeNull();
  });

  it('cancels with a reason, and says when it is too late', async () => {
    let late = false;
    const calls = api({
      upcoming: [appointment(1, { can: { confirm: false, propose: false, cancel: true, recordOutcome: false, rate: false }, cancellableUntil: '2026-03-11T08:00:00.000Z' })],
      extra: ({ method, path }) => {
        if (method !== 'POST' || !path.endsWith('/cancel')) return undefined;
        if (late) return Response.json({ error: { code: 'cancellation_too_late', message: 'late', requestId: 'r' } }, { status: 409 });
        return Response.json(appointment(1, { status: 'cancelled', cancelledBy: 'patient' }));
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Annuler le rendez-vous/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Annuler le rendez-vous' });
    fireEvent.change(within(dialog).getByLabelText('Motif (facultatif)'), { target: { value: 'Empêchement' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler le rendez-vous' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: `/api/appointments/${apptId(1)}/cancel`, body: { reason: 'Empêchement' } });
    expect(await screen.findByText('Rendez-vous annulé')).toBeTruthy();

    late = true;
    fireEvent.click(await screen.findByRole('button', { name: /^Annuler le rendez-vous/ }));
    dialog = await screen.findByRole('dialog', { name: 'Annuler le rendez-vous' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler le rendez-vous' }));
    expect(await screen.findByText('Il est trop tard pour annuler ce rendez-vous en ligne. Contactez directement votre professionnel.')).toBeTruthy();
  });

  it('rates a done appointment: a star is required, then 4 stars and a comment are sent', async () => {
    const done = appointment(5, { status: 'done', startsAt: '2026-03-02T08:00:00.000Z', endsAt: '2026-03-02T08:30:00.000Z', can: { confirm: false, propose: false, cancel: false, recordOutcome: false, rate: true } });
    const calls = api({
      past: [done],
      extra: ({ method, path, body }) =>
        method === 'PUT' && path === `/api/appointments/${apptId(5)}/rating`
          ? Response.json({ ...(body as object), comment: (body as { comment?: string }).comment ?? null, createdAt: '2026-03-03T08:00:00.000Z', updatedAt: '2026-03-03T08:00:00.000Z', editableUntil: '2026-03-10T08:00:00.000Z' })
          : undefined,
    });
    renderPage();
    const card = (await within(await screen.findByTestId('past-list')).findAllByTestId('appointment-card'))[0]!;
    expect(within(card).getByText(/Comment s'est passé ce rendez-vous/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: /^Noter ce rendez-vous/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Noter ce rendez-vous' });
    const group = within(dialog).getByRole('group', { name: 'Votre note' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-checked') ?? (r as HTMLInputElement).checked)).toEqual([false, false, false, false, false]);
    // One name per radio: the group is one tab stop and the arrow keys choose (native radios).
    expect(new Set(radios.map((r) => (r as HTMLInputElement).name)).size).toBe(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer mon avis' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choisissez une note de 1 à 5 étoiles.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.click(within(group).getByRole('radio', { name: '4 étoiles sur 5' }));
    expect((within(group).getByRole('radio', { name: '4 étoiles sur 5' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Commentaire (facultatif)'), { target: { value: 'Très à l’écoute' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer mon avis' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ stars: 4, comment: 'Très à l’écoute' });
    expect(await screen.findByText('Merci pour votre avis')).toBeTruthy();
  });

  it('shows a given rating, editable until its date', async () => {
    api({
      past: [
        appointment(6, {
          status: 'done',
          can: { confirm: false, propose: false, cancel: false, recordOutcome: false, rate: true },
          rating: { stars: 3, comment: 'Attente longue', createdAt: '2026-03-03T08:00:00.000Z', updatedAt: '2026-03-03T08:00:00.000Z', editableUntil: '2026-03-10T08:00:00.000Z' },
        }),
      ],
    });
    renderPage();
    const rating = await screen.findByTestId('rating');
    expect(within(rating).getByText('3 étoiles sur 5')).toBeTruthy();
    expect(within(rating).getByText('Attente longue')).toBeTruthy();
    expect(within(rating).getByText('Modifiable jusqu\'au 10 mars 2026, 09:00')).toBeTruthy();
    fireEvent.click(within(rating).getByRole('button', { name: /^Modifier mon avis/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier votre avis' });
    expect((within(dialog).getByRole('radio', { name: '3 étoiles sur 5' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Commentaire (facultatif)') as HTMLTextAreaElement).value).toBe('Attente longue');
  });
});

describe('/appointments, calendar feed', () => {
  it('creates the private address, shows it once, and revokes it', async () => {
    let active = false;
    const calls = api({
      extra: ({ method, path }) => {
        if (path !== '/api/appointments/calendar-feed') return undefined;
        if (method === 'GET') return Response.json({ active, createdAt: active ? '2026-03-10T08:00:00.000Z' : null });
        if (method === 'POST') {
          active = true;
          return Response.json({ active: true, createdAt: '2026-03-10T08:00:00.000Z', url: 'https://glucosuivi.example/api/appointments/feed/abcdefghijklmnopqrstuvwxyz.ics' }, { status: 201 });
        }
        active = false;
        return Response.json({ ok: true });
      },
    });
    renderPage();
    const feed = await screen.findByTestId('calendar-feed');
    fireEvent.click(await within(feed).findByRole('button', { name: "Créer mon adresse d'abonnement" }));
    const field = (await within(feed).findByLabelText("Adresse d'abonnement privée")) as HTMLInputElement;
    expect(field.value).toBe('https://glucosuivi.example/api/appointments/feed/abcdefghijklmnopqrstuvwxyz.ics');
    expect(within(feed).getByRole('button', { name: "Remplacer l'adresse" })).toBeTruthy();
    fireEvent.click(within(feed).getByRole('button', { name: "Révoquer l'adresse" }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Révoquer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/api/appointments/calendar-feed')).toHaveLength(1));
    expect(await within(feed).findByRole('button', { name: "Créer mon adresse d'abonnement" })).toBeTruthy();
    expect(within(feed).queryByLabelText("Adresse d'abonnement privée")).toBeNull();
  });
});
