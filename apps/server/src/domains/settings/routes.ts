import { ZSystemSettingsBody, ZSystemSettingsView, ZTestEmailBody, ZTestEmailResult } from '@portal/contract/settings';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { readSettings, saveSettings, sendTestEmail } from './service.ts';

export async function settingsRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['settings'], { read: 'settings.read', write: 'settings.write' });

  route.get('/api/settings', { summary: 'System settings (the SMTP password is never returned)', response: ZSystemSettingsView }, (req) =>
    readSettings(req.ctx),
  );

  route.put(
    '/api/settings',
    { summary: 'Save system settings (any subset, within their bounds)', body: ZSystemSettingsBody, response: ZSystemSettingsView },
    (req) => saveSettings(req.ctx, req.body),
  );

  route.post(
    '/api/settings/test-email',
    {
      summary: 'Send a test email through the configured SMTP server (or into the outbox)',
      body: ZTestEmailBody,
      response: ZTestEmailResult,
      errors: [422],
    },
    (req) => sendTestEmail(req.ctx, req.body.to),
  );
}
