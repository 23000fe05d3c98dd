import { ZApiError, ZOk } from '@portal/contract/common';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routesFor } from './routes.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const ZThing = z.object({ id: z.string() });

let app: FastifyInstance;
const declared: RouteOptions[] = [];
async function build(declare: (fastify: FastifyInstance) => void) {
  declared.length = 0;
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (r) => void declared.push(r));
  await app.register(async (fastify) => declare(fastify));
  await app.ready();
}
afterEach(() => app?.close());

describe('routesFor', () => {
  it("gives GETs the domain's read permission and changes its write permission, unless a route names its own", async () => {
    await build((fastify) => {
      const route = routesFor(fastify, ['things'], { read: 'numbers.read', write: 'numbers.write' });
      route.get('/api/things', { summary: 'Things', response: z.array(ZThing) }, () => []);
      route.post('/api/things/move', { summary: 'Move', response: ZOk }, () => undefined);
      route.delete('/api/things/:id', { permission: 'numbers.assign', summary: 'Delete', response: ZOk }, () => undefined);
    });
    expect(declared.filter((r) => r.method !== 'HEAD').map((r) => [r.method, r.config?.permission])).toEqual([
      ['GET', 'numbers.read'],
      ['POST', 'numbers.write'],
      ['DELETE', 'numbers.assign'],
    ]);
  });

  it('refuses a route that names no permission when the domain has none', async () => {
    await expect(
      build((fastify) => {
        const route = routesFor(fastify, ['things']);
        route.get('/api/things', { summary: 'Things', response: z.array(ZThing) } as never, () => []);
      }),
    ).rejects.toThrow(/GET \/api\/things declares no permission/);
  });

  it("reads each :name of the URL as a uuid, answers a ZOk route's empty handler with ok, and a creation with 201", async () => {
    const seen: string[] = [];
    await build((fastify) => {
      const route = routesFor(fastify, ['things'], 'signedIn');
      route.create('/api/things/:id/parts/:partId', { summary: 'Add', response: ZThing, errors: [409] }, (req) => ({
        id: `${req.params.id} ${req.params.partId}`,
      }));
      route.post('/api/things/:id/touch', { summary: 'Touch', response: ZOk }, async (req) => {
        seen.push(req.params.id);
      });
    });
    const created = await app.inject({ method: 'POST', url: `/api/things/${ID}/parts/${ID}` });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: `${ID} ${ID}` });
    expect((await app.inject({ method: 'POST', url: `/api/things/${ID}/parts/nope` })).statusCode).toBe(400);

    const touched = await app.inject({ method: 'POST', url: `/api/things/${ID}/touch` });
    expect(touched.json()).toEqual({ ok: true });
    expect(seen).toEqual([ID]);

    const schema = declared[0]?.schema as { params: z.ZodType; response: Record<number, unknown> };
    expect(z.toJSONSchema(schema.params)).toEqual(z.toJSONSchema(z.object({ id: z.uuid(), partId: z.uuid() })));
    expect(schema.response).toEqual({ 201: ZThing, 409: ZApiError });
  });

  it('sends what an export route answers as a CSV download', async () => {
    await build((fastify) => {
      const route = routesFor(fastify, ['things'], 'signedIn');
      route.export('/api/things/export', { summary: 'Things as CSV' }, async () => ({
        fileName: 'things.csv',
        header: ['id'],
        rows: (async function* () {
          yield ['1'];
        })(),
      }));
    });
    const res = await app.inject({ method: 'GET', url: '/api/things/export' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="things.csv"');
    expect(res.body).toContain('id');
  });
});
