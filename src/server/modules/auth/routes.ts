import { z } from 'zod';
import { MSG } from '#shared/messages';
import { ChangePasswordRequestSchema, ChangePasswordUpdateSchema, LoginSchema, TokenAnswerSchema } from '#shared/schemas/auth';
import type { AppContext } from '#server/context';
import { AppError } from '#server/http/errors';
import type { App } from '#server/http/types';
import { registerAccountRoutes } from './account/routes.ts';
import { requestPasswordCode, updatePasswordWithCode } from './password-codes.ts';
import { revokeSessionByToken, rotateSession, startSession } from './sessions.ts';
import { COOKIE, clearSessionCookies, frameMode, setSessionCookies, type FrameMode } from './session-cookies.ts';
import { signIn } from './sign-in.ts';

const Ok = z.object({ ok: z.literal(true) });

/** Cookie calls must say which frame they come from (CSRF defence); login and reset default to standalone. */
function requireFrame(mode: FrameMode | null): FrameMode {
  if (!mode) throw new AppError('bad_request', 'Missing X-Iframe header');
  return mode;
}

export function registerAuthRoutes(app: App, ctx: AppContext) {
  const loginRoute = (url: string) =>
    app.post(
      url,
      {
        config: { policy: 'public', plainTextErrors: true, acceptsFormBody: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags: ['auth'], summary: 'Sign in with e-mail and password', body: LoginSchema, response: { 200: TokenAnswerSchema } },
      },
      async (request, reply) => {
        const session = await signIn(ctx, request.body, request.ip);
        setSessionCookies(request, reply, frameMode(request) ?? 'standalone', session.access, session.refresh);
        return session.access;
      },
    );
  loginRoute('/api/auth/public/login');
  // The storefront's app proxy forwards the same form; it signs in the same way.
  loginRoute('/api/auth/proxy/login');

  app.post(
    '/api/auth/public/refresh',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and issue a new access cookie; 204 when no refresh cookie came (signed out)',
        response: { 200: TokenAnswerSchema, 204: z.null().describe('No refresh cookie: nothing to refresh') },
      },
    },
    async (request, reply) => {
      const mode = requireFrame(frameMode(request));
      const presented = request.cookies[COOKIE.refresh[mode]];
      // Every signed-out start of the app asks; having no session is its normal state, not an error to log.
      if (!presented) return reply.status(204).send(null);
      const session = await rotateSession(ctx, presented);
      if (!session) {
        clearSessionCookies(request, reply, mode);
        throw new AppError('unauthorized', MSG.signInRequired);
      }
      setSessionCookies(request, reply, mode, session.access, session.refresh);
      return session.access;
    },
  );

  app.post(
    '/api/auth/public/logout',
    { config: { policy: 'public' }, schema: { tags: ['auth'], summary: 'End the session', response: { 200: Ok } } },
    async (request, reply) => {
      const mode = requireFrame(frameMode(request));
      const presented = request.cookies[COOKIE.refresh[mode]];
      if (presented) await revokeSessionByToken(ctx, presented);
      clearSessionCookies(request, reply, mode);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/public/change-password/request',
    {
      config: { policy: 'public', plainTextErrors: true, acceptsFormBody: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password code (201 for any address)',
        body: ChangePasswordRequestSchema,
        response: { 201: Ok },
      },
    },
    async (request, reply) => {
      await requestPasswordCode(ctx, request.body.store, request.body.email);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.post(
    '/api/auth/public/change-password/update',
    {
      config: { policy: 'public', plainTextErrors: true, acceptsFormBody: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed code, and sign in',
        body: ChangePasswordUpdateSchema,
        response: { 201: TokenAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = await updatePasswordWithCode(ctx, request.body);
      const session = await startSession(ctx, user);
      setSessionCookies(request, reply, frameMode(request) ?? 'standalone', session.access, session.refresh);
      return reply.status(201).send(session.access);
    },
  );

  registerAccountRoutes(app, ctx);
}
