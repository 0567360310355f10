import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import { followedSiteAnswerSchema, followedSiteSchema, followSiteInputSchema } from './nightscout-follow.schemas';

// The followed Nightscout site (signed in, patients only). One per patient: no id in the path.

export const getFollowedSite = defineEndpoint({
  method: 'GET',
  path: '/api/nightscout/followed-site',
  summary: 'The Nightscout site I follow, if any: address, credential hint, last sync, last error, next attempt',
  tags: ['nightscout'],
  access: 'user',
  response: followedSiteAnswerSchema,
  errors: ['forbidden'],
});

export const followSite = defineEndpoint({
  method: 'PUT',
  path: '/api/nightscout/followed-site',
  summary: 'Follows a Nightscout site (or replaces the followed one) with a read token or API_SECRET; its first sync starts at once',
  tags: ['nightscout'],
  access: 'user',
  body: followSiteInputSchema,
  response: followedSiteSchema,
  errors: ['forbidden', 'conflict', 'premium_required'],
});

export const unfollowSite = defineEndpoint({
  method: 'DELETE',
  path: '/api/nightscout/followed-site',
  summary: 'Stops following the site (idempotent); what was imported stays',
  tags: ['nightscout'],
  access: 'user',
  status: 204,
  response: z.null(),
  errors: ['forbidden'],
});

export const syncFollowedSite = defineEndpoint({
  method: 'POST',
  path: '/api/nightscout/followed-site/sync',
  summary: 'Polls the followed site now and answers the outcome (at most once every 30 seconds)',
  tags: ['nightscout'],
  access: 'user',
  response: followedSiteSchema,
  errors: ['forbidden', 'not_found', 'rate_limited', 'premium_required'],
});
