import { ZApiError, ZIdParams, ZOk } from '@portal/contract/common';
import {
  ZMessageResponse,
  ZRegisterBody,
  ZRegisterResponse,
  ZRegistrationList,
  ZRejectRegistrationBody,
  ZResendVerificationBody,
  ZVerifyEmailBody,
} from '@portal/contract/registration';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { PER_MINUTE } from '../../plugins/rate-limit.ts';
import * as service from './service.ts';

export async function registrationRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['registration']);
  // Sign-up and its links share the password reset's limit per client address.
  const limit = { config: { rateLimit: { max: route.app.config.RATE_LIMIT_PASSWORD_RESET_PER_MINUTE, timeWindow: PER_MINUTE } } };

  route.post(
    '/api/auth/register',
    {
      permission: 'public',
      summary: "Sign up a new company and its first Admin (settings' allowUserSelfRegistration); pending staff approval",
      body: ZRegisterBody,
      response: ZRegisterResponse,
      status: 201,
      options: limit,
    },
    (req) => service.register(req.ctx, req.body),
  );

  route.post(
    '/api/auth/verify-email',
    {
      permission: 'public',
      summary: "Verify a new registration's email address with the emailed token",
      body: ZVerifyEmailBody,
      response: ZMessageResponse,
      options: limit,
    },
    (req) => service.verifyEmail(req.ctx, req.body.token),
  );

  route.post(
    '/api/auth/verify-email/resend',
    {
      permission: 'public',
      summary: 'Email a new verification link (the answer does not tell whether the address has a registration)',
      body: ZResendVerificationBody,
      response: ZMessageResponse,
      options: limit,
    },
    (req) => service.resendVerification(req.ctx, req.body.email),
  );

  route.get(
    '/api/admin/customers/registrations',
    { permission: 'customers.read', summary: 'Registrations from the sign-up page awaiting review', response: ZRegistrationList },
    (req) => service.listRegistrations(req.ctx),
  );

  route.post(
    '/api/admin/customers/:id/registration/approve',
    {
      permission: 'customers.write',
      summary: 'Approve a registration: the company becomes active and its Admin may sign in',
      params: ZIdParams,
      response: ZOk,
      errors: { 409: ZApiError },
    },
    async (req) => {
      await service.approveRegistration(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  route.post(
    '/api/admin/customers/:id/registration/reject',
    {
      permission: 'customers.write',
      summary: 'Reject a registration with a reason emailed to the applicant',
      params: ZIdParams,
      body: ZRejectRegistrationBody,
      response: ZOk,
      errors: { 409: ZApiError },
    },
    async (req) => {
      await service.rejectRegistration(req.ctx, req.params.id, req.body.reason);
      return { ok: true as const };
    },
  );
}
