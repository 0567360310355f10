import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTooGuessable, personalWords } from '@glucosuivi/domain/accounts/password-strength';
import { TestProviders as Providers } from '@/test/TestProviders';
import { AuthPage } from './AuthPage';
import { createPasswordChecker } from './password-checker';
import { fullDictionary, fullGraphs } from './password-words.select';
import { PasswordStrength } from './PasswordStrength';

function renderSignUp() {
  return render(
    <Providers>
      <MemoryRouter initialEntries={['/auth?mode=register']}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/patient-dashboard" element={<h1>Patient home</h1>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

/** The fetch stub: the session and specialties the page asks for, and what the sign-up answers. */
function stubSignUp(answer: () => Response) {
  const signUps: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/auth/get-session')) return Response.json(null);
      if (url.includes('/api/specialties')) return Response.json([]);
      if (url.includes('/api/accounts/sign-up')) signUps.push(JSON.parse(String(init?.body)));
      return answer();
    }),
  );
  return signUps;
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const meter = () => screen.getByRole('meter', { name: 'Force du mot de passe' });

async function fillSignUp(password: string) {
  await screen.findByRole('heading', { level: 1, name: 'Inscription' });
  fireEvent.change(field(/^Prénom/), { target: { value: 'Camille' } });
  fireEvent.change(field(/^Adresse e-mail/), { target: { value: 'camille@example.test' } });
  fireEvent.change(field(/^Mot de passe/), { target: { value: password } });
  fireEvent.change(field(/^Confirmer le mot de passe/), { target: { value: password } });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('PasswordStrength', () => {
  it('is a labelled meter from 0 to 4 whose level is announced politely', () => {
    const { rerender } = render(
      <Providers>
        <PasswordStrength score={null} />
      </Providers>,
    );
    expect(meter().getAttribute('aria-valuetext')).toBe('Aucun mot de passe saisi');
    expect(meter().getAttribute('aria-valuemax')).toBe('4');
    rerender(
      <Providers>
        <PasswordStrength score={1} />
      </Providers>,
    );
    expect(meter().getAttribute('aria-valuenow')).toBe('1');
    expect(meter().getAttribute('aria-valuetext')).toBe('faible');
    const live = screen.getByText(/Force du mot de passe : faible/);
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toContain('trop facile à deviner');
    rerender(
      <Providers>
        <PasswordStrength score={3} />
      </Providers>,
    );
    expect(screen.getByText('Force du mot de passe : bonne').textContent).not.toContain('trop facile');
  });
});

describe('the sign-up meter and the server', () => {
  it('refuses a very common password in the browser, without asking the server', async () => {
    const signUps = stubSignUp(() => new Response('', { status: 500 }));
    renderSignUp();
    await fillSignUp('azerty123');
    await waitFor(() => expect(meter().getAttribute('aria-valuetext')).toBe('faible'), { timeout: 20_000 });
    expect(screen.getByText(/Force du mot de passe : faible/).textContent).toContain('trop facile à deviner');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte patient' }));
    expect(await screen.findByText(/Ce mot de passe est trop facile à deviner. Ajoutez/)).toBeTruthy();
    expect(signUps).toEqual([]);
  }, 60_000);

  it('shows the server refusal of a password the compact meter rated acceptable', async () => {
    // "motdepasse" is 12,668th in the common-password list, beyond the 10,000 the browser keeps:
    // acceptable for the meter, refused by the server's full dictionaries.
    const words = personalWords({ firstName: 'Camille', email: 'camille@example.test' });
    const server = new ZxcvbnFactory({ graphs: fullGraphs(), dictionary: fullDictionary() });
    expect(isTooGuessable(createPasswordChecker()('motdepasse', words))).toBe(false);
    expect(isTooGuessable(server.check('motdepasse', words).score)).toBe(true);

    const signUps = stubSignUp(() =>
      Response.json(
        {
          error: {
            code: 'weak_password',
            message: 'Password too guessable',
            issues: [{ path: ['password'], code: 'custom', message: 'passwordTooWeak' }],
          },
        },
        { status: 400 },
      ),
    );
    renderSignUp();
    await fillSignUp('motdepasse');
    await waitFor(() => expect(meter().getAttribute('aria-valuetext')).toBe('moyenne'), { timeout: 20_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte patient' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Ce mot de passe est trop facile à deviner.');
    expect(screen.getByText(/Ce mot de passe est trop facile à deviner. Ajoutez/)).toBeTruthy();
    expect(field(/^Mot de passe/).getAttribute('aria-invalid')).toBe('true');
    expect(signUps).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Patient home' })).toBeNull();
  }, 60_000);
});
