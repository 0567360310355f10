import { flushSync } from 'react-dom';

/**
 * Set by scripts/prerender.mjs on the controls of a prerendered page (not on those the page
 * disables itself); public/boot.js holds clicks on them until the app owns them.
 */
export const INERT_CONTROL = 'data-prerender-inert';
/** Set by public/boot.js on the control clicked before the app had hydrated it. */
export const HELD_CONTROL = 'data-prerender-held';
/** Set by public/boot.js on <html>: the Alt shortcut pressed before the app was there. */
export const HELD_KEY = 'data-prerender-held-key';

/** The held shortcut, pressed again for the app's listener (src/lib/a11y-context.tsx). */
function replayHeldKey(): void {
  const html = document.documentElement;
  const held = html.getAttribute(HELD_KEY);
  html.removeAttribute(HELD_KEY);
  if (!held) return;
  try {
    const { key, code, shiftKey } = JSON.parse(held) as { key?: unknown; code?: unknown; shiftKey?: unknown };
    if (typeof key !== 'string' || typeof code !== 'string') return;
    document.dispatchEvent(new KeyboardEvent('keydown', { key, code, altKey: true, shiftKey: shiftKey === true, bubbles: true, cancelable: true }));
  } catch {
    // Not ours to interpret: nothing to replay.
  }
}

/** Property public/boot.js sets on a marked field at each input or change: its value then. */
export const ENTERED_VALUE = 'glucosuiviEntered';

type Field = (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) & { [ENTERED_VALUE]?: unknown };

function defaultValueOf(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    const chosen = Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0];
    return chosen?.value ?? '';
  }
  return field.defaultValue;
}

/**
 * What was typed or chosen before hydration is in the DOM but not in React's state: hydration
 * keeps the node's value and records it as already seen, so no change would ever reach the
 * component. The value is put back as React last saw it, restored underneath it with the
 * element's own setter, and announced with the event React listens to.
 */
function handOverValue(field: Field, entered: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = entered;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setValue) return;
  field.value = defaultValueOf(field);
  setValue.call(field, entered);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const isField = (control: Element): control is Field =>
  (control instanceof HTMLInputElement && control.type !== 'checkbox' && control.type !== 'radio') ||
  control instanceof HTMLTextAreaElement ||
  control instanceof HTMLSelectElement;

/**
 * Called once the prerendered page is hydrated (its first commit): the controls become the app's,
 * the values entered meanwhile reach React (committed before going on), then the held click, if
 * any, happens again — so "typed, then pressed Se connecter" before the scripts arrived signs in.
 */
export function handOverPrerenderedControls(root: HTMLElement): void {
  const controls = Array.from(root.querySelectorAll<HTMLElement>(`[${INERT_CONTROL}]`));
  const held = root.querySelector<HTMLElement>(`[${HELD_CONTROL}]`);
  for (const control of controls) {
    control.removeAttribute(INERT_CONTROL);
    control.removeAttribute(HELD_CONTROL);
  }
  // What boot.js saw entered, not the DOM's value now: a re-render since hydration (the session
  // answering, a menu reading its saved value) writes React's own state into the fields.
  const entered = controls.filter(isField).flatMap((field) => {
    const value = field[ENTERED_VALUE];
    delete field[ENTERED_VALUE];
    return typeof value === 'string' && value !== defaultValueOf(field) ? [{ field, value }] : [];
  });
  // One event at a time, each committed before the next (flushSync), as keystrokes would be.
  for (const { field, value } of entered) flushSync(() => handOverValue(field, value));
  if (held?.isConnected && !held.matches(':disabled')) held.click();
  replayHeldKey();
}
