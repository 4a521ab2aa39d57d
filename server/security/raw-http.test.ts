import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../test-support/harness';
import { Errno } from '../errors';
import { API_CSP, COMMON_SECURITY_HEADERS } from '../../sites/security-headers';

/** What the server wrote back on one raw connection before closing it (or `ms` passing). */
function rawExchange(
  base: string,
  chunks: (string | Buffer)[],
  opts: { gapMs?: number; ms?: number } = {},
): Promise<{ status: number; text: string; elapsedMs: number }> {
  const { port, hostname } = new URL(base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let out = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${opts.ms ?? 10_000} ms: ${out.slice(0, 200)}`));
    }, opts.ms ?? 10_000);
    socket.on('data', (d) => (out += d.toString('utf8')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1] ?? 0),
        text: out,
        elapsedMs: Date.now() - started,
      });
    });
    socket.on('error', () => undefined);
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (opts.gapMs) await new Promise((r) => setTimeout(r, opts.gapMs));
      }
    });
  });
}

/** The envelope at the end of a raw answer. */
function envelope(text: string): { errno: number; errmsg: string; data: unknown } {
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  return JSON.parse(body) as { errno: number; errmsg: string; data: unknown };
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

/** The status line and headers (lower-cased names) of an answer, read as soon as they arrive (a stream never ends). */
function rawHeaders(base: string, request: string): Promise<{ status: number; headers: Record<string, string> }> {
  const { port, hostname } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let out = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no headers within 5 s: ${out.slice(0, 200)}`));
    }, 5_000);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const [statusLine = '', ...lines] = out.slice(0, out.indexOf('\r\n\r\n')).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines)
        headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers });
    };
    socket.on('data', (d) => {
      out += d.toString('utf8');
      if (out.includes('\r\n\r\n')) done();
    });
    socket.on('close', () =>
      out.includes('\r\n\r\n') ? undefined : reject(new Error(`closed without headers: ${out.slice(0, 200)}`)),
    );
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.write(request));
  });
}

/** Every answer carries the common security headers and the API's Content-Security-Policy. */
function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS))
    expect(headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
  expect(headers['content-security-policy'], `${what}: Content-Security-Policy`).toBe(API_CSP);
}

/**
 * What Node's parser and Fastify's router refuse comes back in the envelope with a stable errno and no
 * framework codes: bad chunking, huge headers and addresses, bad percent-encoding, unsafe numbers, and bodies or
 * headers that never finish arrive (cut off at the deadline, here shortened to one second).
 */
describe.each(drivers)('malformed HTTP in the envelope (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, {}, { timeouts: { requestMs: 1_000, headersMs: 800 } });
  });
  afterAll(async () => server?.close());

  function expectEnvelope(r: { status: number; text: string }, status: number, errno: number) {
    expect(r.status, r.text.slice(0, 300)).toBe(status);
    expect(r.text).not.toMatch(/FST_|HPE_|ERR_|node_modules/);
    expect(envelope(r.text)).toMatchObject({ data: null, errno });
  }

  it('bad chunked bodies', async () => {
    const r = await rawExchange(server.base, [
      head(['POST /api/id/cart HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Transfer-Encoding: chunked']),
      'zz\r\n{}\r\n0\r\n\r\n',
    ]);
    expectEnvelope(r, 400, Errno.MALFORMED_REQUEST);
  });

  it('headers that are too large, and an address too long for the parser', async () => {
    const huge = await rawExchange(server.base, [
      head(['GET /api/id/misc/info HTTP/1.1', 'Host: x', `X-Filler: ${'a'.repeat(40_000)}`]),
    ]);
    expectEnvelope(huge, 431, Errno.HEADERS_TOO_LARGE);
    const query = await rawExchange(server.base, [
      head([`GET /api/id/misc/info?q=${'a'.repeat(40_000)} HTTP/1.1`, 'Host: x']),
    ]);
    expectEnvelope(query, 431, Errno.HEADERS_TOO_LARGE);
  });

  it('a long storefront prefix is an unknown storefront; bad percent-encoding is 400', async () => {
    const c = new Client(server.base);
    for (const n of [120, 500, 5000]) {
      const long = await c.fetch(`/api/${'a'.repeat(n)}/misc/info`);
      expect(long.status, await long.clone().text()).toBe(404);
      expect(await long.json()).toMatchObject({ errno: Errno.NOT_FOUND });
      expect((await c.fetch(`/id/${'a'.repeat(n)}/`)).status).toBe(404);
    }
    const bad = await rawExchange(server.base, [
      head(['GET /api/id%zz/misc/info HTTP/1.1', 'Host: x', 'Connection: close']),
    ]);
    expectEnvelope(bad, 400, Errno.MALFORMED_REQUEST);
    // A query value with a broken escape is kept as typed (the search finds nothing), not a failure.
    const badQuery = await c.call('/api/id/v2/search/suggestList?keyword=%E0%A4%A');
    expect(badQuery.status).toBe(200);
    expect(badQuery.body.errno).toBe(0);
  });

  it('numbers outside the safe range are refused, Infinity included', async () => {
    const c = new Client(server.base);
    await c.register('de');
    for (const after of ['1e309', '-1e309', '9007199254740993', 'NaN']) {
      const r = await c.call(`/api/de/chat/stream?after=${after}`);
      expect(r.status, after).toBe(400);
      expect(r.body.errno, after).toBe(Errno.INVALID_PARAM);
    }
    const body = await c.fetch('/api/id/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"action":"add","commodityId":"10001","quantity":1e309}',
    });
    expect(body.status).toBe(400);
  });

  it('a body that never finishes is cut off at the deadline with 408', async () => {
    const r = await rawExchange(
      server.base,
      [
        head(['POST /api/id/cart HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Content-Length: 1000']),
        '{"action":',
      ],
      { ms: 8_000 },
    );
    expectEnvelope(r, 408, Errno.REQUEST_TIMEOUT);
    expect(r.elapsedMs).toBeLessThan(5_000);
  });

  it('headers that trickle in are cut off too', async () => {
    const lines = [
      'GET /api/id/misc/info HTTP/1.1\r\n',
      'Host: x\r\n',
      ...Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`),
    ];
    const r = await rawExchange(server.base, lines, { gapMs: 200, ms: 12_000 });
    expect([408, 0]).toContain(r.status);
    expect(r.elapsedMs).toBeLessThan(6_000);
  });

  it('answers that skip the reply hooks carry security headers: framework and parser errors, chat stream', async () => {
    const answers = {
      'bad percent-encoding (400)': await rawHeaders(
        server.base,
        head(['GET /api/id%zz/misc/info HTTP/1.1', 'Host: x', 'Connection: close']),
      ),
      'bad chunking (400)': await rawHeaders(
        server.base,
        `${head([
          'POST /api/id/cart HTTP/1.1',
          'Host: x',
          'Content-Type: application/json',
          'Transfer-Encoding: chunked',
        ])}zz\r\n{}\r\n0\r\n\r\n`,
      ),
      'chat stream (200)': await rawHeaders(
        server.base,
        head(['GET /api/de/chat/stream HTTP/1.1', 'Host: x', 'X-Forwarded-For: 10.1.2.3']),
      ),
      'chat stream HEAD (200)': await rawHeaders(
        server.base,
        head(['HEAD /api/de/chat/stream HTTP/1.1', 'Host: x', 'Connection: close']),
      ),
    };
    expect(Object.values(answers).map((a) => a.status)).toEqual([400, 400, 200, 200]);
    for (const [what, answer] of Object.entries(answers)) expectSecurityHeaders(answer.headers, what);
    expect(answers['chat stream (200)'].headers['content-type']).toContain('text/event-stream');
  });
});
