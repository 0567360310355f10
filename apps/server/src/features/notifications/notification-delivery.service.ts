import { z } from 'zod';
import { languageSchema, type Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import { notificationKindSchema, type NotificationKind } from '@glucosuivi/domain/notifications/notifications.schemas';
import type { PushPayload } from '@glucosuivi/domain/push/push.schemas';
import type { DomainEvent } from '@glucosuivi/domain/shared/events';
import type { Actor, Database, Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Mailer, MailMessage } from '../../platform/mail';
import type { PushSender } from '../../platform/push/push.port';
import { enqueueMany, type JobPayload, type JobRequest } from '../../platform/jobs/job-queue';
import { findAccountById } from '../accounts/accounts.service';
import * as repo from './notifications.repository';

/*
 * The delivery pipeline shared by reminders (now), alerts and appointments (later); see
 * docs/adr/0011-reminders-and-delivery.md. The caller delivers INSIDE its own transaction: the
 * in-app row commits with the write that decided it (a reminder's occurrence), and so do the
 * jobs of the other channels, each under its own idempotency key. After the commit the caller
 * publishes the events. Jobs carry ids and kinds only; each reads and renders what it needs,
 * as the recipient, when it runs.
 */

export const NOTIFY_PUSH_JOB = 'notify.push';
export const NOTIFY_EMAIL_JOB = 'notify.email';
export const PUSH_SEND_JOB = 'push.send';

/** A push message still worth showing after this long is rare; an hour covers a phone offline for a while. */
const DEFAULT_PUSH_TTL_SECONDS = 60 * 60;

export interface DeliveryRequest {
  /** The recipient. */
  userId: string;
  /** The patient the subject is about (the recipient themself for their own reminders). */
  patientId: string;
  kind: NotificationKind;
  /** The occurrence, alert, … delivered. */
  subjectId: string;
  /**
   * Names this delivery once and for all (a reminder: `reminder:<occurrenceId>:<snoozeCount>`):
   * the channel jobs' idempotency keys, the e-mail's Message-ID and nothing else derive from it.
   */
  deliveryKey: string;
  /** Channels decided by the caller (its settings, quiet hours); in-app is always on. */
  push: boolean;
  email: boolean;
}

export interface DeliveredNotification {
  notificationId: string;
  userId: string;
  patientId: string;
  kind: NotificationKind;
  subjectId: string;
}

/**
 * What a channel job delivers: a centre item's kind, or `alert`, the patient's own alert (pushed;
 * their centre for it is the alerts list, so it has no notification row).
 */
export const deliveryKindSchema = z.enum([...notificationKindSchema.options, 'alert']);
export type DeliveryKind = z.infer<typeof deliveryKindSchema>;

/** Who receives a kind: a reminder or an alert is the patient's own; a patient's alert goes to a professional. */
export function recipientRole(kind: DeliveryKind): Actor['role'] {
  return kind === 'patient_alert' ? 'doctor' : 'patient';
}

const channelPayload = (request: DeliveryRequest): JobPayload => ({
  deliveryKey: request.deliveryKey,
  userId: request.userId,
  kind: request.kind,
  subjectId: request.subjectId,
});

/**
 * Delivers a batch in the caller's transaction (`tx`: the owner connection for a system job, or
 * a service's own): one notification row per request, unread and dated now, and the push and
 * e-mail jobs asked for. Set-based, so the scheduler's batch of 1,000 costs a few statements.
 */
export async function deliverNotifications(tx: Tx | Db, deps: { clock: Clock }, requests: readonly DeliveryRequest[]): Promise<DeliveredNotification[]> {
  if (requests.length === 0) return [];
  const now = deps.clock.now();
  const stored = await repo.upsertNotifications(
    tx,
    requests.map((r) => ({ userId: r.userId, kind: r.kind, subjectId: r.subjectId, patientId: r.patientId })),
    now,
  );
  const jobs: JobRequest[] = [];
  for (const request of requests) {
    // The clock's now, not the database's: tests move time, and a job must be due on their clock.
    if (request.push) jobs.push({ name: NOTIFY_PUSH_JOB, payload: channelPayload(request), runAt: now, idempotencyKey: `${request.deliveryKey}:push` });
    if (request.email) jobs.push({ name: NOTIFY_EMAIL_JOB, payload: channelPayload(request), runAt: now, idempotencyKey: `${request.deliveryKey}:email` });
  }
  await enqueueMany(tx, jobs);
  const byKey = new Map(stored.map((row) => [`${row.userId}|${row.kind}|${row.subjectId}`, row]));
  return requests.flatMap((request) => {
    const row = byKey.get(`${request.userId}|${request.kind}|${request.subjectId}`);
    return row ? [{ notificationId: row.id, userId: request.userId, patientId: request.patientId, kind: request.kind, subjectId: request.subjectId }] : [];
  });
}

/** One delivery (alerts, appointments): same as the batch. */
export async function deliverNotification(tx: Tx | Db, deps: { clock: Clock }, request: DeliveryRequest): Promise<DeliveredNotification | undefined> {
  return (await deliverNotifications(tx, deps, [request]))[0];
}

/** The `notification.created` events to publish once the delivering transaction committed. */
export function notificationEvents(delivered: readonly DeliveredNotification[]): DomainEvent[] {
  return delivered.map((d) => ({ type: 'notification.created', userId: d.userId, patientId: d.patientId, notificationId: d.notificationId, kind: d.kind }));
}

/* ---------------------------------------------------------------- rendering */

/** What one delivery says, already in the recipient's language. */
export interface RenderedNotification {
  /** Shown on a lock screen: never a health value. `tag` = the subject, so a repeat replaces it. */
  push: PushPayload;
  /** How long the push service may hold the message for an offline device. */
  pushTtlSeconds?: number;
  email: Pick<MailMessage, 'subject' | 'text' | 'html'>;
}

export interface RenderContext {
  userId: string;
  subjectId: string;
  language: Language;
  /** '' when unknown: the greeting goes without a name. */
  firstName: string;
  appUrl: string;
}

/**
 * A kind's renderer, given the recipient's transaction (row-level security as them): null when
 * there is nothing to deliver any more (the subject is gone, or already dealt with in the app).
 */
export type NotificationRenderer = (tx: Tx, context: RenderContext) => Promise<RenderedNotification | null>;
export type NotificationRenderers = Partial<Record<DeliveryKind, NotificationRenderer>>;

/* ---------------------------------------------------------------- channel jobs */

export interface DeliveryLogger {
  warn(obj: object, msg: string): void;
}

export interface NotificationChannelDeps {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  /** Absent (no VAPID keys configured): push jobs do nothing. */
  push?: PushSender | undefined;
  appUrl: string;
  renderers: NotificationRenderers;
  log: DeliveryLogger;
}

const channelPayloadSchema = z.object({
  deliveryKey: z.string().min(1).max(200),
  userId: z.string().min(1).max(64),
  kind: deliveryKindSchema,
  subjectId: z.uuid(),
});
const pushSendPayloadSchema = channelPayloadSchema.extend({ subscriptionId: z.uuid() });
type ChannelPayload = z.infer<typeof channelPayloadSchema>;

function parsePayload<S extends z.ZodType>(schema: S, payload: JobPayload): z.infer<S> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw Object.assign(new Error('bad payload'), { name: 'InvalidPayload' });
  return parsed.data;
}

/**
 * The Message-ID of a delivery's e-mail: the same for every attempt, so a receiver (or a
 * mailbox that deduplicates) can drop a copy sent again after a crash. RFC 5322 allows no ':'
 * in its left part, hence the dots.
 */
export function deliveryMessageId(deliveryKey: string): string {
  return `<${deliveryKey.replace(/[^A-Za-z0-9._-]/g, '.')}@glucosuivi.local>`;
}

/** The push service's Topic header (≤ 32 URL-safe characters): a newer message for the same subject replaces an undelivered one. */
export function pushTopic(subjectId: string): string {
  return subjectId.replace(/-/g, '').slice(0, 32);
}

/** The channel jobs' handlers. Each is idempotent: it reads current state and acts once per key. */
export function notificationChannelJobs(deps: NotificationChannelDeps) {
  let toldNoPush = false;
  const pushAvailable = (): PushSender | undefined => {
    if (!deps.push && !toldNoPush) {
      toldNoPush = true;
      deps.log.warn({}, 'web push is not configured: push deliveries are skipped');
    }
    return deps.push;
  };
  const toldNoRenderer = new Set<string>();

  /** The delivery's texts in the recipient's language, read as the recipient; null when nothing is due any more. */
  async function render(p: ChannelPayload): Promise<RenderedNotification | null> {
    const renderer = deps.renderers[p.kind];
    if (!renderer) {
      if (!toldNoRenderer.has(p.kind)) {
        toldNoRenderer.add(p.kind);
        deps.log.warn({ kind: p.kind }, 'no renderer for this notification kind: delivery skipped');
      }
      return null;
    }
    return deps.database.asActor({ userId: p.userId, role: recipientRole(p.kind) }, async (tx) => {
      const who = await repo.recipientProfile(tx, p.userId);
      const language = languageSchema.safeParse(who.language);
      return renderer(tx, {
        userId: p.userId,
        subjectId: p.subjectId,
        language: language.success ? language.data : 'fr',
        firstName: who.firstName ?? '',
        appUrl: deps.appUrl,
      });
    });
  }

  return {
    /** Fans a push delivery out to one job per browser of the recipient (each retried on its own). */
    async [NOTIFY_PUSH_JOB](payload: JobPayload): Promise<void> {
      const p = parsePayload(channelPayloadSchema, payload);
      if (!pushAvailable()) return;
      const ids = await deps.database.asActor({ userId: p.userId, role: recipientRole(p.kind) }, (tx) => repo.subscriptionIdsOf(tx, p.userId));
      await enqueueMany(
        deps.database.db,
        ids.map((subscriptionId) => ({
          name: PUSH_SEND_JOB,
          payload: { ...p, subscriptionId },
          runAt: deps.clock.now(),
          idempotencyKey: `${p.deliveryKey}:push:${subscriptionId}`,
        })),
      );
    },

    /** One push message to one browser: gone → the subscription is forgotten; failed → retried later. */
    async [PUSH_SEND_JOB](payload: JobPayload): Promise<void> {
      const p = parsePayload(pushSendPayloadSchema, payload);
      const sender = pushAvailable();
      if (!sender) return;
      const actor = { userId: p.userId, role: recipientRole(p.kind) };
      const subscription = await deps.database.asActor(actor, (tx) => repo.findSubscription(tx, p.userId, p.subscriptionId));
      if (!subscription) return;
      const rendered = await render(p);
      if (!rendered) return;
      const outcome = await sender.send(
        { endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth },
        rendered.push,
        { ttlSeconds: rendered.pushTtlSeconds ?? DEFAULT_PUSH_TTL_SECONDS, topic: pushTopic(p.subjectId) },
      );
      if (outcome === 'failed') throw Object.assign(new Error('push not accepted'), { name: 'PushFailed' });
      await deps.database.asActor(actor, (tx) =>
        outcome === 'gone' ? repo.deleteSubscription(tx, p.userId, p.subscriptionId) : repo.markSubscriptionSent(tx, p.userId, p.subscriptionId, deps.clock.now()),
      );
    },

    /** The e-mail, in the recipient's language, under the delivery's own Message-ID. */
    async [NOTIFY_EMAIL_JOB](payload: JobPayload): Promise<void> {
      const p = parsePayload(channelPayloadSchema, payload);
      // The address lives in the account tables, which only the owner role reads.
      const account = await findAccountById(deps.database.db, p.userId);
      if (!account || account.deletionRequestedAt) return;
      const rendered = await render(p);
      if (!rendered) return;
      await deps.mailer.send({ to: account.email, ...rendered.email, messageId: deliveryMessageId(p.deliveryKey) });
    },
  };
}
