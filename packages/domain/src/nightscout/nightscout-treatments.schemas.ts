import { z } from 'zod';

/*
 * Nightscout API v1 treatments: what uploaders (AndroidAPS, Loop/Trio, xDrip+, the careportal)
 * record besides glucose — boluses, carbs, finger-stick checks, notes, sensor and site changes —
 * become the patient's events (`health_measurements`, kind `event`) or meter readings, so they
 * show where the patient's own entries do. The wire format is Nightscout's: one document or an
 * array, `eventType`, `created_at`, numbers that may arrive as strings.
 *
 * How a treatment becomes the app's records (nightscout-treatments.rules.ts):
 *
 * - Its fields decide, whatever the eventType (xDrip+ sends `<none>`, pumps their own names):
 *   `insulin` > 0 → an insulin event (rapid: a treatment's insulin is a bolus), `carbs` > 0 → a
 *   carbs event. 'Meal Bolus' / 'Snack Bolus' / 'Combo Bolus' with both give two events;
 *   'Correction Bolus', 'Bolus', 'SMB' one insulin event; 'Carb Correction', 'Carbs' one carbs
 *   event. A treatment's `notes` go with its first event.
 * - 'BG Check' with `glucose` (`units` mg/dl or mmol; mg/dl when absent), or any treatment whose
 *   `glucoseType` is 'Finger' → a meter reading (source `meter`, the device of uploaded `mbg`
 *   entries, so an uploader that sends a finger-stick both as entry and as treatment stores it
 *   once). A glucose copied from the sensor onto a bolus form is not a second reading.
 * - 'Exercise' with `duration` (minutes) → an activity event.
 * - 'Note', 'Announcement', 'Question' with `notes` → a note event.
 * - Device changes ('Sensor Start', 'Sensor Change', 'Sensor Stop', 'Site Change', 'Insulin
 *   Change', 'Pump Battery Change', 'Pod Change') → a note event whose text is the `notes`, or
 *   the eventType itself: Nightscout's own words, not translated, so a later reader can still
 *   tell one from another. Every event from Nightscout keeps its eventType (`external_type`).
 * - Pump and loop bookkeeping ('Temp Basal', 'Profile Switch', 'Temporary Target', 'Temporary
 *   Override', 'Suspend Pump', 'Resume Pump', 'OpenAPS Offline', 'Bolus Wizard'…) is answered and
 *   not kept: a temporary basal rate is not a dose the patient took (the basal it replaces is not
 *   known here), and a bolus wizard's bolus arrives as its own treatment.
 * - Any other eventType is accepted (uploaders must not fail on a type we do not know): kept by
 *   its fields as above, else as a note when it has `notes`, else answered and not kept.
 * - Below the app's smallest dose (insulin < 0.1 U, e.g. a loop's 0.05 U micro-bolus; carbs
 *   < 1 g) nothing is kept; a document AndroidAPS marks `isValid: false` (deleted) is not kept.
 *
 * Every document is answered, in order, with an `_id` (Loop maps its records to the answered
 * ids one by one): the document as received, numbers as numbers, `created_at` in UTC. Whether
 * it was kept is said in `glucosuiviStored` (false: acknowledged, not kept). Because its extra
 * fields are echoed, a document nests at most 20 levels and weighs at most 16 kB as JSON
 * (shared/document-bounds.ts); one over that refuses the request (`document_too_large`).
 *
 * De-duplication, as Nightscout 15 does it and a little more: the document's own identity —
 * `identifier` (AndroidAPS), `syncIdentifier` (Loop), `uuid` (xDrip+), `_id` — else its
 * (eventType, created_at). Re-sending a batch changes nothing; a document re-sent with new
 * values keeps the first ones (no update through this API).
 */

/** Treatments per request (a loop's backlog after days offline: a few thousand). */
export const MAX_TREATMENTS_PER_REQUEST = 10_000;
/** What `GET treatments` answers without `count` (Nightscout answers the whole 4-day window). */
export const TREATMENTS_DEFAULT_COUNT = 100;
export const TREATMENTS_MAX_COUNT = 10_000;
/** Longest eventType kept (Nightscout's longest are about 20 characters). */
export const EVENT_TYPE_MAX = 64;

/**
 * What an uploader POSTs: one treatment or an array. Only the outer shape is checked here; each
 * document is checked by `parseNightscoutTreatments` once the secret is known, all-or-nothing.
 */
export const nightscoutTreatmentsBodySchema = z
  .union([z.array(z.unknown()).max(MAX_TREATMENTS_PER_REQUEST), z.looseObject({})])
  .meta({ description: 'A Nightscout treatment ({ eventType, created_at, insulin, carbs, glucose, notes, … }) or an array of them' });

/**
 * A treatment as answered: the document (as received on POST, as stored on GET) with our `_id`
 * and its `created_at` in UTC. GET answers every event of the patient, typed in the app too.
 */
export const nightscoutTreatmentSchema = z.looseObject({
  _id: z.string(),
  eventType: z.string(),
  created_at: z.string(),
  insulin: z.number().optional(),
  carbs: z.number().optional(),
  duration: z.number().optional(),
  glucose: z.number().optional(),
  glucoseType: z.string().optional(),
  units: z.string().optional(),
  notes: z.string().optional(),
  /** POST only: whether the document became an event or a reading here. */
  glucosuiviStored: z.boolean().optional(),
});
export type NightscoutTreatment = z.infer<typeof nightscoutTreatmentSchema>;
export const nightscoutTreatmentsSchema = z.array(nightscoutTreatmentSchema);

const token = z.string().max(300).optional().meta({ description: 'The uploader secret itself, instead of the api-secret header' });
const instantParam = z.string().min(1).max(64);

/** A client's own identity for a treatment (xDrip+ `uuid`, Loop `syncIdentifier`…), as a filter. */
const identityParam = z.string().min(1).max(200);

export const nightscoutTreatmentsQuerySchema = z
  .looseObject({
    token,
    count: z.coerce.number().int().min(1).optional(),
    'find[eventType]': z.string().max(EVENT_TYPE_MAX).optional(),
    'find[created_at][$gte]': instantParam.optional(),
    'find[created_at][$gt]': instantParam.optional(),
    'find[created_at][$lte]': instantParam.optional(),
    'find[created_at][$lt]': instantParam.optional(),
    // xDrip+ looks a treatment up by its uuid before deleting it (NightscoutUploader.java, findTreatmentByUUID).
    'find[uuid]': identityParam.optional(),
    'find[identifier]': identityParam.optional(),
    'find[syncIdentifier]': identityParam.optional(),
    'find[_id]': identityParam.optional(),
  })
  .superRefine((query, ctx) => refuseUnknownFilters(query, TREATMENT_FILTERS, ctx));
export type NightscoutTreatmentsQuery = z.infer<typeof nightscoutTreatmentsQuerySchema>;

const TREATMENT_FILTERS = new Set([
  'find[eventType]',
  'find[created_at][$gte]',
  'find[created_at][$gt]',
  'find[created_at][$lte]',
  'find[created_at][$lt]',
  'find[uuid]',
  'find[identifier]',
  'find[syncIdentifier]',
  'find[_id]',
]);

/**
 * A `find[…]` the API does not apply is refused, never ignored: a client asking for one
 * treatment (xDrip+ takes the first answer of `find[uuid]` and deletes it) must not receive
 * every treatment instead. Other unknown parameters (cache breakers) are let through.
 */
export function refuseUnknownFilters(query: Record<string, unknown>, known: ReadonlySet<string>, ctx: z.RefinementCtx): void {
  for (const key of Object.keys(query)) {
    if (key.startsWith('find[') && !known.has(key)) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'this filter is not supported', params: { rule: 'unsupported_filter' } });
    }
  }
}

/** DELETE treatments/:id: the `_id` answered for the treatment (24 hex characters). */
export const nightscoutTreatmentIdSchema = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/i) });

/** What a deletion answers, as Nightscout's database did: how many documents went. */
export const nightscoutDeletionSchema = z.object({ n: z.number().int(), ok: z.literal(1) });
