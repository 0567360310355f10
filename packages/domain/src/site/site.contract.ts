import { defineEndpoint } from '../shared/contract';
import { siteInfoSchema } from './site.schemas';

export const getSiteInfo = defineEndpoint({
  method: 'GET',
  path: '/api/site',
  summary: "The instance's public details: the publisher's postal address when configured",
  tags: ['site'],
  access: 'public',
  response: siteInfoSchema,
});
