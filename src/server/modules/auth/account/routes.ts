import { OkSchema } from '#shared/schemas/common';
import {
  AccountSchema,
  ChangeEmailSchema,
  ChangeOwnPasswordSchema,
  ConfirmEmailSchema,
  UpdateAccountSchema,
} from '#shared/schemas/account';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { changeOwnPassword } from './change-own-password.ts';
import { confirmEmailChange, requestEmailChange } from './change-email.ts';
import { getAccount } from './get-account.ts';
import { updateAccount } from './update-account.ts';

/** The signed-in user's own account: name, language, password and sign-in e-mail. */
export function registerAccountRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/account',
    {
      config: { policy: 'user', readAhead: true },
      schema: { tags: ['account'], summary: 'The signed-in user’s name, e-mail and language', response: { 200: AccountSchema } },
    },
    async (request) => getAccount(ctx, requireAuth(request)),
  );

  app.patch(
    '/api/account',
    {
      config: { policy: 'user' },
      schema: { tags: ['account'], summary: 'Change one’s name or language', body: UpdateAccountSchema, response: { 200: AccountSchema } },
    },
    async (request) => updateAccount(ctx, requireAuth(request), request.body),
  );

  app.put(
    '/api/account/password',
    {
      config: { policy: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: 'Change one’s password, given the current one; other sign-ins end',
        body: ChangeOwnPasswordSchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await changeOwnPassword(ctx, requireAuth(request), request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/email',
    {
      config: { policy: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: 'Mail a confirmation link to a new sign-in address',
        body: ChangeEmailSchema,
        response: { 200: AccountSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await requestEmailChange(ctx, auth, request.body, request.ip);
      return getAccount(ctx, auth);
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      // The link may be opened in a browser that is not signed in: the token alone names the change.
      config: { policy: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: 'Follow the mailed link: the new address becomes the sign-in address',
        body: ConfirmEmailSchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await confirmEmailChange(ctx, request.body.token);
      return { ok: true as const };
    },
  );
}
