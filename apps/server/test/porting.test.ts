import { PassThrough } from 'node:stream';
import {
  FOC_DATE_REQUIRED,
  PORTING_BYTES_PER_CUSTOMER,
  PORTING_BYTES_PER_REQUEST,
  PORTING_DOCUMENTS_PER_REQUEST,
  PORTING_FINAL_MESSAGE,
} from '@portal/contract/numbers';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, phoneNumbers, portingDocuments, portingRequests, users } from '../src/db/schema/index.ts';
import { as, auditEntries } from './helpers.ts';
import { numbersTestWorld } from './numbers-world.ts';

const { t, cookies, acme, otherCo, acmeAccounts, otherAccount, req } = await numbersTestWorld();

describe('porting requests', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  /** The customer user uploads PDF to a porting request as a document of `kind`. */
  const uploadPdf = (requestId: string, kind: string, fileName: string) =>
    as(t.app, cookies.user ?? null, {
      method: 'POST',
      url: `/api/porting/${requestId}/documents?kind=${kind}&fileName=${encodeURIComponent(fileName)}`,
      headers: { 'content-type': 'application/pdf' },
      payload: PDF,
    });

  it("lists a customer's own requests only and 404s another's", async () => {
    const res = (await req('customer', 'GET', '/api/porting?pageSize=100')).json();
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(portingRequests)
      .where(eq(portingRequests.customerId, acme));
    expect(res.total).toBe(row?.n);
    expect(res.items[0].requestCode).toMatch(/^PORT-\d{4}-\d{3}$/);
    const [theirs] = await t.database.db.select().from(portingRequests).where(eq(portingRequests.customerId, otherCo)).limit(1);
    const other = await req('customer', 'GET', `/api/porting/${theirs?.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(theirs?.number);
  });

  it('creates a request, takes documents and serves them back', async () => {
    const created = await req('user', 'POST', '/api/porting', { accountId: acmeAccounts[0]?.id, number: '+13127349876' });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json();
    expect(p.status).toBe('Pending Docs');
    expect(p.events).toHaveLength(1);
    const again = await req('user', 'POST', '/api/porting', { accountId: acmeAccounts[0]?.id, number: '+13127349876' });
    expect(again.statusCode).toBe(400);

    const up = await uploadPdf(p.id, 'LOA', 'Letter of authorization.pdf');
    expect(up.statusCode, up.body).toBe(201);
    const doc = up.json().documents[0];
    expect(doc).toMatchObject({
      kind: 'LOA',
      fileName: 'Letter of authorization.pdf',
      sizeBytes: PDF.length,
      contentType: 'application/pdf',
    });

    const down = await req('customer', 'GET', `/api/porting/${p.id}/documents/${doc.id}`);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toContain('attachment; filename="Letter of authorization.pdf"');
    expect(down.rawPayload.equals(PDF)).toBe(true);
    expect((await req('other', 'GET', `/api/porting/${p.id}/documents/${doc.id}`)).statusCode).toBe(404);
  });

  it('refuses files of the wrong type or lying about it, and bad kinds', async () => {
    const [mine] = await t.database.db
      .select()
      .from(portingRequests)
      .where(and(eq(portingRequests.customerId, acme), inArray(portingRequests.status, ['In Progress', 'Pending Docs'])))
      .limit(1);
    const upload = (type: string, body: Buffer, query = 'kind=LOA&fileName=x.pdf') =>
      as(t.app, cookies.customer ?? null, {
        method: 'POST',
        url: `/api/porting/${mine?.id}/documents?${query}`,
        headers: { 'content-type': type },
        payload: body,
      });
    const exe = await upload('application/octet-stream', Buffer.from('MZ...'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error.fields.file).toBe('Only PDF, PNG or JPEG files can be uploaded');
    const fake = await upload('application/pdf', Buffer.from('not a pdf'));
    expect(fake.json().error.fields.file).toBe('The file is not a valid PDF, PNG or JPEG');
    const kind = await upload('application/pdf', PDF, 'kind=Passport&fileName=x.pdf');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.fields.kind).toBeDefined();
    const big = await upload('application/pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields.file).toBe('The file is larger than 10 MB');
    // a right-to-left override makes "invoice\u202Efdp.exe" read as "invoiceexe.pdf"
    for (const name of ['invoice\u202Efdp.exe', 'a\u200Fb.pdf', 'tab\there.pdf']) {
      const bidi = await upload('application/pdf', PDF, `kind=LOA&fileName=${encodeURIComponent(name)}`);
      expect(bidi.statusCode, name).toBe(400);
      expect(bidi.json().error.fields.fileName).toBe('The file name may not contain control or text-direction characters');
    }
  });

  it('refuses an oversized or length-less body before reading it', async () => {
    const [mine] = await t.database.db
      .select()
      .from(portingRequests)
      .where(and(eq(portingRequests.customerId, acme), inArray(portingRequests.status, ['In Progress', 'Pending Docs'])))
      .limit(1);
    const url = `/api/porting/${mine?.id}/documents?kind=LOA&fileName=big.pdf`;
    // a body that sends one chunk and then never ends: only a refusal before reading can answer
    const endless = () => {
      const stream = new PassThrough();
      stream.write(PDF);
      return stream;
    };
    const started = Date.now();
    const big = await as(t.app, cookies.user ?? null, {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/pdf', 'content-length': String(30 * 1024 * 1024) },
      payload: endless(),
    });
    expect(big.statusCode).toBe(413);
    expect(Date.now() - started).toBeLessThan(5000);
    const chunked = await as(t.app, cookies.user ?? null, {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' },
      payload: endless(),
    });
    expect(chunked.statusCode).toBe(411);
  });

  it('holds porting documents to 10 files and 50 MB per request and 500 MB per customer', async () => {
    const db = t.database.db;
    const created = await req('customer', 'POST', '/api/porting', { accountId: acmeAccounts[0]?.id, number: '+13127349880' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const upload = () => uploadPdf(id, 'Other', 'page.pdf');
    for (let i = 0; i < PORTING_DOCUMENTS_PER_REQUEST; i++) expect((await upload()).statusCode).toBe(201);
    const eleventh = await upload();
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().error.fields.file).toBe('A porting request can hold at most 10 documents');

    // bytes: stored sizes count (rows written directly so the test moves no 50 MB around)
    const second = (await req('customer', 'POST', '/api/porting', { accountId: acmeAccounts[0]?.id, number: '+13127349881' })).json();
    const fill = (requestId: string, sizeBytes: number) =>
      db
        .insert(portingDocuments)
        .values({ requestId, kind: 'Other', fileName: 'filler.pdf', contentType: 'application/pdf', sizeBytes, content: PDF });
    await fill(second.id, PORTING_BYTES_PER_REQUEST - 10);
    const overRequest = await uploadPdf(second.id, 'LOA', 'loa.pdf');
    expect(overRequest.statusCode).toBe(400);
    expect(overRequest.json().error.fields.file).toBe('A porting request can hold at most 50 MB of documents');

    const [usage] = await db
      .select({ n: sql<number>`coalesce(sum(${portingDocuments.sizeBytes}), 0)::bigint` })
      .from(portingDocuments)
      .innerJoin(portingRequests, eq(portingRequests.id, portingDocuments.requestId))
      .where(eq(portingRequests.customerId, acme));
    const third = (await req('customer', 'POST', '/api/porting', { accountId: acmeAccounts[0]?.id, number: '+13127349882' })).json();
    const [otherRequest] = await db
      .select({ id: portingRequests.id })
      .from(portingRequests)
      .where(and(eq(portingRequests.customerId, acme), eq(portingRequests.number, '+13127349876')));
    await fill(otherRequest?.id as string, PORTING_BYTES_PER_CUSTOMER - Number(usage?.n ?? 0) - 10);
    const overCustomer = await uploadPdf(third.id, 'LOA', 'loa.pdf');
    expect(overCustomer.statusCode).toBe(400);
    expect(overCustomer.json().error.fields.file).toBe('Your company has used its 500 MB of porting document storage');
    // another customer's quota is its own
    const theirs = (await req('other', 'POST', '/api/porting', { accountId: otherAccount, number: '+13127349883' })).json();
    const fine = await as(t.app, cookies.other ?? null, {
      method: 'POST',
      url: `/api/porting/${theirs.id}/documents?kind=LOA&fileName=loa.pdf`,
      headers: { 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it("lets staff move a request along, notifying the customer's users", async () => {
    const [mine] = await t.database.db
      .select()
      .from(portingRequests)
      .where(and(eq(portingRequests.customerId, acme), eq(portingRequests.status, 'Pending Docs')))
      .limit(1);
    const body = { status: 'Scheduled', note: 'FOC date confirmed', scheduledFor: '2031-03-14' };
    expect((await req('customer', 'POST', `/api/porting/${mine?.id}/status`, body)).statusCode).toBe(403);
    expect((await req('support', 'POST', `/api/porting/${mine?.id}/status`, body)).statusCode).toBe(403);
    expect((await req('admin', 'POST', `/api/porting/${mine?.id}/status`, { status: 'Lost' })).statusCode).toBe(400);
    const res = await req('admin', 'POST', `/api/porting/${mine?.id}/status`, body);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.status).toBe('Scheduled');
    expect(detail.scheduledFor).toBe('2031-03-14');
    expect(detail.events.at(-1)).toMatchObject({ status: 'Scheduled', note: 'FOC date 2031-03-14. FOC date confirmed' });
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u?.id as string), sql`${notifications.message} like ${`%${mine?.requestCode}%`}`));
    expect(notes.at(-1)).toMatchObject({ title: 'Porting status changed', link: '/customer/numbers?tab=porting' });
    expect(notes.at(-1)?.message).toContain('is now Scheduled');
  });

  it('needs a FOC date to schedule, activates the number on Completed, and keeps Completed and Rejected final', async () => {
    const db = t.database.db;
    const account = acmeAccounts[1] ?? acmeAccounts[0];
    const number = '+13127349890';
    const p = (await req('customer', 'POST', '/api/porting', { accountId: account?.id, number })).json();
    const status = (body: Record<string, unknown>, id = p.id) => req('admin', 'POST', `/api/porting/${id}/status`, body);

    const noDate = await status({ status: 'Scheduled' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().error.fields.scheduledFor).toBe(FOC_DATE_REQUIRED);
    expect((await status({ status: 'Scheduled', scheduledFor: '2031-02-30' })).statusCode).toBe(400);
    expect((await status({ status: 'Scheduled', scheduledFor: '2001-01-01' })).json().error.fields.scheduledFor).toBe(
      'The FOC date cannot be before the request date',
    );
    const scheduled = await status({ status: 'Scheduled', scheduledFor: '2031-04-01' });
    expect(scheduled.json()).toMatchObject({ status: 'Scheduled', scheduledFor: '2031-04-01' });
    const listed = (await req('customer', 'GET', `/api/porting?search=${encodeURIComponent(number)}`)).json();
    expect(listed.items[0].scheduledFor).toBe('2031-04-01');

    const before = Date.now();
    const done = await status({ status: 'Completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().events.at(-1).note).toBe(`${number} is active on ${account?.name}.`);
    const [row] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.number, number));
    expect(row).toMatchObject({ accountId: account?.id, customerId: acme, status: 'Active', type: 'DID', monthlyFee: 1 });
    expect(row?.assignedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const onAccount = (await req('customer', 'GET', `/api/numbers?accountId=${account?.id}&search=${encodeURIComponent(number)}`)).json();
    expect(onAccount.items).toHaveLength(1);
    expect(onAccount.items[0]).toMatchObject({ number, status: 'Active' });
    const [audit] = await auditEntries(db, 'porting.status', p.id).orderBy(sql`${auditLog.createdAt} desc`).limit(1);
    expect(audit?.summary).toContain('activated');

    // final: no way back, no uploads
    const back = await status({ status: 'Pending Docs' });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toBe(PORTING_FINAL_MESSAGE);
    expect((await status({ status: 'Completed', note: 'again' })).statusCode).toBe(409);
    const late = await uploadPdf(p.id, 'LOA', 'late.pdf');
    expect(late.statusCode).toBe(409);
    const [still] = await db.select().from(portingRequests).where(eq(portingRequests.id, p.id));
    expect(still?.status).toBe('Completed');

    const r = (
      await req('customer', 'POST', '/api/porting', { accountId: account?.id, number: '+18005550100'.replace('555', '734') })
    ).json();
    expect((await status({ status: 'Rejected', note: 'Account number mismatch' }, r.id)).statusCode).toBe(200);
    expect((await status({ status: 'In Progress' }, r.id)).statusCode).toBe(409);
    const [none] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.number, r.number));
    expect(none).toBeUndefined();
  });
});
