/**
 * "Now" for a render that must give the same markup twice: the server's render of a signed-in
 * page and the browser's hydration of it, which may come minutes later (public/boot.js starts
 * the app at the first sign of use). While a time is fixed, components that take the time at
 * render (the period's end, the moment a guard was entered) use it; otherwise the clock.
 */
let fixedNow: number | undefined;

export function renderNow(): number {
  return fixedNow ?? Date.now();
}

/** Fixes the time for the render to come; `undefined` gives the clock back. */
export function fixRenderNow(now: number | undefined): void {
  fixedNow = now;
}
