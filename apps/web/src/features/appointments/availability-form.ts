import {
  APPOINTMENT_ISSUES,
  availabilityInputSchema,
  type AppointmentMode,
  type Availability,
  type AvailabilityInput,
} from '@glucosuivi/domain/appointments/appointments.schemas';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import { DATE_OUT_OF_RANGE } from '@glucosuivi/domain/shared/dates';
import { TEXT_ISSUES } from '@glucosuivi/domain/shared/text';

/*
 * The availability editor's values: strings as the inputs hold them, checked by the domain's own
 * schema before saving, so the editor refuses exactly what the server would refuse, field by field.
 */

export interface OpeningValues {
  start: string;
  end: string;
  slotMinutes: string;
  mode: AppointmentMode;
  address: string;
}
export interface RuleValues extends OpeningValues {
  key: number;
  weekday: number;
}
export type ExceptionValues = { key: number; kind: 'closed'; from: string; to: string } | ({ key: number; kind: 'open'; date: string } & OpeningValues);
export interface AvailabilityValues {
  timezone: string;
  rules: RuleValues[];
  exceptions: ExceptionValues[];
}
/** Field path ('rules.0.end') → full translation key of its problem. */
export type FieldErrors = Record<string, string>;

let lastKey = 0;
/** A key for a new row (React lists), unique within the page. */
export const nextKey = () => ++lastKey;

const DEFAULT_OPENING: OpeningValues = { start: '09:00', end: '12:00', slotMinutes: '30', mode: 'in_person', address: '' };

/** A new weekly range: the day after the last one, with the last address, as people fill a week in. */
export function newRule(previous?: RuleValues): RuleValues {
  return {
    ...DEFAULT_OPENING,
    ...(previous ? { start: previous.start, end: previous.end, slotMinutes: previous.slotMinutes, mode: previous.mode, address: previous.address } : {}),
    key: nextKey(),
    weekday: previous ? (previous.weekday % 7) + 1 : 1,
  };
}

export function newClosed(today: string): ExceptionValues {
  return { key: nextKey(), kind: 'closed', from: today, to: today };
}

export function newOpening(today: string, address = ''): ExceptionValues {
  return { key: nextKey(), kind: 'open', date: today, ...DEFAULT_OPENING, address };
}

function openingValues(o: { start: string; end: string; slotMinutes: number; mode: AppointmentMode; address: string | null }): OpeningValues {
  return { start: o.start, end: o.end, slotMinutes: String(o.slotMinutes), mode: o.mode, address: o.address ?? '' };
}

export function valuesFromAvailability(availability: Availability): AvailabilityValues {
  return {
    timezone: availability.timezone,
    rules: availability.rules.map((r) => ({ key: nextKey(), weekday: r.weekday, ...openingValues(r) })),
    exceptions: availability.exceptions.map((e) =>
      e.kind === 'closed' ? { key: nextKey(), kind: 'closed', from: e.from, to: e.to } : { key: nextKey(), kind: 'open', date: e.date, ...openingValues(e) },
    ),
  };
}

function openingInput(o: OpeningValues) {
  const minutes = o.slotMinutes.trim() === '' ? Number.NaN : Number(o.slotMinutes);
  return { start: o.start, end: o.end, slotMinutes: minutes, mode: o.mode, address: o.mode === 'in_person' ? o.address.trim() || null : null };
}

/** The values as the save endpoint's body (unchecked). */
export function candidateInput(values: AvailabilityValues): unknown {
  return {
    timezone: values.timezone,
    rules: values.rules.map((r) => ({ weekday: r.weekday, ...openingInput(r) })),
    exceptions: values.exceptions.map((e) => (e.kind === 'closed' ? { kind: 'closed', from: e.from, to: e.to } : { kind: 'open', date: e.date, ...openingInput(e) })),
  };
}

const NAMED_ISSUES = new Set<string>([...Object.values(APPOINTMENT_ISSUES), ...Object.values(TEXT_ISSUES), DATE_OUT_OF_RANGE]);

/** What to say about one refused field: the rule's own text when it has one, else the field's. */
function issueKey(path: readonly (string | number)[], message: string): string {
  if (NAMED_ISSUES.has(message)) return `errors:issues.${message}`;
  const field = path.at(-1);
  if (field === 'slotMinutes') return 'appointments:availability.errors.slotMinutes';
  if (field === 'start' || field === 'end') return `errors:issues.${APPOINTMENT_ISSUES.timeInvalid}`;
  if (field === 'date' || field === 'from' || field === 'to') return 'appointments:availability.errors.date';
  if (field === 'timezone') return 'appointments:availability.errors.timezone';
  return 'appointments:availability.errors.invalid';
}

/** Issues (local, or the server's with their leading 'body') as one message per field. */
export function fieldErrors(issues: readonly Pick<ValidationIssue, 'path' | 'message'>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path[0] === 'body' ? issue.path.slice(1) : issue.path;
    const key = path.join('.');
    errors[key] ??= issueKey(path, issue.message);
  }
  return errors;
}

/** The body to save, or the problems of each field. */
export function toAvailabilityInput(values: AvailabilityValues): { input: AvailabilityInput } | { errors: FieldErrors } {
  const parsed = availabilityInputSchema.safeParse(candidateInput(values));
  if (parsed.success) return { input: parsed.data };
  return { errors: fieldErrors(parsed.error.issues.map((i) => ({ path: i.path.filter((p): p is string | number => typeof p !== 'symbol'), message: i.message }))) };
}
