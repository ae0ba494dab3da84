import {
  Done,
  HEADERS,
  LoginBody,
  LoginResult,
  PASSWORD_RESET_ANSWER,
  PasswordResetBody,
  PasswordResetHashBody,
  PasswordResetResult,
  UpdateMeBody,
  User,
} from '@inbox/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.ts';
import { spec, tagRoutes } from '../../http/route-spec.ts';
import { describeUser } from './company-summary.ts';
import { createAuthLimiters } from './limits.ts';
import { login } from './login.ts';
import { completePasswordReset, requestPasswordReset } from './password-reset.ts';
import { updateMe } from './profile.ts';
import { revokeSession } from './sessions.ts';

/** /auth/me does not require X-Company-Id; when sent, it only picks which company is current. */
const wantedCompany = (request: FastifyRequest) => {
  const id = Number(request.headers[HEADERS.company]);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'auth');
  const { db, config, mailer } = app.deps;
  const limiters = createAuthLimiters(db, config);

  app.post(
    '/auth/login',
    spec(
      'Sign in: a token, the user and its companies',
      {
        description:
          'Unknown email and wrong password answer the same 401. A suspended account answers 403 ' +
          'USER_SUSPENDED (only after a correct password). `company_id` picks the current company: one ' +
          'the user does not belong to answers 422 on company_id, a suspended one 403 COMPANY_SUSPENDED; ' +
          'without it the first active company by name is current. Failed attempts are limited per IP ' +
          'and per email (429 RATE_LIMITED with Retry-After).',
        body: LoginBody,
      },
      LoginResult,
    ),
    async (request) => {
      const origin = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      return ok(await login({ db, config, limiters, input: request.body, origin }));
    },
  );

  app.get(
    '/auth/me',
    {
      ...spec('The signed-in user, its companies and the current one', {}, User),
      preHandler: app.requireUser,
    },
    async (request) => ok(await describeUser(db, request.actor!.user, wantedCompany(request))),
  );

  app.put(
    '/auth/me',
    {
      ...spec(
        'Change one’s name or password',
        {
          description:
            'Only `name` and `password` (with `current_password`) are writable; other fields are ignored.',
          body: UpdateMeBody,
        },
        User,
      ),
      preHandler: app.requireUser,
    },
    async (request) => {
      const user = await updateMe({ ctx: request.ctx!, input: request.body });
      return ok(await describeUser(db, user, wantedCompany(request)));
    },
  );

  app.post(
    '/auth/logout',
    { ...spec('Revoke the current session', {}, Done), preHandler: app.requireUser },
    async (request) => {
      await revokeSession(db, request.actor!.sessionId);
      return done('Logged out');
    },
  );

  app.post(
    '/auth/password_reset',
    spec(
      'Mail a password reset link',
      {
        description: 'Always the same answer, whether or not the address exists. Limited per IP (429).',
        body: PasswordResetBody,
      },
      PasswordResetResult,
    ),
    async (request) => {
      await requestPasswordReset({
        db,
        config,
        mailer,
        log: request.log,
        limiters,
        email: request.body.email,
        ip: request.ip,
      });
      return ok({ code: 'success' as const, message: PASSWORD_RESET_ANSWER });
    },
  );

  app.post(
    '/auth/password_reset_hash',
    spec(
      'Set a new password with a mailed reset link',
      {
        description: 'The link works once, for 1 hour; success signs out every session of the user.',
        body: PasswordResetHashBody,
      },
      Done,
    ),
    async (request) => {
      await completePasswordReset(db, request.body.hash, request.body.password);
      return done('Password reset successful');
    },
  );
};
