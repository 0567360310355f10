import { expect, type Page } from '@playwright/test';

/** The app's origin (sign-up and settings changes must come from it). */
export const ORIGIN = process.env.E2E_ORIGIN ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;
export const PASSWORD = 'Glyc3mie-Stable!42';

let counter = 0;

/** Signs a new patient up through the API; `page.request` shares the browser's cookies. */
export async function signUpPatient(page: Page, firstName = 'Camille'): Promise<string> {
  counter++;
  const email = `patient-${Date.now()}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const response = await page.request.post('/api/accounts/sign-up', {
    headers: { Origin: ORIGIN },
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName, lastName: 'Martin', role: 'patient', language: 'fr' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}

export interface StoredMeasurement {
  id: string;
  kind: string;
  valueMgdl?: number;
  entryUnit?: string;
  systolic?: number;
}

/** What the API has stored for the signed-in patient (newest first). */
export async function storedMeasurements(page: Page): Promise<StoredMeasurement[]> {
  const response = await page.request.get('/api/measurements');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: StoredMeasurement[] }).items;
}

export async function setGlucoseUnit(page: Page, glucoseUnit: 'mg/dl' | 'mmol/l'): Promise<void> {
  const response = await page.request.patch('/api/settings', { headers: { Origin: ORIGIN }, data: { glucoseUnit } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Collects the app's own report of translation keys missing from every catalog. */
export function trackMissingKeys(page: Page): string[] {
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('i18n: missing key')) missing.push(message.text());
  });
  return missing;
}

export { axe } from './axe';
