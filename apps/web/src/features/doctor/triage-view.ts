/** The patient's name as a professional lists it: "Dupont Camille", or the first name alone. */
export function patientName(p: { firstName: string; lastName: string | null }): string {
  return [p.firstName, p.lastName].filter((x) => x && x.trim()).join(' ') || '—';
}

export type Shared<T> = T | { notShared: true };

/** The value of a field the patient may not share, or null when it is not shared. */
export function sharedValue<T extends object>(value: Shared<T>): T | null;
export function sharedValue<T extends object>(value: Shared<T> | null): T | null;
export function sharedValue<T extends object>(value: Shared<T> | null): T | null {
  return value === null || 'notShared' in value ? null : (value as T);
}
