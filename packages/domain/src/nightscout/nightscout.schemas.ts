import { z } from 'zod';
import { DOCUMENT_MAX_DEPTH } from '../shared/document-bounds';
import { freeText } from '../shared/text';

/*
 * Nightscout-compatible uploads. A patient names one uploader per device (xDrip+, AndroidAPS,
 * Loop, Juggluco…) and gets a secret for it, shown once; the device then speaks the Nightscout
 * REST API v1 under /api/v1 and its secret says whose data it is. Two halves:
 *
 * - the patient's own endpoints (`/api/nightscout/uploaders`), in GlucoSuivi's style;
 * - the wire format of the Nightscout API (`/api/v1/...`), in Nightscout's style: its field
 *   names (`_id`, `dateString`, `created_at`), epoch milliseconds and lenient inputs (numbers
 *   as strings), because the uploaders are not ours to change. Entries are checked by
 *   `parseNightscoutEntries` (nightscout.rules.ts) after the secret, all-or-nothing.
 */

// ---------------------------------------------------------------------------------------------
// The patient's uploaders

export const UPLOADER_NAME_MAX = 60;
/** Active (not revoked) uploaders a patient may hold: a phone, a watch, a pump loop, spares. */
export const MAX_ACTIVE_UPLOADERS = 20;

export const uploaderNameInputSchema = z.strictObject({
  /** What the patient calls the device, e.g. "xDrip+ Pixel 7". */
  name: freeText({ min: 1, max: UPLOADER_NAME_MAX }),
});
export type UploaderNameInput = z.infer<typeof uploaderNameInputSchema>;

export const uploaderIdParamsSchema = z.object({ id: z.uuid() });

export const uploaderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  /** Last request this uploader's secret authenticated (to the minute), null when never used. */
  lastUsedAt: z.string().nullable(),
  /** Last accepted upload of entries or device status. */
  lastUploadAt: z.string().nullable(),
  /** When the current secret replaced the previous one; null when never rotated. */
  rotatedAt: z.string().nullable(),
  /** Revoked uploaders stay listed, their secret dead. */
  revokedAt: z.string().nullable(),
  /** From the newest device status it sent: the device it names and the phone's battery. */
  device: z.string().nullable(),
  batteryPercent: z.int().min(0).max(100).nullable(),
  statusAt: z.string().nullable(),
  /** New glucose readings it delivered in the last 24 hours (counted per hour of arrival). */
  readingsLast24h: z.int().nonnegative(),
});
export type Uploader = z.infer<typeof uploaderSchema>;

export const uploaderListSchema = z.object({ uploaders: z.array(uploaderSchema) });

/** The one answer that carries the secret: after creation or rotation, never again. */
export const uploaderSecretSchema = z.object({
  uploader: uploaderSchema,
  /** 256 random bits, base64url (43 characters): the uploader's "API secret". */
  secret: z.string(),
});
export type UploaderSecret = z.infer<typeof uploaderSecretSchema>;

// ---------------------------------------------------------------------------------------------
// Nightscout API v1: entries

/** The API level uploaders check in status.json (some refuse a server older than they need). */
export const NIGHTSCOUT_API_VERSION = '15.0.7';
/** An array of entries per request: 10,000 must pass (two months of 5-minute readings). */
export const MAX_ENTRIES_PER_REQUEST = 20_000;
/** Largest entries upload; the app's default body limit is 1 MiB. */
export const ENTRIES_BODY_LIMIT = 10 * 1024 * 1024;
/** What `GET entries` answers without `count`, and the most it answers. */
export const ENTRIES_DEFAULT_COUNT = 10;
export const ENTRIES_MAX_COUNT = 10_000;
/** Without a date filter, `GET entries` looks this far back (Nightscout: twice TWO_DAYS). */
export const ENTRIES_DEFAULT_WINDOW_MS = 4 * 86_400_000;

/**
 * What an uploader POSTs: one entry or an array of them. Only the outer shape is checked here;
 * each entry (`type`, `date` or `dateString`, `sgv`/`mbg` as numbers or numeric strings) is
 * checked by `parseNightscoutEntries` once the secret is known, so one bad entry refuses the
 * whole request with at most 20 issues instead of one per entry.
 */
export const nightscoutEntriesBodySchema = z
  .union([z.array(z.unknown()).max(MAX_ENTRIES_PER_REQUEST), z.looseObject({})])
  .meta({ description: 'A Nightscout entry ({ type, date, dateString, sgv | mbg, … }) or an array of them' });

/**
 * An entry as answered: what was kept of it. Times are UTC (`utcOffset` 0), glucose in mg/dL.
 * `_id` is stable (the same reading always has the same one) and absent from entries that were
 * answered but not stored (calibrations, sensor status codes).
 */
export const nightscoutEntrySchema = z.object({
  _id: z.string().optional(),
  type: z.string(),
  date: z.number(),
  dateString: z.string(),
  sysTime: z.string(),
  utcOffset: z.number(),
  sgv: z.number().optional(),
  mbg: z.number().optional(),
});
export type NightscoutEntry = z.infer<typeof nightscoutEntrySchema>;
export const nightscoutEntriesSchema = z.array(nightscoutEntrySchema);

/** Every Nightscout request may carry its secret as `?token=` instead of the `api-secret` header. */
const token = z.string().max(300).optional().meta({ description: 'The uploader secret itself, instead of the api-secret header' });
export const nightscoutAuthQuerySchema = z.object({ token });

/** An instant in a query: epoch milliseconds or an ISO 8601 date-time. */
const instantParam = z.string().min(1).max(64);
const count = z.coerce.number().int().min(1).optional();

/** Nightscout's `find[...]` filters, as the flat keys its clients send (`find[date][$gte]=…`). */
export const nightscoutEntriesQuerySchema = z.object({
  token,
  count,
  'find[type]': z.string().max(20).optional(),
  'find[date][$gte]': instantParam.optional(),
  'find[date][$gt]': instantParam.optional(),
  'find[date][$lte]': instantParam.optional(),
  'find[date][$lt]': instantParam.optional(),
  'find[dateString][$gte]': instantParam.optional(),
  'find[dateString][$gt]': instantParam.optional(),
  'find[dateString][$lte]': instantParam.optional(),
  'find[dateString][$lt]': instantParam.optional(),
});
export type NightscoutEntriesQuery = z.infer<typeof nightscoutEntriesQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Nightscout API v1: device status

/** Statuses per request (uploaders send one at a time; a backlog after a network outage). */
export const MAX_DEVICE_STATUSES_PER_REQUEST = 500;
/**
 * Largest device status kept, as JSON text. Above the 16 kB of other documents with free-form
 * fields (DOCUMENT_MAX_BYTES): a loop's status with its predictions is 5–20 kB, and an uploader
 * whose status is refused sends it again and again.
 */
export const DEVICE_STATUS_MAX_CHARS = 64 * 1024;
/** Deepest nesting kept in a device status, as any document with free-form fields (real ones are 4–5 levels deep). */
export const DEVICE_STATUS_MAX_DEPTH = DOCUMENT_MAX_DEPTH;

/** Statuses `GET devicestatus` answers at most (each up to 64 kB). */
export const DEVICE_STATUS_MAX_COUNT = 1_000;

export const nightscoutDeviceStatusBodySchema = z
  .union([z.array(z.looseObject({})).max(MAX_DEVICE_STATUSES_PER_REQUEST), z.looseObject({})])
  .meta({ description: 'A Nightscout device status ({ device, created_at, uploader: { battery }, pump, openaps | loop, … }) or an array of them' });

/** A device status as stored: the document received (without its `_id`), with ours and its UTC time. */
export const nightscoutDeviceStatusSchema = z.looseObject({ _id: z.string(), created_at: z.string() });
export type NightscoutDeviceStatus = z.infer<typeof nightscoutDeviceStatusSchema>;
export const nightscoutDeviceStatusesSchema = z.array(nightscoutDeviceStatusSchema);

export const nightscoutDeviceStatusQuerySchema = z.object({
  token,
  count,
  'find[created_at][$gte]': instantParam.optional(),
  'find[created_at][$lte]': instantParam.optional(),
});
export type NightscoutDeviceStatusQuery = z.infer<typeof nightscoutDeviceStatusQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Nightscout API v1: status and verifyauth

export const nightscoutStatusSchema = z.object({
  status: z.literal('ok'),
  name: z.string(),
  version: z.string(),
  serverTime: z.string(),
  serverTimeEpoch: z.number(),
  apiEnabled: z.boolean(),
  careportalEnabled: z.boolean(),
  boluscalcEnabled: z.boolean(),
  settings: z.object({
    /** The patient's display unit, as Nightscout spells it. */
    units: z.enum(['mg/dl', 'mmol']),
    timeFormat: z.number(),
    language: z.string(),
    enable: z.array(z.string()),
    /** The patient's targets, mg/dL (Nightscout's bgLow / bgTargetBottom / bgTargetTop / bgHigh). */
    thresholds: z.object({ bgHigh: z.number(), bgTargetTop: z.number(), bgTargetBottom: z.number(), bgLow: z.number() }),
  }),
  extendedSettings: z.object({}),
  authorized: z.null(),
  runtimeState: z.literal('loaded'),
});
export type NightscoutStatus = z.infer<typeof nightscoutStatusSchema>;

/** Nightscout's answer to "does this secret work?" (its JSON status envelope). */
export const nightscoutVerifyAuthSchema = z.object({
  status: z.literal(200),
  message: z.object({
    canRead: z.boolean(),
    canWrite: z.boolean(),
    isAdmin: z.boolean(),
    message: z.enum(['OK', 'UNAUTHORIZED']),
    rolefound: z.enum(['FOUND', 'NOTFOUND']),
    permissions: z.enum(['DEFAULT', 'ROLE']),
  }),
});
export type NightscoutVerifyAuth = z.infer<typeof nightscoutVerifyAuthSchema>;
