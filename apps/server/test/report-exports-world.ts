import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { accounts } from '../src/db/schema/index.ts';
import { systemCtx } from '../src/lib/context.ts';
import type { TestResponse } from './client.ts';
import { apiTestWorld } from './world.ts';

/**
 * The report export tests' world: the app on its own seeded database, a job context, and the two
 * demo tenants with the first of their accounts; and the readers of the files they download.
 */
export async function reportExportsWorld() {
  const world = await apiTestWorld();
  const { t, db } = world;
  const tenant = async (c: { id: string; name: string }) => {
    const [a] = await db.select().from(accounts).where(eq(accounts.customerId, c.id)).orderBy(accounts.name).limit(1);
    if (!a) throw new Error(`no account of ${c.name}`);
    return { id: c.id, name: c.name, account: a.id };
  };
  return {
    ...world,
    app: t.app,
    ctx: systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test'),
    acme: await tenant(world.acme),
    globex: await tenant(world.globex),
  };
}

/** The whole answer's bytes (the client's `body` is text). */
export const bytes = (res: TestResponse) => res.raw.rawPayload;

export async function workbook(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

/** A sheet's rows as arrays of cell values (1-based columns dropped). */
export const sheetRows = (ws: ExcelJS.Worksheet) => {
  const rows: ExcelJS.CellValue[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
};
