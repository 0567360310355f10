import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders as Providers } from '@/test/TestProviders';
import { AuthPage } from './AuthPage';

function renderAuth(path = '/auth') {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/patient-dashboard" element={<h1>Patient home</h1>} />
          <Route path="/doctor" element={<h1>Doctor home</h1>} />
          <Route path="/invitations/accept" element={<h1>Invitation page</h1>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

type Handler = (url: string, init?: RequestInit) => Promise<Response> | Response;

function stubFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/auth/get-session')) return Response.json(null);
    if (url.includes('/api/specialties')) return Response.json([{ id: 'diabetologue', name: 'Diabétologue', displayOrder: 1 }]);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;

beforeEach(() => {
  // Each test starts in French, the default.
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('AuthPage', () => {
  it('clears fields and errors when switching between login and registration', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    renderAuth();
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'x@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Le mot de passe est obligatoire')).toBeTruthy();
    expect(document.activeElement).toBe(field(/^Mot de passe/));

    fireEvent.click(screen.getByRole('button', { name: 'Inscription' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inscription' })).toBeTruthy();
    expect(field(/^Adresse e-mail/).value).toBe('');
    expect(screen.queryByText('Le mot de passe est obligatoire')).toBeNull();
    // The patient/professional choice exists only when registering.
    expect(screen.getByRole('button', { name: /Professionnel de santé/ })).toBeTruthy();
  });

  it('shows the exact French messages for a short and mismatched password', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    renderAuth('/auth?mode=register');
    await screen.findByRole('heading', { level: 1, name: 'Inscription' });
    fireEvent.change(field(/^Prénom/), { target: { value: 'Camille' } });
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'camille@example.test' } });
    fireEvent.change(field(/^Mot de passe/), { target: { value: 'abc' } });
    fireEvent.change(field(/^Confirmer le mot de passe/), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte patient' }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins 6 caractères')).toBeTruthy();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeTruthy();
    const password = field(/^Mot de passe/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(`${password.id}-error`);
  });

  it('opens the professional registration with ?role=doctor and checks the RPPS number', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    renderAuth('/auth?role=doctor');
    await screen.findByRole('heading', { level: 1, name: 'Inscription' });
    expect(screen.getByText('11 chiffres, inscrit sur votre carte CPS.')).toBeTruthy();
    fireEvent.change(field(/^Numéro RPPS/), { target: { value: '10003456784' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte professionnel' }));
    expect(await screen.findByText('Ce numéro RPPS est invalide : vérifiez les chiffres saisis')).toBeTruthy();
    expect(screen.getByText('Le nom est obligatoire')).toBeTruthy();
    expect(document.activeElement).toBe(field(/^Prénom/));
  });

  it('disables the button with a loading label while signing in, then shows the server error', async () => {
    let answer!: (response: Response) => void;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderAuth();
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'x@example.test' } });
    fireEvent.change(field(/^Mot de passe/), { target: { value: 'whatever-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    const pending = await screen.findByRole('button', { name: 'Connexion en cours...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    answer(Response.json({ error: { code: 'invalid_credentials', message: 'Invalid' } }, { status: 401 }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Adresse e-mail ou mot de passe incorrect.');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Se connecter' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows how many minutes to wait when sign-in is throttled', async () => {
    stubFetch(() =>
      Response.json(
        { error: { code: 'rate_limited', message: 'Retry after 180 s', params: { retryAfterMinutes: 3 } } },
        { status: 429, headers: { 'retry-after': '180' } },
      ),
    );
    renderAuth();
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'x@example.test' } });
    fireEvent.change(field(/^Mot de passe/), { target: { value: 'whatever-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Trop de tentatives. Réessayez dans 3 minutes.');
  });

  it('offers the e-mailed unlock link after a throttled sign-in and says the same for any address', async () => {
    const asked: unknown[] = [];
    stubFetch((url, init) => {
      if (url.includes('/api/accounts/sign-in/unlock-link')) {
        asked.push(JSON.parse(String(init?.body)));
        return Response.json({ ok: true });
      }
      return Response.json(
        { error: { code: 'rate_limited', message: 'Retry after 3600 s', params: { retryAfterMinutes: 60 } } },
        { status: 429, headers: { 'retry-after': '3600' } },
      );
    });
    renderAuth();
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(screen.queryByRole('button', { name: 'Recevoir un lien de déblocage' })).toBeNull();
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'Camille@Example.test ' } });
    fireEvent.change(field(/^Mot de passe/), { target: { value: 'whatever-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Recevoir un lien de déblocage' }));
    expect((await screen.findByRole('status')).textContent).toContain('Si un compte existe pour Camille@Example.test, un lien de déblocage');
    expect(asked).toEqual([{ email: 'Camille@Example.test' }]);
  });

  it('signs in and goes to the dashboard the server names', async () => {
    stubFetch(() =>
      Response.json({
        status: 'signed_in',
        redirectTo: '/doctor',
        deletionCancelled: false,
        user: {
          id: 'u1',
          email: 'dr@example.test',
          name: 'Claire',
          firstName: 'Claire',
          lastName: 'Bernard',
          userType: 'doctor',
          role: null,
          twoFactorEnabled: false,
          language: 'fr',
          speciality: 'diabetologue',
        },
      }),
    );
    renderAuth();
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'dr@example.test' } });
    fireEvent.change(field(/^Mot de passe/), { target: { value: 'whatever-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Doctor home' })).toBeTruthy();
    expect(await screen.findByText('Bienvenue Dr Bernard !')).toBeTruthy();
  });

  const patientAnswer = (status?: 'signed_in') =>
    Response.json(
      {
        ...(status ? { status, deletionCancelled: false } : {}),
        redirectTo: '/patient-dashboard',
        user: {
          id: 'u2',
          email: 'invited@example.test',
          name: 'Inès',
          firstName: 'Inès',
          lastName: null,
          userType: 'patient',
          role: null,
          twoFactorEnabled: false,
          language: 'fr',
        },
      },
      { status: status ? 200 : 201 },
    );

  it('greets a nurse by name, without "Dr"', async () => {
    stubFetch(() =>
      Response.json({
        status: 'signed_in',
        redirectTo: '/doctor',
        deletionCancelled: false,
        user: { id: 'u2', email: 'inf@example.test', name: 'Lucas', firstName: 'Lucas', lastName: 'Petit', userType: 'doctor', role: null, twoFactorEnabled: false, language: 'fr', speciality: 'infirmier' },
      }),
    );
    renderAuth();
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'inf@example.test' } });
    fireEvent.change(field(/^Mot de passe/), { target: { value: 'whatever-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Bienvenue Lucas Petit !')).toBeTruthy();
    expect(screen.queryByText(/Dr Petit/)).toBeNull();
  });

  it('after sign-in goes to a safe ?next= path instead of the home page', async () => {
    stubFetch(() => patientAnswer('signed_in'));
    renderAuth(`/auth?next=${encodeURIComponent('/invitations/accept?token=abc')}`);
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'invited@example.test' } });
    fireEvent.change(field(/^Mot de passe/), { target: { value: 'whatever-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Invitation page' })).toBeTruthy();
  });

  it('keeps ?next= when switching to registration and follows it after sign-up', async () => {
    const fetchMock = stubFetch(() => patientAnswer());
    renderAuth(`/auth?next=${encodeURIComponent('/invitations/accept?token=abc')}`);
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    fireEvent.click(screen.getByRole('button', { name: 'Inscription' }));
    await screen.findByRole('heading', { level: 1, name: 'Inscription' });
    fireEvent.change(field(/^Prénom/), { target: { value: 'Inès' } });
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'invited@example.test' } });
    fireEvent.change(field(/^Mot de passe/), { target: { value: 'Quartz-Violon-Marée-7319' } });
    fireEvent.change(field(/^Confirmer le mot de passe/), { target: { value: 'Quartz-Violon-Marée-7319' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte patient' }));
    expect(await screen.findByRole('heading', { name: 'Invitation page' }, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/accounts/sign-up'))).toBe(true);
  });

  it('ignores a ?next= pointing at another site', async () => {
    stubFetch(() => patientAnswer('signed_in'));
    renderAuth(`/auth?next=${encodeURIComponent('//evil.example/x')}`);
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'invited@example.test' } });
    fireEvent.change(field(/^Mot de passe/), { target: { value: 'whatever-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Patient home' })).toBeTruthy();
  });
});
