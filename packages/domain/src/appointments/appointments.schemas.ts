import { z } from 'zod';
import { plausibleDate, plausibleDateTime } from '../shared/dates';
import { freeText } from '../shared/text';
import { timeZoneSchema } from '../settings/settings.schemas';

/*
 * Appointments (PRODUCT.md §5): inside an active care link only. A professional publishes a
 * weekly schedule with exceptions in their time zone; a linked patient books a free slot (or asks
 * for another time with a message); the other party confirms. Every instant on the wire is UTC
 * ISO 8601; local times ('HH:MM') and days ('YYYY-MM-DD') are in the availability's time zone.
 */

export const APPOINTMENT_MODES = ['in_person', 'video'] as const;
export const appointmentModeSchema = z.enum(APPOINTMENT_MODES);
export type AppointmentMode = z.infer<typeof appointmentModeSchema>;

/** `no_show`: the patient did not come (the spec's « absent »). */
export const APPOINTMENT_STATUSES = [
  'requested',
  'confirmed',
  'cancelled',
  'done',
  'no_show',
] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

export const PARTIES = ['patient', 'professional'] as const;
export const partySchema = z.enum(PARTIES);
export type Party = z.infer<typeof partySchema>;

/** Slot lengths a professional may choose, in minutes. */
export const SLOT_MINUTES_MIN = 5;
export const SLOT_MINUTES_MAX = 240;
/** How far ahead a patient may list slots (weeks); default 4. */
export const SLOT_WEEKS_DEFAULT = 4;
export const SLOT_WEEKS_MAX = 12;
/** Rules and exceptions per availability: enough for any real schedule, bounded for the slot walk. */
export const AVAILABILITY_RULES_MAX = 50;
export const AVAILABILITY_EXCEPTIONS_MAX = 100;
export const ADDRESS_MAX_LENGTH = 300;
/** A patient's message with a request, a cancellation reason: plain text. */
export const APPOINTMENT_MESSAGE_MAX_LENGTH = 1000;
export const RATING_COMMENT_MAX_LENGTH = 1000;
/** A rating stays editable this long after it was first given. */
export const RATING_EDIT_DAYS = 7;
/** The satisfaction figure covers the appointments of the last 90 days. */
export const SATISFACTION_WINDOW_DAYS = 90;
/**
 * Below this many ratings the professional sees only the count: with so few, an average, a
 * distribution or a comment would tell who gave which rating (issue 16).
 */
export const SATISFACTION_MIN_RATINGS = 5;
/** How many recent comments the satisfaction figure carries (from the threshold up). */
export const SATISFACTION_COMMENTS_MAX = 5;

/** Issue messages (translation keys, `errors:issues.<key>`) of the availability rules. */
export const APPOINTMENT_ISSUES = {
  timeInvalid: 'appointmentTimeInvalid',
  endBeforeStart: 'appointmentEndBeforeStart',
  slotLongerThanRange: 'appointmentSlotLongerThanRange',
  addressRequired: 'appointmentAddressRequired',
  rangeReversed: 'appointmentRangeReversed',
  requestEmpty: 'appointmentRequestEmpty',
} as const;

/** A local wall-clock time, 'HH:MM' (00:00–23:59). */
export const localTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, APPOINTMENT_ISSUES.timeInvalid);

export function minutesOfLocalTime(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

// An empty or blank address says what is missing (the in-person rule's text), not a generic
// "required": it is the only reason an address must be there.
const addressSchema = freeText({
  min: 1,
  max: ADDRESS_MAX_LENGTH,
  messages: { required: APPOINTMENT_ISSUES.addressRequired },
});

/** One opening: from `start` to `end` local time, cut into slots of `slotMinutes`, in one mode. */
const openingShape = {
  start: localTimeSchema,
  end: localTimeSchema,
  slotMinutes: z.number().int().min(SLOT_MINUTES_MIN).max(SLOT_MINUTES_MAX),
  mode: appointmentModeSchema,
  /** Where, for `in_person` (required then); null (or left out) for `video`. */
  address: addressSchema.nullable().default(null),
};

type Opening = {
  start: string;
  end: string;
  slotMinutes: number;
  mode: AppointmentMode;
  address: string | null;
};

function checkOpening(opening: Opening, ctx: z.RefinementCtx): void {
  const start = minutesOfLocalTime(opening.start);
  const end = minutesOfLocalTime(opening.end);
  if (end <= start) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: APPOINTMENT_ISSUES.endBeforeStart });
  } else if (end - start < opening.slotMinutes) {
    ctx.addIssue({
      code: 'custom',
      path: ['slotMinutes'],
      message: APPOINTMENT_ISSUES.slotLongerThanRange,
    });
  }
}

/**
 * In person needs an address. Checked even when another field of the range is refused (a missing
 * slot length, a wrong time), so the form names every field to fix at once rather than the
 * address only after the rest was corrected. An empty string got its issue from addressSchema.
 */
const requireAddressInPerson = [
  (opening: { mode: AppointmentMode; address: string | null }, ctx: z.RefinementCtx) => {
    if (opening.mode === 'in_person' && opening.address === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: APPOINTMENT_ISSUES.addressRequired,
      });
    }
  },
  {
    when: (payload: { value: unknown }) => {
      const value = payload.value as { mode?: unknown; address?: unknown } | null;
      return typeof value === 'object' && value !== null && value.mode === 'in_person';
    },
  },
] as const;

/** A weekly rule: every `weekday` (ISO: 1 = Monday … 7 = Sunday). */
export const weeklyRuleSchema = z
  .object({ weekday: z.number().int().min(1).max(7), ...openingShape })
  .strict()
  .superRefine(checkOpening)
  .superRefine(...requireAddressInPerson);
export type WeeklyRule = z.infer<typeof weeklyRuleSchema>;

/**
 * An exception: `closed` from one day to another, both included (holidays: no slot at all those
 * days, weekly rules and openings alike), or a one-off `open`ing on one day, added to the rules.
 */
export const availabilityExceptionSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('closed'), from: plausibleDate, to: plausibleDate })
    .strict()
    .refine((range) => range.from <= range.to, {
      path: ['to'],
      message: APPOINTMENT_ISSUES.rangeReversed,
    }),
  z
    .object({ kind: z.literal('open'), date: plausibleDate, ...openingShape })
    .strict()
    .superRefine(checkOpening)
    .superRefine(...requireAddressInPerson),
]);
export type AvailabilityException = z.infer<typeof availabilityExceptionSchema>;

/** What the availability editor saves: the whole schedule, replacing the previous one. */
export const availabilityInputSchema = z
  .object({
    /** The professional's IANA time zone, in which every local time and day above is read. */
    timezone: timeZoneSchema,
    rules: z.array(weeklyRuleSchema).max(AVAILABILITY_RULES_MAX),
    exceptions: z.array(availabilityExceptionSchema).max(AVAILABILITY_EXCEPTIONS_MAX),
  })
  .strict();
export type AvailabilityInput = z.infer<typeof availabilityInputSchema>;

export const availabilitySchema = z.object({
  /** The saved schedule's zone; before any save, the professional's settings time zone. */
  timezone: z.string(),
  rules: z.array(weeklyRuleSchema),
  exceptions: z.array(availabilityExceptionSchema),
  /** Video consultations are configured on this server (VIDEO_BASE_URL): else hide the video mode. */
  videoEnabled: z.boolean(),
  /** Null until the first save. */
  updatedAt: z.iso.datetime().nullable(),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** A free slot: [startsAt, endsAt) in UTC, in one mode (and its address in person). */
export const slotSchema = z.object({
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  mode: appointmentModeSchema,
  address: z.string().nullable(),
});
export type Slot = z.infer<typeof slotSchema>;

export const professionalParamsSchema = z
  .object({ professionalId: z.string().min(1).max(100) })
  .strict();

export const slotsQuerySchema = z
  .object({ weeks: z.coerce.number().int().min(1).max(SLOT_WEEKS_MAX).default(SLOT_WEEKS_DEFAULT) })
  .strict();

export const slotListSchema = z.object({
  professionalId: z.string(),
  /** The professional's zone (the patient's page shows times in the patient's own zone). */
  timezone: z.string(),
  /** Free slots from now to `until`, earliest first. */
  slots: z.array(slotSchema),
  until: z.iso.datetime(),
});
export type SlotList = z.infer<typeof slotListSchema>;

/** A professional of the patient's active care links, to book with. */
export const bookableProfessionalSchema = z.object({
  professionalId: z.string(),
  linkId: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  /** Has published a schedule with at least one rule or opening. */
  hasAvailability: z.boolean(),
});
export const bookableProfessionalListSchema = z.object({
  professionals: z.array(bookableProfessionalSchema),
});
export type BookableProfessional = z.infer<typeof bookableProfessionalSchema>;

const messageSchema = freeText({ max: APPOINTMENT_MESSAGE_MAX_LENGTH, multiline: true });

/**
 * A patient's request: a free slot (`startsAt`, with an optional message), or, without
 * `startsAt`, a message asking for another time (then the message is required).
 */
export const bookAppointmentSchema = z
  .object({
    professionalId: z.string().min(1).max(100),
    startsAt: plausibleDateTime.optional(),
    message: messageSchema.optional(),
  })
  .strict()
  .refine((body) => body.startsAt !== undefined || (body.message ?? '').length > 0, {
    path: ['message'],
    message: APPOINTMENT_ISSUES.requestEmpty,
  });
export type BookAppointment = z.infer<typeof bookAppointmentSchema>;

/** The professional proposes another time: a free slot of theirs, or any free future time. */
export const proposeAppointmentSchema = z
  .object({
    startsAt: plausibleDateTime,
    /** Length in minutes; default: the slot length of the matching availability, else 30. */
    durationMinutes: z.number().int().min(SLOT_MINUTES_MIN).max(SLOT_MINUTES_MAX).optional(),
    mode: appointmentModeSchema.optional(),
    message: messageSchema.optional(),
  })
  .strict();
export type ProposeAppointment = z.infer<typeof proposeAppointmentSchema>;

export const cancelAppointmentSchema = z.object({ reason: messageSchema.optional() }).strict();
export type CancelAppointment = z.infer<typeof cancelAppointmentSchema>;

/** The professional records what happened, once the appointment has started. */
export const appointmentOutcomeSchema = z.object({ status: z.enum(['done', 'no_show']) }).strict();

export const ratingInputSchema = z
  .object({
    stars: z.number().int().min(1).max(5),
    comment: freeText({ max: RATING_COMMENT_MAX_LENGTH, multiline: true }).optional(),
  })
  .strict();
export type RatingInput = z.infer<typeof ratingInputSchema>;

export const ratingSchema = z.object({
  stars: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** After this instant the rating can no longer change. */
  editableUntil: z.iso.datetime(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const appointmentSchema = z.object({
  id: z.uuid(),
  patientId: z.string(),
  professionalId: z.string(),
  /** The other party, named as they are now. */
  counterpart: z.object({
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
  }),
  /** Null for a request for another time that has no proposed slot yet. */
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  mode: appointmentModeSchema,
  address: z.string().nullable(),
  /** `${VIDEO_BASE_URL}/${room}` for a video appointment (shown to both parties). */
  videoUrl: z.string().nullable(),
  status: appointmentStatusSchema,
  /** Who must answer a `requested` appointment: the party who did not make the last move. */
  awaiting: partySchema.nullable(),
  /** The patient's message with the request, the professional's with a proposal. */
  requestMessage: z.string().nullable(),
  proposalMessage: z.string().nullable(),
  cancelledBy: partySchema.nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** What the asking party may do now (the server checks again). */
  can: z.object({
    confirm: z.boolean(),
    propose: z.boolean(),
    cancel: z.boolean(),
    recordOutcome: z.boolean(),
    rate: z.boolean(),
  }),
  /** Until when the patient may still cancel (the configured delay before the start). */
  cancellableUntil: z.iso.datetime().nullable(),
  /** The patient's rating: to the patient only, never to the professional. */
  rating: ratingSchema.nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentParamsSchema = z.object({ id: z.uuid() }).strict();

export const appointmentListQuerySchema = z
  .object({
    /** upcoming: not finished yet and not cancelled, plus requests; past: the rest. Default: all. */
    scope: z.enum(['upcoming', 'past', 'all']).default('all'),
    /** Restricts to appointments starting in [from, to) (the professional's agenda). */
    from: plausibleDateTime.optional(),
    to: plausibleDateTime.optional(),
  })
  .strict();
export const appointmentListSchema = z.object({ appointments: z.array(appointmentSchema) });
export type AppointmentList = z.infer<typeof appointmentListSchema>;

/** The private calendar feed of all my appointments: the URL is shown once, at creation. */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.iso.datetime().nullable(),
});
export const calendarFeedCreatedSchema = z.object({
  active: z.literal(true),
  createdAt: z.iso.datetime(),
  /** https://…/api/appointments/feed/<token>.ics: whoever has it reads the feed. */
  url: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** The feed's path segment: the token (base64url) followed by `.ics`, as calendar apps expect. */
export const feedParamsSchema = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/) })
  .strict();

/**
 * The professional's satisfaction figure over the last 90 days of appointments. Below
 * SATISFACTION_MIN_RATINGS ratings only `count` is given (the rest is null / empty): nothing ever
 * carries who rated or when.
 */
export const satisfactionSchema = z.object({
  windowDays: z.number().int(),
  count: z.number().int(),
  minRatings: z.number().int(),
  average: z.number().nullable(),
  /** Ratings per star, index 0 = 1 star … index 4 = 5 stars; null below the threshold. */
  distribution: z.array(z.number().int()).length(5).nullable(),
  /** Most recent comments first, text only. */
  comments: z.array(z.string()),
});
export type Satisfaction = z.infer<typeof satisfactionSchema>;

export const okResultSchema = z.object({ ok: z.literal(true) });
