import { PassThrough } from 'node:stream';
import { INVALID_LINK_NUMBER, TICKET_ATTACHMENTS_PER_TICKET, type TTicket } from '@portal/contract/support';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, cdrs, invoices, messages, notifications, phoneNumbers, ticketAttachments, users } from '../src/db/schema/index.ts';
import { apiTestWorld } from './world.ts';

/** Ticket attachments (the porting documents' upload checks) and the records a ticket links. */
const { api, db, acme, globex } = await apiTestWorld();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')]);

type Caller = Parameters<typeof api.as>[0];
const upload = (who: Caller, ticketId: string, file: Buffer, type = 'application/pdf', query = 'fileName=screenshot.pdf') =>
  api.as(who).request<TTicket>('POST', `/api/tickets/${ticketId}/attachments?${query}`, file, { headers: { 'content-type': type } });
const userId = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]?.id as string;
const titlesOf = async (email: string, since: Date) =>
  (
    await db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, await userId(email)), gt(notifications.createdAt, since)))
  ).map((n) => n.title);
const auditOf = async (action: string, ticketId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, ticketId)));

async function newTicket(who: Caller = 'customer:user', customerId?: string) {
  const res = await api.as(who).post<TTicket>('/api/tickets', {
    subject: 'Calls drop after 30 seconds',
    description: 'Every outbound call drops.',
    ...(customerId ? { customerId } : {}),
  });
  expect(res.status, res.body).toBe(201);
  return res.json();
}

describe('ticket attachments', () => {
  it('a customer attaches a PDF: listed on the ticket, staff told, audited; both sides download it as stored', async () => {
    const ticket = await newTicket();
    const since = new Date(Date.now() - 1000);
    const res = await upload('customer:user', ticket.id, PDF, 'application/pdf', `fileName=${encodeURIComponent('Call log – März.pdf')}`);
    expect(res.status, res.body).toBe(201);
    const [file] = res.json().attachments;
    expect(res.json().attachments).toHaveLength(1);
    expect(file).toMatchObject({
      fileName: 'Call log – März.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      internal: false,
      commentId: null,
      uploadedBy: { name: 'Emily Davis', staff: false },
    });
    expect(await titlesOf('support@example.com', since)).toContain('Customer added a file');
    const [audit] = await auditOf('tickets.attach', ticket.id);
    expect(audit?.customerId).toBe(acme.id);
    expect(audit?.summary).toBe(`Attached "Call log – März.pdf" to ${ticket.ticketId}`);

    for (const who of ['customer:admin', 'staff:support', 'staff:technical'] as const) {
      const down = await api.as(who).get(`/api/tickets/${ticket.id}/attachments/${file?.id}`);
      expect(down.status, who).toBe(200);
      expect(down.headers['content-type']).toBe('application/pdf');
      expect(down.headers['x-content-type-options']).toBe('nosniff');
      expect(down.headers['content-disposition']).toBe(
        `attachment; filename="Call log _ M_rz.pdf"; filename*=UTF-8''${encodeURIComponent('Call log – März.pdf')}`,
      );
      expect(down.raw.rawPayload.equals(PDF)).toBe(true);
    }
    // the detail lists it for the customer too
    expect((await api.as('customer:admin').get<TTicket>(`/api/tickets/${ticket.id}`)).json().attachments.map((a) => a.id)).toEqual([
      file?.id,
    ]);
  });

  it("keeps another company's files out of reach (404, nothing stored)", async () => {
    const ticket = await newTicket();
    const [file] = (await upload('customer:user', ticket.id, PNG, 'image/png', 'fileName=shot.png')).json().attachments;
    expect(file?.contentType).toBe('image/png');
    const before = (await db.select().from(ticketAttachments)).length;
    expect((await upload('other:customer:admin', ticket.id, PDF)).status).toBe(404);
    expect((await api.as('other:customer:admin').get(`/api/tickets/${ticket.id}/attachments/${file?.id}`)).status).toBe(404);
    // their own ticket with our file's id: not theirs either
    const theirs = await newTicket('staff:support', globex.id);
    expect((await api.as('other:customer:admin').get(`/api/tickets/${theirs.id}/attachments/${file?.id}`)).status).toBe(404);
    expect((await db.select().from(ticketAttachments)).length).toBe(before);
  });

  it('refuses what porting documents refuse: wrong or lying types, empty, over 10 MB, no length, unsafe names', async () => {
    const ticket = await newTicket();
    const exe = await upload('customer:user', ticket.id, Buffer.from('MZ...'), 'application/octet-stream');
    expect(exe.status).toBe(400);
    expect(exe.error().fields?.file).toBe('Only PDF, PNG or JPEG files can be uploaded');
    const html = await upload('customer:user', ticket.id, Buffer.from('<html><script>alert(1)</script>'), 'text/html');
    expect(html.error().fields?.file).toBe('Only PDF, PNG or JPEG files can be uploaded');
    const fake = await upload('customer:user', ticket.id, Buffer.from('not a pdf'));
    expect(fake.status).toBe(400);
    expect(fake.error().fields?.file).toBe('The file is not a valid PDF, PNG or JPEG');
    const png = await upload('customer:user', ticket.id, PNG, 'application/pdf');
    expect(png.error().fields?.file).toBe('The file is not a valid PDF, PNG or JPEG');
    const empty = await upload('customer:user', ticket.id, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.error().fields?.file).toBe('The file is empty');
    const big = await upload('customer:user', ticket.id, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.error().fields?.file).toBe('The file is larger than 10 MB');
    const endless = () => {
      const stream = new PassThrough();
      stream.write(PDF);
      return stream;
    };
    const chunked = await api.as('customer:user').request('POST', `/api/tickets/${ticket.id}/attachments?fileName=x.pdf`, endless(), {
      headers: { 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' },
    });
    expect(chunked.status).toBe(411);
    for (const name of ['invoice\u202Efdp.exe', 'tab\there.pdf']) {
      const bad = await upload('customer:user', ticket.id, PDF, 'application/pdf', `fileName=${encodeURIComponent(name)}`);
      expect(bad.status, name).toBe(400);
      expect(bad.error().fields?.fileName).toBe('The file name may not contain control or text-direction characters');
    }
    const slash = await upload('customer:user', ticket.id, PDF, 'application/pdf', 'fileName=..%2Fetc%2Fpasswd');
    expect(slash.error().fields?.fileName).toBe('The file name may not contain slashes');
    expect((await api.as('staff:admin').get<TTicket>(`/api/tickets/${ticket.id}`)).json().attachments).toEqual([]);
  });

  it("an internal note's file is internal: staff only, and the customer is not told; a public one tells the customer", async () => {
    const ticket = await newTicket();
    const noted = await api
      .as('staff:support')
      .post<TTicket>(`/api/tickets/${ticket.id}/comments`, { body: 'Carrier trace attached.', internal: true });
    const note = noted.json().comments.at(-1);
    expect(note?.internal).toBe(true);
    const since = new Date(Date.now() - 1000);
    const internal = await upload('staff:support', ticket.id, PDF, 'application/pdf', `fileName=trace.pdf&commentId=${note?.id}`);
    expect(internal.status, internal.body).toBe(201);
    const file = internal.json().attachments.find((a) => a.fileName === 'trace.pdf');
    expect(file).toMatchObject({ internal: true, commentId: note?.id, uploadedBy: { name: 'Jordan Lee', staff: true } });
    expect(await titlesOf('user@example.com', since)).not.toContain('Support added a file');
    expect((await api.as('customer:user').get<TTicket>(`/api/tickets/${ticket.id}`)).json().attachments).toEqual([]);
    expect((await api.as('customer:user').get(`/api/tickets/${ticket.id}/attachments/${file?.id}`)).status).toBe(404);
    expect((await api.as('staff:admin').get(`/api/tickets/${ticket.id}/attachments/${file?.id}`)).status).toBe(200);
    expect((await auditOf('tickets.attach', ticket.id))[0]?.summary).toBe(`Attached "trace.pdf" to ${ticket.ticketId} (internal)`);

    // a customer can neither name the internal note nor attach to someone else's reply
    const hidden = await upload('customer:user', ticket.id, PDF, 'application/pdf', `fileName=x.pdf&commentId=${note?.id}`);
    expect(hidden.error().fields?.commentId).toBe('Choose a reply of this ticket');
    const reply = (
      await api.as('staff:support').post<TTicket>(`/api/tickets/${ticket.id}/comments`, { body: 'Please send a screenshot.' })
    ).json();
    const staffReply = reply.comments.at(-1);
    const notMine = await upload('customer:user', ticket.id, PDF, 'application/pdf', `fileName=x.pdf&commentId=${staffReply?.id}`);
    expect(notMine.error().fields?.commentId).toBe('Attach files to your own reply');

    // a file with the customer's own reply
    const mine = (await api.as('customer:user').post<TTicket>(`/api/tickets/${ticket.id}/comments`, { body: 'Here it is.' })).json();
    const own = mine.comments.at(-1);
    const withReply = await upload('customer:user', ticket.id, PNG, 'image/png', `fileName=screen.png&commentId=${own?.id}`);
    expect(withReply.status).toBe(201);
    expect(withReply.json().attachments.map((a) => [a.fileName, a.commentId, a.internal])).toEqual([['screen.png', own?.id, false]]);

    const since2 = new Date(Date.now() - 1000);
    expect((await upload('staff:support', ticket.id, PDF, 'application/pdf', 'fileName=fix.pdf')).status).toBe(201);
    expect(await titlesOf('user@example.com', since2)).toContain('Support added a file');
  });

  it('staff remove a file (customers may not); a closed ticket takes no files from the customer; 20 files a ticket', async () => {
    const ticket = await newTicket();
    const [file] = (await upload('customer:user', ticket.id, PDF)).json().attachments;
    expect((await api.as('customer:admin').delete(`/api/tickets/${ticket.id}/attachments/${file?.id}`)).status).toBe(403);
    const removed = await api.as('staff:support').delete<TTicket>(`/api/tickets/${ticket.id}/attachments/${file?.id}`);
    expect(removed.status, removed.body).toBe(200);
    expect(removed.json().attachments).toEqual([]);
    expect((await api.as('staff:support').delete(`/api/tickets/${ticket.id}/attachments/${file?.id}`)).status).toBe(404);
    expect((await auditOf('tickets.attachment_delete', ticket.id))[0]?.summary).toBe(
      `Removed the file "screenshot.pdf" from ${ticket.ticketId}`,
    );

    for (let i = 0; i < TICKET_ATTACHMENTS_PER_TICKET; i++) expect((await upload('customer:user', ticket.id, PDF)).status).toBe(201);
    const over = await upload('customer:user', ticket.id, PDF);
    expect(over.status).toBe(400);
    expect(over.error().fields?.file).toBe('A ticket can hold at most 20 files');

    await api.as('staff:support').patch(`/api/tickets/${ticket.id}`, { status: 'closed' });
    const other = await newTicket();
    await api.as('staff:support').patch(`/api/tickets/${other.id}`, { status: 'closed' });
    const closed = await upload('customer:user', other.id, PDF);
    expect(closed.status).toBe(409);
    expect(closed.error().message).toBe('This ticket is closed. Please open a new ticket.');
  });
});

describe('linked records', () => {
  const first = async <T>(rows: Promise<T[]>) => (await rows)[0] as T;

  it("links a number (typed any way), a call, a message and an invoice of the ticket's company, each once", async () => {
    const ticket = await newTicket();
    const number = await first(
      db
        .select({ id: phoneNumbers.id, number: phoneNumbers.number })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.customerId, acme.id), eq(phoneNumbers.status, 'Active')))
        .orderBy(asc(phoneNumbers.number))
        .limit(1),
    );
    const call = await first(db.select().from(cdrs).where(eq(cdrs.customerId, acme.id)).orderBy(asc(cdrs.id)).limit(1));
    const message = await first(db.select().from(messages).where(eq(messages.customerId, acme.id)).orderBy(asc(messages.id)).limit(1));
    const invoice = await first(
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.customerId, acme.id), isNotNull(invoices.invoiceNumber)))
        .orderBy(asc(invoices.invoiceNumber))
        .limit(1),
    );
    // "+1 (212) 555-0143" as people type it
    const national = number.number.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');
    expect(national).not.toBe(number.number);

    const linked = await api.as('customer:user').post<TTicket>(`/api/tickets/${ticket.id}/links`, { kind: 'number', reference: national });
    expect(linked.status, linked.body).toBe(201);
    expect(linked.json().links).toMatchObject([
      { kind: 'number', label: number.number, recordId: number.id, available: true, from: null, createdBy: 'Emily Davis' },
    ]);
    const again = await api.as('staff:support').post(`/api/tickets/${ticket.id}/links`, { kind: 'number', reference: number.number });
    expect(again.status).toBe(409);
    expect(again.error().fields?.reference).toBe(`This ticket already links the phone number ${number.number}`);

    for (const [kind, reference] of [
      ['cdr', call.callId],
      ['message', message.messageId],
      ['invoice', invoice.invoiceNumber as string],
    ] as const) {
      const res = await api.as('staff:support').post<TTicket>(`/api/tickets/${ticket.id}/links`, { kind, reference });
      expect(res.status, `${kind}: ${res.body}`).toBe(201);
    }
    const links = (await api.as('customer:admin').get<TTicket>(`/api/tickets/${ticket.id}`)).json().links;
    expect(links.map((l) => [l.kind, l.label, l.recordId, l.available])).toEqual([
      ['number', number.number, number.id, true],
      ['cdr', call.callId, String(call.id), true],
      ['message', message.messageId, String(message.id), true],
      ['invoice', invoice.invoiceNumber, invoice.id, true],
    ]);
    expect(links[1]).toMatchObject({ from: call.fromNumber, to: call.toNumber, at: call.startedAt.toISOString() });
    expect(links[2]).toMatchObject({ from: message.fromNumber, to: message.toNumber, at: message.sentAt.toISOString() });
    const [audit] = await auditOf('tickets.link', ticket.id);
    expect(audit?.customerId).toBe(acme.id);

    // unlinking: by the link's id under its own ticket only
    const cdrLink = links[1];
    const elsewhere = await newTicket();
    expect((await api.as('staff:support').delete(`/api/tickets/${elsewhere.id}/links/${cdrLink?.id}`)).status).toBe(404);
    const unlinked = await api.as('customer:user').delete<TTicket>(`/api/tickets/${ticket.id}/links/${cdrLink?.id}`);
    expect(unlinked.status).toBe(200);
    expect(unlinked.json().links.map((l) => l.kind)).toEqual(['number', 'message', 'invoice']);
    expect((await auditOf('tickets.unlink', ticket.id))[0]?.summary).toBe(`Unlinked the call ${call.callId} from ${ticket.ticketId}`);
  });

  it("refuses what names no record of the company (a field error), a bad number, and another company's ticket (404)", async () => {
    const ticket = await newTicket();
    const theirNumber = await first(
      db.select({ number: phoneNumbers.number }).from(phoneNumbers).where(eq(phoneNumbers.customerId, globex.id)).limit(1),
    );
    const theirCall = await first(db.select().from(cdrs).where(eq(cdrs.customerId, globex.id)).limit(1));
    const link = (body: unknown, who: Caller = 'customer:user', id = ticket.id) =>
      api.as(who).post<TTicket>(`/api/tickets/${id}/links`, body);

    const notANumber = await link({ kind: 'number', reference: 'call me' });
    expect(notANumber.status).toBe(400);
    expect(notANumber.error().fields?.reference).toBe(INVALID_LINK_NUMBER);
    const theirs = await link({ kind: 'number', reference: theirNumber.number });
    expect(theirs.status).toBe(400);
    expect(theirs.error().fields?.reference).toBe(`No phone number ${theirNumber.number} of ${acme.name}`);
    // staff too: a record of another company is not this ticket's
    const staffTheirs = await link({ kind: 'cdr', reference: theirCall.callId }, 'staff:support');
    expect(staffTheirs.error().fields?.reference).toBe(`No call ${theirCall.callId} of ${acme.name}`);
    expect((await link({ kind: 'message', reference: 'SMnosuchmessage' })).error().fields?.reference).toBe(
      `No message SMnosuchmessage of ${acme.name}`,
    );
    expect((await link({ kind: 'invoice', reference: 'INV-0000-000000' })).error().fields?.reference).toBe(
      `No invoice INV-0000-000000 of ${acme.name}`,
    );
    expect((await link({ kind: 'contract', reference: 'x' })).error().fields?.kind).toBeDefined();
    expect((await link({ kind: 'cdr', reference: '' })).error().fields?.reference).toBe('Reference is required');

    const own = await first(
      db.select({ number: phoneNumbers.number }).from(phoneNumbers).where(eq(phoneNumbers.customerId, acme.id)).limit(1),
    );
    expect((await link({ kind: 'number', reference: own.number }, 'other:customer:admin')).status).toBe(404);
    expect((await link({ kind: 'number', reference: own.number }, 'staff:technical')).status).toBe(403);
    expect((await api.as('staff:admin').get<TTicket>(`/api/tickets/${ticket.id}`)).json().links).toEqual([]);
  });
});
