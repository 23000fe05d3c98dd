import { ZForgotPasswordBody, ZLoginBody, ZLoginResponse, ZResetPasswordBody, ZSessionResponse } from '@portal/contract/auth';
import { ZApiError, ZOk } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookie } from '../../plugins/auth.ts';
import { getSettings } from '../settings/service.ts';
import { currentUser, exitImpersonation, login, logout, requestPasswordReset, resetPassword, setSessionCookie } from './service.ts';

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/auth/session',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], summary: 'The signed-in user, if any', response: { 200: ZSessionResponse } },
    },
    async (req) => {
      const settings = await getSettings(app.db);
      return { user: await currentUser(app, req.auth), brand: app.config.PORTAL_BRAND, idleTimeoutMinutes: settings.sessionTimeout };
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in to the admin or the customer portal',
        body: ZLoginBody,
        response: { 200: ZLoginResponse, 400: ZApiError, 401: ZApiError, 423: ZApiError },
      },
    },
    async (req, reply) => {
      const result = await login(app, req, req.body);
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
      await logout(app, req);
      clearSessionCookie(app, reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (the answer does not tell whether the address exists)',
        body: ZForgotPasswordBody,
        response: { 200: ZOk, 400: ZApiError },
      },
    },
    async (req) => {
      await requestPasswordReset(app, req, req.body.email, req.body.portal);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with an emailed reset token',
        body: ZResetPasswordBody,
        response: { 200: ZOk, 400: ZApiError },
      },
    },
    async (req) => {
      await resetPassword(app, req, req.body.token, req.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/impersonation/exit',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'End "Viewing as" and return to the staff session',
        response: { 200: ZOk, 400: ZApiError, 403: ZApiError },
      },
    },
    async (req, reply) => {
      const token = await exitImpersonation(app, req);
      setSessionCookie(app, reply, token, false);
      return { ok: true as const };
    },
  );
}
