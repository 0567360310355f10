import { z } from 'zod';

/*
 * Web push (spec §4): a browser's subscription, the server's VAPID key, and what a push message
 * carries to the service worker.
 */

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).min(80).max(100),
    auth: z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).min(16).max(30),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushEndpointSchema = z.strictObject({ endpoint: z.url({ protocol: /^https?$/ }).max(1000) });

export const pushKeySchema = z.object({
  /** The server's VAPID public key, base64url (the browser's `applicationServerKey`). */
  publicKey: z.string(),
});

export const pushTestResultSchema = z.object({
  /** Subscriptions the test notification was handed to; removed = expired ones dropped. */
  sent: z.int().nonnegative(),
  removed: z.int().nonnegative(),
});

/**
 * What a push message carries to the service worker: already in the user's language, without
 * health values (a lock screen shows it). `tag` makes a repeated delivery replace the shown
 * notification instead of adding a second one.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
