import {
  ZChangePasswordBody,
  ZDisableTwoFactorBody,
  ZEnableTwoFactorBody,
  ZExitImpersonationResponse,
  ZForgotPasswordBody,
  ZLoginBody,
  ZLoginResponse,
  ZLoginTwoFactorBody,
  ZRecoveryCodes,
  ZRegenerateRecoveryCodesBody,
  ZResetPasswordBody,
  ZSessionResponse,
  ZSignedInResponse,
  ZSignInLockList,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
  ZUnlockSignInBody,
} from '@portal/contract/auth';
import { ZOk } from '@portal/contract/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { clearSessionCookie, setSessionCookie, setTrustedDeviceCookie, TRUSTED_DEVICE_COOKIE } from '../../plugins/auth.ts';
import { PER_MINUTE } from '../../plugins/rate-limit.ts';
import {
  changePassword,
  completeTwoFactorSignIn,
  disableTwoFactor,
  enableTwoFactor,
  exitImpersonation,
  type LoginResult,
  listSignInLocks,
  login,
  logout,
  regenerateRecoveryCodes,
  requestPasswordReset,
  resetPassword,
  sessionInfo,
  startTwoFactorSetup,
  twoFactorStatus,
  unlockSignIn,
} from './service.ts';

export async function authRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['auth'], 'signedIn');
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
      errors: [423],
      rateLimit: signInLimit,
    },
    async (req, reply) => {
      const result = await login(req.ctx, req.body, req.cookies[TRUSTED_DEVICE_COOKIE]);
      if (result.kind === 'challenge') return { twoFactor: result.challenge };
      return signedIn(reply, result);
    },
  );

  /** A session's cookies: the session, and the trusted computer when this sign-in made one. */
  const signedIn = (reply: FastifyReply, result: Extract<LoginResult, { kind: 'session' }>) => {
    setSessionCookie(app, reply, result.token, result.remember);
    if (result.trustedDevice) setTrustedDeviceCookie(app, reply, result.trustedDevice);
    return { user: result.user };
  };

  route.post(
    '/api/auth/login/two-factor',
    {
      permission: 'public',
      summary: "Sign-in's second step: the code from the authenticator app (or a recovery code) for the password's challenge",
      body: ZLoginTwoFactorBody,
      response: ZSignedInResponse,
      errors: [423],
      rateLimit: signInLimit,
    },
    async (req, reply) => {
      const result = await completeTwoFactorSignIn(req.ctx, req.body);
      if (result.kind !== 'session') throw new Error('The code step ends in a session');
      return signedIn(reply, result);
    },
  );

  route.get(
    '/api/auth/two-factor',
    { summary: "The signed-in user's two-factor sign-in: on or off, when it is asked, codes left", response: ZTwoFactorStatus },
    (req) => twoFactorStatus(req.ctx),
  );

  route.post(
    '/api/auth/two-factor/setup',
    {
      summary: 'Start two-factor setup: a new secret as a QR code, an otpauth:// link and the key to type',
      response: ZTwoFactorSetup,
      errors: [409],
    },
    (req) => startTwoFactorSetup(req.ctx),
  );

  route.post(
    '/api/auth/two-factor/enable',
    {
      summary: 'Verify & Enable: a code from the new secret turns two-factor on; ten recovery codes are answered once',
      body: ZEnableTwoFactorBody,
      response: ZRecoveryCodes,
      errors: [409],
      rateLimit: signInLimit,
    },
    (req) => enableTwoFactor(req.ctx, req.body),
  );

  route.post(
    '/api/auth/two-factor/disable',
    {
      summary: 'Turn two-factor off, proven with a current code, a recovery code or the password',
      body: ZDisableTwoFactorBody,
      response: ZOk,
      errors: [409, 423],
      rateLimit: signInLimit,
    },
    (req) => disableTwoFactor(req.ctx, req.body),
  );

  route.post(
    '/api/auth/two-factor/recovery-codes',
    {
      summary: 'Make ten new recovery codes (the old ones stop working), after a current code',
      body: ZRegenerateRecoveryCodesBody,
      response: ZRecoveryCodes,
      errors: [409, 423],
      rateLimit: signInLimit,
    },
    (req) => regenerateRecoveryCodes(req.ctx, req.body.code),
  );

  route.post('/api/auth/logout', { permission: 'public', summary: 'End the session', response: ZOk }, async (req, reply) => {
    await logout(req.ctx);
    clearSessionCookie(app, reply);
  });

  route.post(
    '/api/auth/forgot-password',
    {
      permission: 'public',
      summary: 'Email a password reset link (the answer does not tell whether the address exists)',
      body: ZForgotPasswordBody,
      response: ZOk,
      rateLimit: resetLimit,
    },
    (req) => requestPasswordReset(req.ctx, req.body.email, req.body.portal),
  );

  route.post(
    '/api/auth/reset-password',
    {
      permission: 'public',
      summary: 'Choose a new password with an emailed reset token',
      body: ZResetPasswordBody,
      response: ZOk,
      rateLimit: resetLimit,
    },
    (req) => resetPassword(req.ctx, req.body.token, req.body.password),
  );

  route.post(
    '/api/auth/password',
    {
      summary: "Change the signed-in user's password (their other sessions end)",
      body: ZChangePasswordBody,
      response: ZOk,
      rateLimit: resetLimit,
    },
    (req) => changePassword(req.ctx, req.body),
  );

  route.post(
    '/api/auth/impersonation/exit',
    { summary: 'End "Viewing as" and return to the staff session, at the customer\'s detail page', response: ZExitImpersonationResponse },
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
    (req) => unlockSignIn(req.ctx, req.body.email),
  );
}
