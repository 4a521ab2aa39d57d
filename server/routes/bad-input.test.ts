import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../test-support/harness';
import { Errno } from '../errors';

/** Strings that break naive servers: SQL, script, traversal, format, control and huge values. */
const nasty = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%s%s%s%n',
  '\u0000\u0001\u001f',
  '{"$gt":""}',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ٱلْعَرَبِيَّة',
  'x'.repeat(5000),
];

const getRoutes = [
  '/misc/info',
  '/v2/cms/support/consumer-service',
  '/v2/cms/category/navigation/products',
  '/diversion',
  '/cms/v1/page/header-footer',
  '/cms/v2/page/header-footer',
  '/recommend',
  '/v2/search/suggestList',
  '/app/userprofile',
  '/misc/emailsubscribe',
  '/site/login',
];
const postRoutes = [
  '/cart',
  '/cart/add',
  '/cart/update',
  '/cart/remove',
  '/cart/check',
  '/error/errsave',
  '/misc/unsubscribe',
  '/site/login',
  '/site/register',
  '/chat/messages',
];
const fields = [
  'keyword',
  'category',
  'limit',
  'from',
  'channel_tag',
  'email',
  'jsonpcallback',
  'redirectUrl',
  'scene',
  'commodityId',
  'quantity',
  'commodityIds',
  'checked',
  'action',
  'cartV',
  'url',
  'content',
  'token',
  'password',
  'nickname',
  'body',
];

describe.each(drivers)('bad input never yields a 5xx or a stack trace (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  function expectClean(status: number, text: string, what: string) {
    expect(status, what).toBeLessThan(500);
    expect(text, what).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(text, what).not.toMatch(/node_modules|\/server\/|SyntaxError|TypeError|syntax error at/);
  }

  it('GET routes with hostile values in every known parameter', async () => {
    const c = new Client(server.base);
    for (const route of getRoutes) {
      for (const value of nasty) {
        const q = new URLSearchParams(fields.map((f) => [f, value] as [string, string])).toString();
        const res = await c.fetch(`/api/id${route}?${q}`);
        expectClean(res.status, await res.text(), `${route} ${value.slice(0, 20)}`);
      }
    }
  });

  it('POST routes with hostile form, JSON and wrongly-typed bodies', async () => {
    for (const route of postRoutes) {
      // One client per route: the routes' rate limits (an envelope 429, also clean) must not hide the other answers.
      const c = new Client(server.base);
      for (const value of nasty) {
        const form = Object.fromEntries(fields.map((f) => [f, value]));
        const a = await c.fetch(`/api/id${route}`, { method: 'POST', form, headers: { accept: 'application/json' } });
        expectClean(a.status, await a.text(), `${route} form ${value.slice(0, 20)}`);
        const b = await c.fetch(`/api/id${route}`, {
          method: 'POST',
          json: { ...form, quantity: { nested: [value] }, commodityIds: value, checked: [1, 2] },
        });
        expectClean(b.status, await b.text(), `${route} json ${value.slice(0, 20)}`);
      }
      for (const body of ['', '{', '[]', 'null', '"x"', '{"a":'.repeat(200)]) {
        const r = await c.fetch(`/api/id${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body,
        });
        expectClean(r.status, await r.text(), `${route} raw ${body.slice(0, 10)}`);
      }
      const xml = await new Client(server.base).fetch(`/api/id${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: '<a/>',
      });
      expect(xml.status).toBe(415);
      expect((await xml.json()).errno).toBe(Errno.UNSUPPORTED_MEDIA_TYPE);
    }
  });

  it('a POST without any body is an empty form: cart reads, logout works, required fields are named', async () => {
    const c = new Client(server.base);
    const cart = await c.call('/api/id/cart', { method: 'POST' });
    expect(cart.body.errno).toBe(0);
    expect(cart.body.data.unified_cart_data.items).toEqual([]);
    expect((await c.call('/api/id/site/logout', { method: 'POST' })).body.errno).toBe(0);
    const err = await c.call('/api/id/error/errsave', { method: 'POST' });
    expect(err.body.errmsg).toContain('url');
  });

  it('missing required fields name the field', async () => {
    const c = new Client(server.base);
    const cases: [string, string, string][] = [
      ['GET', '/api/id/v2/search/suggestList', 'keyword'],
      ['GET', '/api/id/misc/emailsubscribe', 'email'],
      ['POST', '/api/id/error/errsave', 'url'],
      ['POST', '/api/id/chat/messages', 'body'],
    ];
    for (const [method, url, field] of cases) {
      const r = await c.call(url, method === 'POST' ? { method, json: {} } : {});
      expect(r.status, url).toBe(400);
      expect(r.body.errno).toBe(Errno.INVALID_PARAM);
      expect(r.body.errmsg).toContain(field);
    }
  });

  it('hostile storefront prefixes are refused as unknown storefronts', async () => {
    const c = new Client(server.base);
    for (const prefix of ["id'--", 'ID', '..', '%2e%2e', 'x'.repeat(300)]) {
      const res = await c.fetch(`/api/${prefix}/misc/info`);
      const text = await res.text();
      expectClean(res.status, text, prefix);
      expect(res.status, prefix).toBe(404);
    }
  });

  it('the database is intact after all of that', async () => {
    const r = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM products`);
    expect(r[0]!.n).toBeGreaterThan(0);
    expect(await server.db.query(`SELECT 1 FROM users LIMIT 1`)).toBeDefined();
  });
});
