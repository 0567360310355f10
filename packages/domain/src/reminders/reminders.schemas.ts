import { z } from 'zod';
import { freeText } from '../shared/text';
import { timeZoneSchema } from '../settings/settings.schemas';
import { checkSchedule, MIN_REMINDER_INTERVAL_MS } from './schedule';

/**
 * Reminders (PRODUCT.md §5): a measurement, a medication (its name and the patient's own
 * instructions, never a dose of ours) or an appointment, on a schedule in the patient's time
 * zone, delivered in-app always and by web push and/or e-mail when chosen.
 */

export const REMINDER_KINDS = ['measurement', 'medication', 'appointment'] as const;
export const reminderKindSchema = z.enum(REMINDER_KINDS);
export type ReminderKind = z.infer<typeof reminderKindSchema>;

/** Snooze lengths offered, in minutes. */
export const SNOOZE_MINUTES = [10, 30, 60] as const;
/** A schedule may not fire more often than this (defined with the schedule computations). */
export { MIN_REMINDER_INTERVAL_MS };
/** Longest label, medication name and instructions. */
export const REMINDER_LABEL_MAX = 120;
export const REMINDER_INSTRUCTIONS_MAX = 500;
export const REMINDER_TIMES_MAX = 12;
export const REMINDER_RULE_MAX = 300;

/**
 * Issue messages of this feature's rules: translation keys (`reminders:issues.<key>`), like the
 * shared text rules.
 */
export const REMINDER_ISSUES = {
  timeInvalid: 'reminderTimeInvalid',
  timesRepeat: 'reminderTimesRepeat',
  daysRepeat: 'reminderDaysRepeat',
  ruleInvalid: 'reminderRuleInvalid',
  neverFires: 'reminderNeverFires',
  tooFrequent: 'reminderTooFrequent',
  medicationNameRequired: 'reminderMedicationNameRequired',
  endsBeforeStart: 'reminderEndsBeforeStart',
  quietHoursIncomplete: 'quietHoursIncomplete',
} as const;

/** A local time of day, 'HH:MM' on 24 hours. */
export const localTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, REMINDER_ISSUES.timeInvalid);

/** A local calendar day, 'YYYY-MM-DD', between 2000 and 2199. */
export const localDaySchema = z.iso.date().refine((d) => d >= '2000-01-01' && d < '2200-01-01', 'dateOutOfRange');

/** ISO day numbers: 1 = Monday … 7 = Sunday. */
export const isoWeekdaySchema = z.int().min(1).max(7);

export const weeklyScheduleSchema = z.object({
  type: z.literal('weekly'),
  /** Times of day, local. */
  times: z
    .array(localTimeSchema)
    .min(1)
    .max(REMINDER_TIMES_MAX)
    .refine((t) => new Set(t).size === t.length, REMINDER_ISSUES.timesRepeat),
  days: z
    .array(isoWeekdaySchema)
    .min(1)
    .max(7)
    .refine((d) => new Set(d).size === d.length, REMINDER_ISSUES.daysRepeat),
});

/**
 * An RFC 5545 recurrence rule, the RRULE value only (no DTSTART: the reminder's first day and
 * the patient's time zone give it), e.g. `FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8;BYMINUTE=30`. Times
 * it names are local wall-clock times in the reminder's time zone.
 */
export const ruleScheduleSchema = z.object({
  type: z.literal('rrule'),
  rule: z.string().trim().min(1, REMINDER_ISSUES.ruleInvalid).max(REMINDER_RULE_MAX, REMINDER_ISSUES.ruleInvalid),
});

export const reminderScheduleSchema = z.discriminatedUnion('type', [weeklyScheduleSchema, ruleScheduleSchema]);
export type ReminderSchedule = z.infer<typeof reminderScheduleSchema>;
export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;

const label = freeText({ min: 1, max: REMINDER_LABEL_MAX });

const SCHEDULE_PARTS = new Set(['schedule', 'timeZone', 'startsOn', 'endsOn']);

/** What a patient writes to create or replace a reminder. */
export const reminderInputSchema = z
  .strictObject({
    kind: reminderKindSchema,
    label,
    medicationName: freeText({ max: REMINDER_LABEL_MAX }).nullable().default(null),
    instructions: freeText({ max: REMINDER_INSTRUCTIONS_MAX, multiline: true }).nullable().default(null),
    schedule: reminderScheduleSchema,
    timeZone: timeZoneSchema,
    startsOn: localDaySchema,
    endsOn: localDaySchema.nullable().default(null),
    sendPush: z.boolean().default(false),
    sendEmail: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'medication' && !input.medicationName) {
      ctx.addIssue({ code: 'custom', path: ['medicationName'], message: REMINDER_ISSUES.medicationNameRequired });
    }
    if (input.endsOn !== null && input.endsOn < input.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: REMINDER_ISSUES.endsBeforeStart });
      return;
    }
    // Judged only on valid parts: an unknown zone or a '25:00' already has its own issue.
    if (ctx.issues.some((issue) => SCHEDULE_PARTS.has(String(issue.path?.[0])))) return;
    const verdict = checkSchedule(input.schedule, input.timeZone, input.startsOn, input.endsOn);
    if (verdict !== 'ok') ctx.addIssue({ code: 'custom', path: ['schedule'], message: REMINDER_ISSUES[verdict] });
  });
export type ReminderInput = z.input<typeof reminderInputSchema>;
export type ReminderInputParsed = z.output<typeof reminderInputSchema>;

export const reminderSchema = z.object({
  id: z.uuid(),
  kind: reminderKindSchema,
  label: z.string(),
  medicationName: z.string().nullable(),
  instructions: z.string().nullable(),
  schedule: reminderScheduleSchema,
  timeZone: z.string(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  sendPush: z.boolean(),
  sendEmail: z.boolean(),
  paused: z.boolean(),
  /** The next occurrence, or null when paused or ended. */
  nextDueAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Reminder = z.infer<typeof reminderSchema>;

export const reminderListSchema = z.object({ reminders: z.array(reminderSchema) });

export const REMINDER_OCCURRENCE_STATUSES = ['pending', 'done', 'snoozed', 'skipped'] as const;
export const occurrenceStatusSchema = z.enum(REMINDER_OCCURRENCE_STATUSES);
export type OccurrenceStatus = z.infer<typeof occurrenceStatusSchema>;

/**
 * One line of today's timeline (the patient's local day): an occurrence that came due
 * (`occurrenceId` set, its status) or one still to come today (`upcoming`, no id).
 */
export const timelineItemSchema = z.object({
  occurrenceId: z.uuid().nullable(),
  reminderId: z.uuid(),
  kind: reminderKindSchema,
  label: z.string(),
  medicationName: z.string().nullable(),
  dueAt: z.iso.datetime(),
  status: z.enum(['upcoming', ...REMINDER_OCCURRENCE_STATUSES]),
  snoozedUntil: z.iso.datetime().nullable(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const todaySchema = z.object({
  /** The local day shown, 'YYYY-MM-DD', in `timeZone` (the patient's settings). */
  day: z.string(),
  timeZone: z.string(),
  items: z.array(timelineItemSchema),
});
export type ReminderToday = z.infer<typeof todaySchema>;

export const reminderParamsSchema = z.object({ id: z.uuid() });
export const occurrenceParamsSchema = z.object({ id: z.uuid() });

export const snoozeSchema = z.strictObject({
  minutes: z.union(SNOOZE_MINUTES.map((m) => z.literal(m)) as [z.ZodLiteral<10>, z.ZodLiteral<30>, z.ZodLiteral<60>]),
});

/** Quiet hours: reminders reach only the in-app centre between `start` and `end` (local). */
export const quietHoursSchema = z
  .strictObject({ start: localTimeSchema.nullable(), end: localTimeSchema.nullable() })
  .refine((q) => (q.start === null) === (q.end === null), { message: REMINDER_ISSUES.quietHoursIncomplete, path: ['end'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;
