import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.ts';

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
  hsts: false,
} as const;

/** What helmet's own middleware writes on a real response for these options. */
function helmetOnRealResponse(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  res.setHeader('X-Powered-By', 'something');
  helmet(options)(req, res, () => {});
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]));
}

describe('helmetHeaders', () => {
  it('computes the same headers as helmet writes on a response', () => {
    expect(Object.fromEntries(helmetHeaders(OPTIONS))).toEqual(helmetOnRealResponse(OPTIONS));
    expect(Object.fromEntries(helmetHeaders(OPTIONS))['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('follows the options (HSTS only when asked)', () => {
    expect(Object.fromEntries(helmetHeaders(OPTIONS))['strict-transport-security']).toBeUndefined();
    expect(Object.fromEntries(helmetHeaders({ ...OPTIONS, hsts: true }))['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
