import { act, useState, type FormEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { ENTERED_VALUE, HELD_CONTROL, HELD_KEY, INERT_CONTROL, handOverPrerenderedControls } from './prerender-handover';

/** A controlled form like the sign-in form: what it submits is React's state, not the DOM's. */
function SignIn({ onSubmit }: { onSubmit: (values: { email: string; password: string; theme: string }) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [theme, setTheme] = useState('system');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ email, password, theme });
  };
  return (
    <form onSubmit={submit}>
      <input aria-label="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <input aria-label="password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <select aria-label="theme" value={theme} onChange={(event) => setTheme(event.target.value)}>
        <option value="system">Système</option>
        <option value="dark">Sombre</option>
      </select>
      <button type="submit">Se connecter</button>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

/** The page as scripts/prerender.mjs writes it: its controls marked, not disabled. */
function prerendered(onSubmit: (values: { email: string; password: string; theme: string }) => void): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SignIn onSubmit={onSubmit} />).replace(/<(button|input|select)\b/g, `<$1 ${INERT_CONTROL}=""`);
  document.body.append(container);
  return container;
}

function hydrate(container: HTMLElement, onSubmit: (values: { email: string; password: string; theme: string }) => void): void {
  act(() => {
    root = hydrateRoot(container, <SignIn onSubmit={onSubmit} />);
  });
}

const field = (container: HTMLElement, label: string) => container.querySelector<HTMLInputElement & HTMLSelectElement>(`[aria-label="${label}"]`)!;

/** What a visitor does before the app: the DOM value changes, and public/boot.js remembers it. */
function enter(container: HTMLElement, label: string, value: string): void {
  const element = field(container, label);
  element.value = value;
  Object.assign(element, { [ENTERED_VALUE]: value });
}

it('gives React what was typed and chosen before hydration, then replays the held click once', () => {
  const submitted: { email: string; password: string; theme: string }[] = [];
  const container = prerendered((values) => submitted.push(values));
  // Before the app: the visitor types, picks a theme and presses the button (boot.js holds it).
  enter(container, 'email', 'camille@example.org');
  enter(container, 'password', 'Glyc3mie-2026!');
  enter(container, 'theme', 'dark');
  container.querySelector('button')!.setAttribute(HELD_CONTROL, '');

  hydrate(container, (values) => submitted.push(values));
  // Hydrated but not handed over: React kept the DOM values and does not know about them.
  expect(field(container, 'email').value).toBe('camille@example.org');
  act(() => handOverPrerenderedControls(container));

  expect(submitted).toEqual([{ email: 'camille@example.org', password: 'Glyc3mie-2026!', theme: 'dark' }]);
  expect(container.querySelectorAll(`[${INERT_CONTROL}], [${HELD_CONTROL}]`)).toHaveLength(0);
  // The state is React's now: a later keystroke extends the value instead of restarting it.
  const email = field(container, 'email');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(email, 'camille@example.org.');
    email.dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => container.querySelector('button')!.click());
  expect(submitted.at(-1)?.email).toBe('camille@example.org.');
});

it('hands over what was entered even when a re-render since hydration has reset the fields', () => {
  const submitted: { email: string; password: string; theme: string }[] = [];
  const container = prerendered((values) => submitted.push(values));
  enter(container, 'email', 'camille@example.org');
  enter(container, 'theme', 'dark');
  container.querySelector('button')!.setAttribute(HELD_CONTROL, '');
  hydrate(container, (values) => submitted.push(values));
  // A later render (the session answering, a menu reading its saved value) writes React's state
  // back into the DOM before the page's commit is reported.
  act(() => root!.render(<SignIn onSubmit={(values) => submitted.push(values)} />));
  expect(field(container, 'email').value).toBe('');
  expect(field(container, 'theme').value).toBe('system');
  act(() => handOverPrerenderedControls(container));
  expect(submitted).toEqual([{ email: 'camille@example.org', password: '', theme: 'dark' }]);
  expect(field(container, 'theme').value).toBe('dark');
});

it('replays nothing and changes nothing when the visitor did nothing before hydration', () => {
  const submitted: unknown[] = [];
  const container = prerendered((values) => submitted.push(values));
  hydrate(container, (values) => submitted.push(values));
  act(() => handOverPrerenderedControls(container));
  expect(submitted).toEqual([]);
  expect(field(container, 'email').value).toBe('');
  expect(field(container, 'theme').value).toBe('system');
  act(() => container.querySelector('button')!.click());
  expect(submitted).toEqual([{ email: '', password: '', theme: 'system' }]);
});

it('presses again the Alt shortcut held before the app was there, once', () => {
  const container = prerendered(() => undefined);
  hydrate(container, () => undefined);
  const pressed: string[] = [];
  const listener = (event: KeyboardEvent) => pressed.push(`${event.altKey ? 'Alt+' : ''}${event.key}/${event.code}`);
  document.addEventListener('keydown', listener);
  document.documentElement.setAttribute(HELD_KEY, JSON.stringify({ key: 'h', code: 'KeyH', shiftKey: false }));
  act(() => handOverPrerenderedControls(container));
  act(() => handOverPrerenderedControls(container));
  document.removeEventListener('keydown', listener);
  expect(pressed).toEqual(['Alt+h/KeyH']);
  expect(document.documentElement.hasAttribute(HELD_KEY)).toBe(false);
});
