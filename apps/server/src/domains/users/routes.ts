import { ZPage } from '@portal/contract/common';
import { ZActivityEntry } from '@portal/contract/customers';
import { ZRecordName } from '@portal/contract/shell';
import {
  ZCreateUserBody,
  ZListUsersQuery,
  ZMyProfile,
  ZUpdateMyProfileBody,
  ZUpdateUserBody,
  ZUser,
  ZUserStatusBody,
} from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/**
 * Users (admin spec 2.11, customer spec Users): staff Admins manage staff users, customer Admins
 * their company's users; the caller decides which, never the request.
 */
export async function userRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['users'], { read: 'users.read', write: 'users.write' });

  route.get(
    '/api/users',
    { summary: 'Users the caller manages, filtered, sorted and paged', query: ZListUsersQuery, response: ZPage(ZUser) },
    (req) => service.listUsers(req.ctx, req.query),
  );

  route.get('/api/users/:id', { summary: 'A user', response: ZUser }, (req) => service.getUser(req.ctx, req.params.id));

  route.get('/api/names/users/:id', { summary: "A user's name for breadcrumbs", response: ZRecordName }, async (req) => {
    const user = await service.getUser(req.ctx, req.params.id);
    return { id: user.id, name: user.name };
  });

  route.get(
    '/api/users/:id/activity',
    { summary: "The user's activity: changes to the user and what they did", response: z.array(ZActivityEntry) },
    (req) => service.userActivity(req.ctx, req.params.id),
  );

  route.create(
    '/api/users',
    { summary: 'Add a user with a temporary password, or invite them by email', body: ZCreateUserBody, response: ZUser },
    (req) => service.createUser(req.ctx, req.body),
  );

  route.put('/api/users/:id', { summary: 'Edit a user (a New Password is temporary)', body: ZUpdateUserBody, response: ZUser }, (req) =>
    service.updateUser(req.ctx, req.params.id, req.body),
  );

  route.post(
    '/api/users/:id/status',
    { summary: 'Activate or deactivate a user (deactivation ends their sessions)', body: ZUserStatusBody, response: ZUser, errors: [409] },
    (req) => service.setUserStatus(req.ctx, req.params.id, req.body),
  );

  route.post(
    '/api/users/:id/two-factor/reset',
    {
      permission: 'users.resetTwoFactor',
      summary: "Reset a user's two-factor sign-in (a lost phone): it is off until they set it up again; they are notified",
      response: ZUser,
      errors: [409],
    },
    (req) => service.resetTwoFactor(req.ctx, req.params.id),
  );

  route.post('/api/users/:id/invite', { summary: 'Send a new invitation email', response: ZUser, errors: [409] }, (req) =>
    service.resendInvitation(req.ctx, req.params.id),
  );

  // My Profile and User Settings' Basic Information: every signed-in user's own record, whoever they are.
  route.get(
    '/api/me/profile',
    { permission: 'signedIn', summary: "The signed-in user's profile, with their company (the provider for staff)", response: ZMyProfile },
    (req) => service.getMyProfile(req.ctx),
  );

  route.put(
    '/api/me/profile',
    {
      permission: 'signedIn',
      summary: "Save the signed-in user's profile (name, email, phone, job title, department, time zone, language)",
      body: ZUpdateMyProfileBody,
      response: ZMyProfile,
      errors: [409],
    },
    (req) => service.updateMyProfile(req.ctx, req.body),
  );
}
