import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import * as contract from '@glucosuivi/domain/accounts/accounts.contract';
import { defineEndpoint } from '@glucosuivi/domain/shared/contract';
import { MAX_PASSWORD_LENGTH } from '@glucosuivi/domain/accounts/accounts.schemas';
import { registerEndpoint } from '../../platform/http/contract';
import { applyCookies, webHeaders } from '../../platform/http/web-headers';
import { AppError } from '../../platform/http/app-error';
import type { AccountsService, RequestContext } from './accounts.service';

function context(request: FastifyRequest): RequestContext {
  const ua = request.headers['user-agent'];
  return { headers: webHeaders(request), ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}

function requireActor(request: FastifyRequest) {
  if (!request.actor) throw new AppError('unauthenticated');
  return request.actor;
}

// Two-factor enrolment endpoints live with the routes that use them (settings screen).
export const enableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/two-factor/enable',
  summary: 'Start TOTP enrolment: returns the otpauth URI and backup codes',
  tags: ['accounts'],
  access: 'user',
  body: z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) }).strict(),
  response: z.object({ totpUri: z.string(), backupCodes: z.array(z.string()) }),
  errors: ['invalid_credentials', 'rate_limited'],
});
export const confirmTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/two-factor/confirm',
  summary: 'Finish TOTP enrolment with a first code',
  tags: ['accounts'],
  access: 'user',
  body: z.object({ code: z.string().regex(/^\d{6}$/, 'codeInvalid') }).strict(),
  response: z.object({ ok: z.literal(true) }),
  errors: ['invalid_code', 'rate_limited'],
});
export const disableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/two-factor/disable',
  summary: 'Turn two-factor sign-in off (password required)',
  tags: ['accounts'],
  access: 'user',
  body: z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) }).strict(),
  response: z.object({ ok: z.literal(true) }),
  errors: ['invalid_credentials', 'rate_limited'],
});

export function accountsRoutes(app: FastifyInstance, service: AccountsService) {
  registerEndpoint(app, contract.signUp, async ({ body, request, reply }) => {
    const outcome = await service.signUp(body, context(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.signIn, async ({ body, request, reply }) => {
    const outcome = await service.signIn(body, context(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.verifyTotp, async ({ body, request, reply }) => {
    const outcome = await service.verifySecondFactor({ kind: 'totp', ...body }, context(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.verifyBackupCode, async ({ body, request, reply }) => {
    const outcome = await service.verifySecondFactor({ kind: 'backup', code: body.code }, context(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.getSession, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const outcome = await service.getSession(webHeaders(request));
    applyCookies(reply, outcome.setCookies);
    return outcome.value;
  });

  registerEndpoint(app, contract.signOut, async ({ body, request, reply }) => {
    const outcome = await service.signOut(webHeaders(request), body?.everywhere ?? false, request.actor);
    applyCookies(reply, outcome.setCookies);
    return { ok: true as const };
  });

  registerEndpoint(app, contract.listSessions, async ({ request }) => {
    const session = await service.getSession(webHeaders(request));
    return service.listSessions(requireActor(request), session.value?.session.id ?? null);
  });

  registerEndpoint(app, contract.revokeSession, async ({ params, request }) => {
    await service.revokeSession(requireActor(request), params.id);
    return { ok: true as const };
  });

  registerEndpoint(app, contract.listSpecialties, async () => service.listSpecialties());

  registerEndpoint(app, contract.requestDeletion, async ({ request, reply }) => {
    const result = await service.requestDeletion(requireActor(request), context(request));
    // The session is gone: clear the browser's cookie too.
    const cleared = await service.signOut(webHeaders(request), false, null);
    applyCookies(reply, cleared.setCookies);
    return result;
  });

  registerEndpoint(app, contract.forgotPassword, async ({ body, request }) => {
    await service.forgotPassword(body.email, context(request));
    return { ok: true as const };
  });

  registerEndpoint(app, contract.resetPassword, async ({ body, request }) => {
    await service.resetPassword({ token: body.token, password: body.password }, context(request));
    return { ok: true as const };
  });

  registerEndpoint(app, contract.changeEmail, async ({ body, actor, request, reply }) => {
    const outcome = await service.changeEmail(actor, body, context(request));
    applyCookies(reply, outcome.setCookies);
    return { ok: true as const };
  });

  // A file download, not JSON: declared for the OpenAPI document, answered as application/zip.
  app.get(
    '/api/accounts/export.zip',
    { schema: { summary: 'Download all my data (ZIP: JSON and CSV)', tags: ['accounts'] } },
    async (request, reply) => {
      const actor = requireActor(request);
      const archive = await service.exportData(actor);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="glucosuivi-mes-donnees-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );

  registerEndpoint(app, enableTwoFactor, async ({ body, request, reply }) => {
    const outcome = await service.twoFactor('enable', requireActor(request), { password: body.password }, context(request));
    applyCookies(reply, outcome.setCookies);
    const value = outcome.value as { totpUri: string; backupCodes: string[] };
    return value;
  });

  registerEndpoint(app, confirmTwoFactor, async ({ body, request, reply }) => {
    const outcome = await service.twoFactor('confirm', requireActor(request), { code: body.code }, context(request));
    applyCookies(reply, outcome.setCookies);
    return { ok: true as const };
  });

  registerEndpoint(app, disableTwoFactor, async ({ body, request, reply }) => {
    const outcome = await service.twoFactor('disable', requireActor(request), { password: body.password }, context(request));
    applyCookies(reply, outcome.setCookies);
    return { ok: true as const };
  });
}
