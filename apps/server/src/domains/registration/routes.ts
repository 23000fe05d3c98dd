import { ZOk } from '@portal/contract/common';
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
  const route = routesFor(fastify, ['registration'], { read: 'customers.read', write: 'customers.write' });
  // Sign-up and its links share the password reset's limit per client address.
  const limit = { max: route.app.config.RATE_LIMIT_PASSWORD_RESET_PER_MINUTE, timeWindow: PER_MINUTE };

  route.create(
    '/api/auth/register',
    {
      permission: 'public',
      summary: "Sign up a new company and its first Admin (settings' allowUserSelfRegistration); pending staff approval",
      body: ZRegisterBody,
      response: ZRegisterResponse,
      rateLimit: limit,
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
      rateLimit: limit,
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
      rateLimit: limit,
    },
    (req) => service.resendVerification(req.ctx, req.body.email),
  );

  route.get(
    '/api/admin/customers/registrations',
    { summary: 'Registrations from the sign-up page awaiting review', response: ZRegistrationList },
    (req) => service.listRegistrations(req.ctx),
  );

  route.post(
    '/api/admin/customers/:id/registration/approve',
    { summary: 'Approve a registration: the company becomes active and its Admin may sign in', response: ZOk, errors: [409] },
    (req) => service.approveRegistration(req.ctx, req.params.id),
  );

  route.post(
    '/api/admin/customers/:id/registration/reject',
    {
      summary: 'Reject a registration with a reason emailed to the applicant',
      body: ZRejectRegistrationBody,
      response: ZOk,
      errors: [409],
    },
    (req) => service.rejectRegistration(req.ctx, req.params.id, req.body.reason),
  );
}
