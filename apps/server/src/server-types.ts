import type { TPermission } from '@portal/contract/roles';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { AdmissionGate } from './lib/admission.ts';
import type { Ctx, UserActor } from './lib/context.ts';
import type { RouteEntry } from './plugins/auth.ts';

/** Who is calling, decided by the server from the session cookie. */
export type AuthContext = UserActor;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    /** Every checked route with its permission: the OpenAPI document and the route-table test read it. */
    routeTable: RouteEntry[];
    /** The job queue when the app was built with it (null in most tests). */
    jobs: JobQueue | null;
    /** The API's admission control (null with API_CONCURRENCY=0). */
    admission: AdmissionGate | null;
  }
  interface FastifyRequest {
    /** The signed-in user from the session cookie, if any. */
    auth: AuthContext | null;
    /** What services take: database, actor and origin. Built once per checked request. */
    ctx: Ctx;
  }
  interface FastifyContextConfig {
    /** Who may call the route: checked before validation. Required on every API route. */
    permission?: TPermission;
  }
}
