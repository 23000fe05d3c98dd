import {
  ZChangePasswordBody,
  ZExitImpersonationResponse,
  ZForgotPasswordBody,
  ZLoginBody,
  ZLoginResponse,
  ZResetPasswordBody,
  ZSessionResponse,
  ZSignInLockList,
  ZUnlockSignInBody,
} from '@portal/contract/auth';
import { ZApiError, ZOk } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import { PER_MINUTE } from '../../plugins/rate-limit.ts';
import {
  changePassword,
  exitImpersonation,
  listSignInLocks,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
  sessionInfo,
  unlockSignIn,
} from './service.ts';

export async function authRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['auth']);
  const { app } = route;

  route.get('/api/auth/session', { permission: 'public', summary: 'The signed-in user, if any', response: ZSessionResponse }, (req) =>
    sessionInfo(req.ctx),
  );

  const signInLimit = { max: app.config.RATE_LIMIT_SIGN_IN_PER_MINUTE, timeWindow: PER_MINUTE };
  const resetLimit = { max: app.config.RATE_LIMIT_PASSWORD_RESET_PER_MINUTE, timeWindow: PER_MINUTE };

  route.post(
    '/api/auth/login',
    {
      permission: 'public',
      summary: 'Sign in to the admin or the customer portal',
      body: ZLoginBody,
      response: ZLoginResponse,
      errors: { 423: ZApiError },
      options: { config: { rateLimit: signInLimit } },
    },
    async (req, reply) => {
      const result = await login(req.ctx, req.body);
      setSessionCookie(app, reply, result.token, result.remember);
      return { user: result.user };
    },
  );

  route.post('/api/auth/logout', { permission: 'public', summary: 'End the session', response: ZOk }, async (req, reply) => {
    await logout(req.ctx);
    clearSessionCookie(app, reply);
    return { ok: true as const };
  });

  route.post(
    '/api/auth/forgot-password',
    {
      permission: 'public',
      summary: 'Email a password reset link (the answer does not tell whether the address exists)',
      body: ZForgotPasswordBody,
      response: ZOk,
      options: { config: { rateLimit: resetLimit } },
    },
    async (req) => {
      await requestPasswordReset(req.ctx, req.body.email, req.body.portal);
      return { ok: true as const };
    },
  );

  route.post(
    '/api/auth/reset-password',
    {
      permission: 'public',
      summary: 'Choose a new password with an emailed reset token',
      body: ZResetPasswordBody,
      response: ZOk,
      options: { config: { rateLimit: resetLimit } },
    },
    async (req) => {
      await resetPassword(req.ctx, req.body.token, req.body.password);
      return { ok: true as const };
    },
  );

  route.post(
    '/api/auth/password',
    {
      permission: 'signedIn',
      summary: "Change the signed-in user's password (their other sessions end)",
      body: ZChangePasswordBody,
      response: ZOk,
      options: { config: { rateLimit: resetLimit } },
    },
    async (req) => {
      await changePassword(req.ctx, req.body);
      return { ok: true as const };
    },
  );

  route.post(
    '/api/auth/impersonation/exit',
    {
      permission: 'signedIn',
      summary: 'End "Viewing as" and return to the staff session, at the customer\'s detail page',
      response: ZExitImpersonationResponse,
    },
    async (req, reply) => {
      const { token, redirectTo } = await exitImpersonation(req.ctx);
      setSessionCookie(app, reply, token, false);
      return { ok: true as const, redirectTo };
    },
  );

  route.get(
    '/api/admin/sign-in-locks',
    {
      permission: 'users.unlock',
      summary: 'Addresses refused at sign-in right now after too many failed attempts',
      response: ZSignInLockList,
    },
    (req) => listSignInLocks(req.ctx),
  );

  route.post(
    '/api/admin/sign-in-locks/unlock',
    {
      permission: 'users.unlock',
      summary: 'Let a locked address sign in again before the lockout runs out',
      body: ZUnlockSignInBody,
      response: ZOk,
    },
    async (req) => {
      await unlockSignIn(req.ctx, req.body.email);
      return { ok: true as const };
    },
  );
}
