import { randomInt } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { type Ctx, ownCustomer } from '../../lib/context.ts';
import { invalid } from '../../lib/errors.ts';
import { resolveListScope } from '../../lib/list-scope.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';

export const iso = (d: Date) => d.toISOString();

/** The customer a new record belongs to: a customer user's own company; staff name one in reach. */
export async function targetCustomer(ctx: Ctx, requested: string | null | undefined): Promise<string> {
  const customerId = ownCustomer(ctx) ?? requested;
  if (!customerId) throw invalid({ customerId: 'Choose a customer' });
  await resolveListScope(ctx, { customerId });
  return customerId;
}

/** A registry-style identifier: a letter and six capitals or digits (B1A2C3D, CX4T9QZ). */
export async function newCode(db: DbOrTx, prefix: 'B' | 'C', taken: (db: DbOrTx, code: string) => Promise<boolean>): Promise<string> {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    let code = prefix;
    for (let i = 0; i < 6; i++) code += alphabet[randomInt(alphabet.length)];
    if (!(await taken(db, code))) return code;
  }
}

export async function notifyCompany(tx: Ctx, customerId: string, title: string, message: string, link: string) {
  const admins = await customerAdminIds(tx, customerId);
  const me = tx.actor?.type === 'user' ? tx.actor.userId : null;
  await notifyUsers(
    tx,
    admins.filter((id) => id !== me),
    { event: 'campaignStatusChanged', title, message, link },
  );
}
