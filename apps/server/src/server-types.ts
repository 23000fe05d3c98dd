import type { TPermission, TRoleKey, TUserKind } from '@portal/contract/roles';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { RouteEntry } from './plugins/auth.ts';

/** Who is calling, decided by the server from the session cookie. */
export interface AuthContext {
  sessionIdHash: string;
  userId: string;
  email: string;
  name: string;
  kind: TUserKind;
  role: string;
  roleKey: TRoleKey;
  /** The customer a customer user belongs to; null for staff. */
  customerId: string | null;
  impersonatorId: string | null;
  remember: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    /** Every checked route with its permission: the OpenAPI document and the route-table test read it. */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: checked before validation. Required on every API route. */
    permission?: TPermission;
  }
}
