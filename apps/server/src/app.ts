import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accountRoutes } from './domains/accounts/routes.ts';
import { apiAccessRoutes } from './domains/api-access/routes.ts';
import { auditRoutes } from './domains/audit/routes.ts';
import { authRoutes } from './domains/auth/routes.ts';
import { billingRoutes } from './domains/billing/routes.ts';
import { companyRoutes } from './domains/company/routes.ts';
import { complianceRoutes } from './domains/compliance/routes.ts';
import { customerRoutes } from './domains/customers/routes.ts';
import { dashboardRoutes } from './domains/dashboard/routes.ts';
import { emailRoutes } from './domains/email/routes.ts';
import { healthRoutes } from './domains/health/routes.ts';
import { ingestRoutes, platformTokenRoutes } from './domains/ingestion/routes.ts';
import { messagingRoutes } from './domains/messaging/routes.ts';
import { notificationRoutes } from './domains/notifications/routes.ts';
import { numberRoutes } from './domains/numbers/routes.ts';
import { publicApiRoutes } from './domains/public-api/routes.ts';
import { registrationRoutes } from './domains/registration/routes.ts';
import { reportExportRoutes } from './domains/reports/export-routes.ts';
import { reportRoutes } from './domains/reports/routes.ts';
import { settingsRoutes } from './domains/settings/routes.ts';
import { shellRoutes } from './domains/shell/routes.ts';
import { supportRoutes } from './domains/support/routes.ts';
import { userRoutes } from './domains/users/routes.ts';
import { voiceRoutes } from './domains/voice/routes.ts';
import { webhookRoutes } from './domains/webhooks/routes.ts';
import { type JobDefinition, type JobQueueOptions, openJobQueue } from './jobs/queue.ts';
import { ALL_JOBS } from './jobs/registry.ts';
import { ADMISSION_HOLD_MS, AdmissionGate } from './lib/admission.ts';
import { closeLiveHub, holdLiveHub } from './lib/live.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { answerCachePlugin } from './plugins/answer-cache.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';
import './server-types.ts';

/** Secrets that travel in query strings (a reset link's token) never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|key|secret|password|code)=)[^&#]*/gi, '$1[redacted]');
}

export interface BuildOptions {
  database: Database;
  config: Config;
  /** Tests pass false. */
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them; implies logger). */
  logStream?: { write(line: string): void };
  /**
   * The job queue: opened with the app (pg-boss's tables and a queue per job) and stopped when it
   * closes, after the last request; `workers: false` only enqueues. Tests leave it off (enqueue
   * still writes jobs: the test database has the queue's tables) or open it with their own jobs.
   */
  jobs?: (Partial<JobQueueOptions> & { definitions?: readonly JobDefinition<never>[] }) | false;
}

/** Builds the app: plugins first, then the domain modules. Does not listen. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { database, config, logStream, jobs = false } = opts;
  const logger = (opts.logger ?? true) || logStream !== undefined;
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          ...(logStream ? { stream: logStream } : {}),
          redact: {
            paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]'],
            censor: '[redacted]',
          },
          serializers: {
            req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
              method: req.method,
              url: redactUrl(req.url),
              host: req.host,
              remoteAddress: req.ip,
            }),
          },
        }
      : false,
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'].slice(0, 64) : randomUUID()),
    requestIdHeader: false,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (nobody by default).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Errors raised before a route runs (path parameter too long, undecodable URL) and requests
    // Node's parser refuses (oversized request line or headers: 431) answer in the API's shape.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // first: its request context reaches every later hook's statements (the slow-query log)
  await app.register(metricsPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.COOKIE_SECURE,
  });
  await app.register(cookie);
  // a kept answer goes out before the admission line and the session lookup
  await app.register(answerCachePlugin);
  // Before anything reads the database (kept answers read none): an API request past API_CONCURRENCY waits its turn here,
  // and gives its place back once its answer is handed over (lib/admission.ts).
  const gate = config.API_CONCURRENCY > 0 ? new AdmissionGate(config.API_CONCURRENCY, ADMISSION_HOLD_MS) : null;
  app.decorate('admission', gate);
  if (gate) {
    const places = new WeakMap<FastifyRequest, () => void>();
    const leave = async (req: FastifyRequest) => places.get(req)?.();
    app.addHook('onRequest', async (req) => {
      // a live event stream stays open: it is not a request being worked on
      if (req.url.startsWith('/api/') && !req.headers.accept?.includes('text/event-stream')) places.set(req, await gate.enter());
    });
    app.addHook('onSend', leave);
    app.addHook('onResponse', leave);
    app.addHook('onRequestAbort', leave);
  }

  // API answers above 1 kB travel gzip-compressed when the client accepts it (the web app's files
  // are compressed at build time, and @fastify/static sends those copies as they are).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(notificationRoutes);
  await app.register(emailRoutes);
  await app.register(shellRoutes);
  await app.register(registrationRoutes);
  await app.register(customerRoutes);
  await app.register(accountRoutes);
  await app.register(companyRoutes);
  await app.register(billingRoutes);
  await app.register(dashboardRoutes);
  await app.register(reportRoutes);
  await app.register(reportExportRoutes);
  await app.register(numberRoutes);
  await app.register(voiceRoutes);
  await app.register(messagingRoutes);
  await app.register(apiAccessRoutes);
  await publicApiRoutes(app);
  await app.register(platformTokenRoutes);
  await ingestRoutes(app);
  await app.register(userRoutes);
  await app.register(supportRoutes);
  await app.register(complianceRoutes);
  await app.register(webhookRoutes);
  await app.register(settingsRoutes);
  await app.register(auditRoutes);

  await app.register(webPlugin);
  // the live pushes' LISTEN connection goes back to the pool before the database closes (once the
  // last app on this database closes)
  holdLiveHub(database);
  app.addHook('onClose', () => closeLiveHub(database));

  app.decorate('jobs', null);
  if (jobs) {
    const queue = await openJobQueue({ database, config, log: app.log }, jobs.definitions ?? ALL_JOBS, {
      ...jobs,
      workers: jobs.workers ?? config.JOB_WORKERS,
    });
    app.jobs = queue;
    // onClose runs once the server stopped taking requests: running jobs finish before the database closes.
    app.addHook('onClose', () => queue.stop());
  }
  return app;
}
