import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/errors.ts';
import { AppError } from './errors.ts';
import { type CsvExport, formulaSafe, keysetRows, sendExport } from './export.ts';

describe('formulaSafe', () => {
  it('makes text that a spreadsheet would run as a formula inert', () => {
    expect(formulaSafe("-1+1+cmd|' /C calc'!A0")).toBe("'-1+1+cmd|' /C calc'!A0");
    expect(formulaSafe('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(formulaSafe('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(formulaSafe('+1+2')).toBe("'+1+2");
    expect(formulaSafe('\tx')).toBe("'\tx");
  });
  it('leaves plain numbers, E.164 numbers and ordinary text as they are', () => {
    expect(formulaSafe('+12125550100')).toBe('+12125550100');
    expect(formulaSafe('-5.25')).toBe('-5.25');
    expect(formulaSafe('West Coast')).toBe('West Coast');
  });
});

/** Rows 0..n-1 in chunks of 10; `failAt` makes the chunk containing that row fail. */
function numbered(n: number, failAt?: number): AsyncIterable<unknown[]> {
  return keysetRows(
    10,
    async (after: number | null, size) => {
      const start = after === null ? 0 : after + 1;
      if (failAt !== undefined && failAt >= start && failAt < start + size) throw new Error('database went away');
      return Array.from({ length: Math.max(0, Math.min(size, n - start)) }, (_, i) => start + i);
    },
    (row) => row,
    (row) => [row, row % 2 === 0 ? '=cmd' : 'plain, with comma'],
  );
}

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  const send = (file: CsvExport) => async (_req: unknown, reply: Parameters<typeof sendExport>[0]) => sendExport(reply, file);
  app.get('/ok', (_req, reply) => sendExport(reply, { fileName: 'ok.csv', header: ['N', 'Text'], rows: numbered(25) }));
  app.get('/empty', (_req, reply) => sendExport(reply, { fileName: 'empty.csv', header: ['N', 'Text'], rows: numbered(0) }));
  app.get('/fails-first', (_req, reply) => sendExport(reply, { fileName: 'x.csv', header: ['N'], rows: numbered(25, 0) }));
  app.get('/refused', (_req, reply) =>
    sendExport(reply, {
      fileName: 'x.csv',
      header: ['N'],
      rows: (async function* () {
        yield* [];
        throw new AppError(400, 'VALIDATION_FAILED', 'Bad dates', { endDate: 'End date must be after the start date' });
      })(),
    }),
  );
  app.get('/fails-midway', (_req, reply) => sendExport(reply, { fileName: 'x.csv', header: ['N', 'Text'], rows: numbered(5000, 4000) }));
  app.get('/stream-fails-first', (_req, reply) => {
    const stream = new Readable({
      read() {
        this.destroy(new Error('COPY failed'));
      },
    });
    return send({ fileName: 's.csv', stream })(_req, reply);
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app?.close());

describe('sendExport', () => {
  it('streams a header and every row through csv-stringify, escaping formulas and quoting commas', async () => {
    const res = await fetch(`${base}/ok`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ok.csv"');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(26);
    expect(lines[0]).toBe('N,Text');
    expect(lines[1]).toBe("0,'=cmd");
    expect(lines[2]).toBe('1,"plain, with comma"');
    expect(lines[25]).toBe("24,'=cmd");
  });

  it('sends only the header when nothing matches', async () => {
    const res = await fetch(`${base}/empty`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('N,Text\r\n');
  });

  it('answers a failure before the first byte with the API error shape, not a 200', async () => {
    const res = await fetch(`${base}/fails-first`);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INTERNAL');
    const refused = await fetch(`${base}/refused`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      endDate: 'End date must be after the start date',
    });
    const stream = await fetch(`${base}/stream-fails-first`);
    expect(stream.status).toBe(500);
  });

  it('ends a download that fails midway so that the client sees a failure, never a short file', async () => {
    const res = await fetch(`${base}/fails-midway`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
});
