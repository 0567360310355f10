import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import { pushEndpointSchema, pushKeySchema, pushSubscriptionInputSchema, pushTestResultSchema } from './push.schemas';

/*
 * This browser's web push subscription (spec §4), the signed-in user's own (row-level security).
 */

export const getPushKey = defineEndpoint({
  method: 'GET',
  path: '/api/push/key',
  summary: "The server's VAPID public key, for PushManager.subscribe()",
  tags: ['push'],
  access: 'user',
  response: pushKeySchema,
  errors: [],
});

export const subscribePush = defineEndpoint({
  method: 'POST',
  path: '/api/push/subscriptions',
  summary: "Registers this browser's push subscription (again: same endpoint, keys replaced)",
  tags: ['push'],
  access: 'user',
  body: pushSubscriptionInputSchema,
  status: 204,
  response: z.null(),
  errors: ['validation_failed', 'push_endpoint_not_allowed'],
});

export const unsubscribePush = defineEndpoint({
  method: 'POST',
  path: '/api/push/subscriptions/remove',
  summary: "Forgets this browser's push subscription",
  tags: ['push'],
  access: 'user',
  body: pushEndpointSchema,
  status: 204,
  response: z.null(),
  errors: ['validation_failed'],
});

export const sendTestPush = defineEndpoint({
  method: 'POST',
  path: '/api/push/test',
  summary: 'Sends a test notification to my browsers (spec §4: shown once push is enabled)',
  tags: ['push'],
  access: 'user',
  response: pushTestResultSchema,
  errors: ['rate_limited'],
});
