import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '@glucosuivi/domain/accounts/accounts.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { applyCookies, webHeaders } from '../../platform/http/web-headers';
import { AppError } from '../../platform/http/app-error';
import {
  exportData,
  listSpecialties,
  requestDeletion,
  signUp,
  type AccountsDeps,
  type RequestContext,
} from './accounts.service';
import {
  getSession,
  listSessions,
  requestSignInUnlock,
  revokeSession,
  signIn,
  signOut,
  unlockSignIn,
  verifySecondFactor,
} from './account-sign-in.service';
import {
  changeEmail,
  confirmEmailChange,
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  forgotPassword,
  resetPassword,
} from './account-credentials.service';

function context(request: FastifyRequest): RequestContext {
  const ua = request.headers['user-agent'];
  return { headers: webHeaders(request), ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}

function requireActor(request: FastifyRequest) {
  if (!request.actor) throw new AppError('unauthenticated');
  return request.actor;
}

export function accountsRoutes(app: FastifyInstance, deps: AccountsDeps) {
  registerEndpoint(app, contract.signUp, async ({ body, request, reply }) => {
    const outcome = await signUp(deps, body, context(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.signIn, async ({ body, request, reply }) => {
    const outcome = await signIn(deps, body, context(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.requestSignInUnlock, async ({ body, request }) => {
    await requestSignInUnlock(deps, body.email, context(request));
    return { ok: true as const };
  });

  registerEndpoint(app, contract.unlockSignIn, async ({ body, request, reply }) => {
    const outcome = await unlockSignIn(deps, body.token, context(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.verifyTotp, async ({ body, request, reply }) => {
    const outcome = await verifySecondFactor(deps, { kind: 'totp', ...body }, context(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.verifyBackupCode, async ({ body, request, reply }) => {
    const outcome = await verifySecondFactor(deps, { kind: 'backup', code: body.code }, context(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.getSession, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const outcome = await getSession(deps, webHeaders(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.signOut, async ({ body, request, reply }) => {
    const outcome = await signOut(deps, webHeaders(request), body?.everywhere ?? false, request.actor);
    applyCookies(reply, outcome.setCookies);
    return { ok: true as const };
  });

  registerEndpoint(app, contract.listSessions, async ({ request }) => {
    const session = await getSession(deps, webHeaders(request));
    return listSessions(deps, requireActor(request), session.value?.session.id ?? null);
  });

  registerEndpoint(app, contract.revokeSession, async ({ params, request }) => {
    await revokeSession(deps, requireActor(request), params.id);
    return { ok: true as const };
  });

  registerEndpoint(app, contract.listSpecialties, async ({ query }) => listSpecialties(deps, query.lang));

  registerEndpoint(app, contract.requestDeletion, async ({ request, reply }) => {
    const result = await requestDeletion(deps, requireActor(request), context(request));
    // The session is gone: clear the browser's cookie too.
    const cleared = await signOut(deps, webHeaders(request), false, null);
    applyCookies(reply, cleared.setCookies);
    return result;
  });

  registerEndpoint(app, contract.forgotPassword, async ({ body, request }) => {
    await forgotPassword(deps, body.email, context(request));
    return { ok: true as const };
  });

  registerEndpoint(app, contract.resetPassword, async ({ body, request }) => {
    await resetPassword(deps, { token: body.token, password: body.password }, context(request));
    return { ok: true as const };
  });

  registerEndpoint(app, contract.changeEmail, async ({ body, actor, request }) => {
    await changeEmail(deps, actor, body, context(request));
    return { ok: true as const };
  });

  registerEndpoint(app, contract.confirmEmailChange, async ({ body, actor, request }) => {
    return confirmEmailChange(deps, actor, body.token, context(request));
  });

  registerEndpoint(app, contract.exportData, async ({ actor, reply }) => {
    const archive = await exportData(deps, actor);
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', contract.ZIP_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="glucosuivi-mes-donnees-${day}.zip"`);
    return Readable.from(archive);
  });

  registerEndpoint(app, contract.enableTwoFactor, async ({ body, request, reply }) => {
    const outcome = await enableTwoFactor(deps, body.password, context(request));
    applyCookies(reply, outcome.setCookies);
    const value = outcome.value as { totpUri: string; backupCodes: string[] };
    return value;
  });

  registerEndpoint(app, contract.confirmTwoFactor, async ({ body, actor, request, reply }) => {
    const outcome = await confirmTwoFactor(deps, actor, body.code, context(request));
    applyCookies(reply, outcome.setCookies);
    return { ok: true as const };
  });

  registerEndpoint(app, contract.disableTwoFactor, async ({ body, actor, request, reply }) => {
    const outcome = await disableTwoFactor(deps, actor, body.password, context(request));
    applyCookies(reply, outcome.setCookies);
    return { ok: true as const };
  });
}
