import { z } from 'zod';
import {
  quietHoursSchema,
  REMINDER_ISSUES,
  REMINDER_TIMES_MAX,
  reminderInputSchema,
  type QuietHours,
  type Reminder,
  type ReminderInput,
  type ReminderInputParsed,
} from '@glucosuivi/domain/reminders/reminders.schemas';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';
import { DATE_OUT_OF_RANGE } from '@glucosuivi/domain/shared/dates';
import { TEXT_ISSUES } from '@glucosuivi/domain/shared/text';
import { WEEKDAYS } from './schedule-summary';

/**
 * The reminder form as the inputs hold it, its conversion into the API body checked with the
 * domain's own schema (the server's), and every refusal as a translation key on its field.
 */

/** Appointment reminders come from the appointments feature, never from this form. */
export type FormKind = 'measurement' | 'medication';
export type ScheduleMode = 'weekly' | 'rrule';

export interface ReminderFormValues {
  kind: FormKind;
  label: string;
  medicationName: string;
  instructions: string;
  mode: ScheduleMode;
  times: string[];
  days: number[];
  rule: string;
  startsOn: string;
  endsOn: string;
  timeZone: string;
  sendPush: boolean;
  sendEmail: boolean;
}

export type ReminderField =
  | 'label'
  | 'medicationName'
  | 'instructions'
  | 'times'
  | 'days'
  | 'rule'
  | 'startsOn'
  | 'endsOn'
  | 'timeZone'
  | 'form';

/** Screen order: the first field in error takes the focus. */
export const FIELD_ORDER: readonly ReminderField[] = ['label', 'medicationName', 'instructions', 'times', 'days', 'rule', 'startsOn', 'endsOn', 'timeZone', 'form'];

export interface FormErrors {
  /** A full translation key (`reminders:issues.…` or `errors:issues.…`) per field. */
  fields: Partial<Record<ReminderField, string>>;
  /** The time inputs refused, by position. */
  badTimes: number[];
}

export const NO_ERRORS: FormErrors = { fields: {}, badTimes: [] };

export const RULE_EXAMPLE = 'FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8;BYMINUTE=30';
export const DEFAULT_TIME = '08:00';

export function emptyValues(today: string, timeZone: string): ReminderFormValues {
  return {
    kind: 'measurement',
    label: '',
    medicationName: '',
    instructions: '',
    mode: 'weekly',
    times: [DEFAULT_TIME],
    days: [...WEEKDAYS],
    rule: '',
    startsOn: today,
    endsOn: '',
    timeZone,
    sendPush: false,
    sendEmail: false,
  };
}

/** The form filled with a stored reminder (editing). */
export function valuesFromReminder(reminder: Reminder): ReminderFormValues {
  const schedule = reminder.schedule;
  return {
    kind: reminder.kind === 'medication' ? 'medication' : 'measurement',
    label: reminder.label,
    medicationName: reminder.medicationName ?? '',
    instructions: reminder.instructions ?? '',
    mode: schedule.type,
    times: schedule.type === 'weekly' ? [...schedule.times] : [DEFAULT_TIME],
    days: schedule.type === 'weekly' ? [...schedule.days] : [...WEEKDAYS],
    rule: schedule.type === 'rrule' ? schedule.rule : '',
    startsOn: reminder.startsOn,
    endsOn: reminder.endsOn ?? '',
    timeZone: reminder.timeZone,
    sendPush: reminder.sendPush,
    sendEmail: reminder.sendEmail,
  };
}

/** The API body the values stand for (not yet checked). */
export function toInput(values: ReminderFormValues): ReminderInput {
  const medication = values.kind === 'medication';
  const optional = (text: string) => (text.trim() ? text : null);
  return {
    kind: values.kind,
    label: values.label,
    medicationName: medication ? optional(values.medicationName) : null,
    instructions: medication ? optional(values.instructions) : null,
    schedule:
      values.mode === 'weekly'
        ? { type: 'weekly', times: values.times, days: [...values.days].sort((a, b) => a - b) }
        : { type: 'rrule', rule: values.rule },
    timeZone: values.timeZone,
    startsOn: values.startsOn,
    endsOn: values.endsOn || null,
    sendPush: values.sendPush,
    sendEmail: values.sendEmail,
  };
}

type IssueLike = Pick<ValidationIssue, 'path' | 'code' | 'message'>;

/** The reminder's fields without its cross-field rules: a schedule is judged only once well formed. */
const shapeSchema = z.strictObject(reminderInputSchema.shape);

export type BuildResult = { ok: true; body: ReminderInputParsed } | { ok: false; errors: FormErrors };

/** What the schedule check reads: it judges only these once they are well formed. */
const SCHEDULE_INPUTS = new Set<unknown>(['schedule', 'timeZone', 'startsOn', 'endsOn']);

/**
 * Checks the values with the server's schema. Field by field first; then, once what the
 * schedule check reads (times, days or rule, zone, days of the period) is well formed, the whole
 * schema, which also judges the schedule (never fires, fires more than every 5 minutes) and
 * names every other refusal at once.
 */
export function buildReminderInput(values: ReminderFormValues): BuildResult {
  const body = toInput(values);
  const shape = shapeSchema.safeParse(body);
  if (!shape.success && shape.error.issues.some((issue) => SCHEDULE_INPUTS.has(issue.path[0]))) {
    return { ok: false, errors: issuesToErrors(shape.error.issues as IssueLike[], values) };
  }
  const whole = reminderInputSchema.safeParse(body);
  if (!whole.success) return { ok: false, errors: issuesToErrors(whole.error.issues as IssueLike[], values) };
  return { ok: true, body: whole.data };
}

const FIELDS = new Set<string>(['label', 'medicationName', 'instructions', 'startsOn', 'endsOn', 'timeZone']);

/** The form field of an issue path (the client's, or the server's with a leading "body"). */
export function fieldOfPath(path: readonly (string | number)[], mode: ScheduleMode): ReminderField {
  const p = path[0] === 'body' ? path.slice(1) : path;
  const head = p[0];
  if (head === 'schedule') {
    if (p[1] === 'times' || p[1] === 'days' || p[1] === 'rule') return p[1];
    // The schedule as a whole (never fires, too frequent): where the person wrote it.
    return mode === 'weekly' ? 'times' : 'rule';
  }
  if (typeof head === 'string' && FIELDS.has(head)) return head as ReminderField;
  return 'form';
}

const REMINDER_MESSAGES = new Set<string>(Object.values(REMINDER_ISSUES));
const SHARED_MESSAGES = new Set<string>([...Object.values(TEXT_ISSUES), DATE_OUT_OF_RANGE]);

/** An issue as a translation key: the feature's rules, the shared text rules, then by field. */
export function issueKey(issue: IssueLike, field: ReminderField, values?: ReminderFormValues): string {
  const p = issue.path[0] === 'body' ? issue.path.slice(1) : issue.path;
  const timeIndex = p[0] === 'schedule' && p[1] === 'times' && typeof p[2] === 'number' ? p[2] : null;
  if (timeIndex !== null && values?.times[timeIndex] === '') return 'reminders:issues.timeRequired';
  if (REMINDER_MESSAGES.has(issue.message)) return `reminders:issues.${issue.message}`;
  if (SHARED_MESSAGES.has(issue.message)) return `errors:issues.${issue.message}`;
  if (issue.message === 'timezoneInvalid') return 'reminders:issues.timezoneInvalid';
  if (field === 'times' && issue.code === 'too_small') return 'reminders:issues.timesRequired';
  if (field === 'times' && issue.code === 'too_big') return 'reminders:issues.timesTooMany';
  if (field === 'days' && issue.code === 'too_small') return 'reminders:issues.daysRequired';
  if (field === 'startsOn' || field === 'endsOn') return 'reminders:issues.dayInvalid';
  return 'reminders:issues.invalid';
}

/** Issues → one message per field (the first), and the time inputs to mark. */
export function issuesToErrors(issues: readonly IssueLike[], values?: ReminderFormValues): FormErrors {
  const mode = values?.mode ?? 'weekly';
  const fields: FormErrors['fields'] = {};
  const badTimes = new Set<number>();
  for (const issue of issues) {
    const field = fieldOfPath(issue.path, mode);
    fields[field] ??= issueKey(issue, field, values);
    const p = issue.path[0] === 'body' ? issue.path.slice(1) : issue.path;
    if (p[0] === 'schedule' && p[1] === 'times' && typeof p[2] === 'number') badTimes.add(p[2]);
  }
  return { fields, badTimes: [...badTimes].sort((a, b) => a - b) };
}

export function firstErrorField(errors: FormErrors): ReminderField | undefined {
  return FIELD_ORDER.find((field) => errors.fields[field]);
}

export const MAX_TIMES = REMINDER_TIMES_MAX;

/* Quiet hours: both times or none. */

export interface QuietHoursValues {
  enabled: boolean;
  start: string;
  end: string;
}

export const DEFAULT_QUIET_HOURS = { start: '22:00', end: '07:00' } as const;

export function quietHoursValues(stored: QuietHours): QuietHoursValues {
  return stored.start !== null && stored.end !== null
    ? { enabled: true, start: stored.start, end: stored.end }
    : { enabled: false, ...DEFAULT_QUIET_HOURS };
}

export type QuietField = 'start' | 'end' | 'form';
export type QuietResult = { ok: true; body: QuietHours } | { ok: false; errors: Partial<Record<QuietField, string>> };

/** The quiet hours' body, checked with the server's schema. */
export function buildQuietHours(values: QuietHoursValues): QuietResult {
  const body = values.enabled ? { start: values.start, end: values.end } : { start: null, end: null };
  const parsed = quietHoursSchema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, errors: quietIssuesToErrors(parsed.error.issues as IssueLike[], values) };
}

export function quietIssuesToErrors(issues: readonly IssueLike[], values?: QuietHoursValues): Partial<Record<QuietField, string>> {
  const errors: Partial<Record<QuietField, string>> = {};
  for (const issue of issues) {
    const p = issue.path[0] === 'body' ? issue.path.slice(1) : issue.path;
    const field: QuietField = p[0] === 'start' || p[0] === 'end' ? p[0] : 'form';
    const empty = field !== 'form' && values?.[field] === '';
    errors[field] ??= empty
      ? 'reminders:issues.timeRequired'
      : REMINDER_MESSAGES.has(issue.message)
        ? `reminders:issues.${issue.message}`
        : 'reminders:issues.invalid';
  }
  return errors;
}
