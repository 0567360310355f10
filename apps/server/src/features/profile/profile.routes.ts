import type { FastifyInstance } from 'fastify';
import { getProfile as getProfileEndpoint, putProfile } from '@glucosuivi/domain/profile/profile.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { getProfile, saveProfile, type ProfileDeps } from './profile.service';

export function profileRoutes(app: FastifyInstance, deps: ProfileDeps) {
  registerEndpoint(app, getProfileEndpoint, ({ request }) => getProfile(deps, request.actor));
  registerEndpoint(app, putProfile, ({ request, body }) => saveProfile(deps, request.actor, body));
}
