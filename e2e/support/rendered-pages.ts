import type { Page } from '@playwright/test';

/** Console errors and uncaught exceptions of the page (a hydration mismatch is one). */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Whether the app's entry module has been started (public/boot.js adds it on first use). */
export const appStarted = (page: Page) => page.evaluate(() => document.querySelector('script[type="module"]') !== null);
