import {
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import { PER_MINUTE } from '../../plugins/rate-limit.ts';
import {
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
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/auth/session',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], summary: 'The signed-in user, if any', response: { 200: ZSessionResponse } },
    },
    (req) => sessionInfo(req.ctx),
  );

  const signInLimit = { max: app.config.RATE_LIMIT_SIGN_IN_PER_MINUTE, timeWindow: PER_MINUTE };
  const resetLimit = { max: app.config.RATE_LIMIT_PASSWORD_RESET_PER_MINUTE, timeWindow: PER_MINUTE };

  app.post(
    '/api/auth/login',
    {
      config: { permission: 'public', rateLimit: signInLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in to the admin or the customer portal',
        body: ZLoginBody,
        response: { 200: ZLoginResponse, 423: ZApiError },
      },
    },
    async (req, reply) => {
      const result = await login(req.ctx, req.body);
      setSessionCookie(app, reply, result.token, result.remember);
      return { user: result.user };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], summary: 'End the session', response: { 200: ZOk } },
    },
    async (req, reply) => {
      await logout(req.ctx);
      clearSessionCookie(app, reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { permission: 'public', rateLimit: resetLimit },
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (the answer does not tell whether the address exists)',
        body: ZForgotPasswordBody,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      await requestPasswordReset(req.ctx, req.body.email, req.body.portal);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { permission: 'public', rateLimit: resetLimit },
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with an emailed reset token',
        body: ZResetPasswordBody,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      await resetPassword(req.ctx, req.body.token, req.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/impersonation/exit',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'End "Viewing as" and return to the staff session, at the customer\'s detail page',
        response: { 200: ZExitImpersonationResponse },
      },
    },
    async (req, reply) => {
      const { token, redirectTo } = await exitImpersonation(req.ctx);
      setSessionCookie(app, reply, token, false);
      return { ok: true as const, redirectTo };
    },
  );

  app.get(
    '/api/admin/sign-in-locks',
    {
      config: { permission: 'users.unlock' },
      schema: {
        tags: ['auth'],
        summary: 'Addresses refused at sign-in right now after too many failed attempts',
        response: { 200: ZSignInLockList },
      },
    },
    (req) => listSignInLocks(req.ctx),
  );

  app.post(
    '/api/admin/sign-in-locks/unlock',
    {
      config: { permission: 'users.unlock' },
      schema: {
        tags: ['auth'],
        summary: 'Let a locked address sign in again before the lockout runs out',
        body: ZUnlockSignInBody,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      await unlockSignIn(req.ctx, req.body.email);
      return { ok: true as const };
    },
  );
}
