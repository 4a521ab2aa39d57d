import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, randomAddress, startServer, type TestServer } from '../test-support/harness';
import { quickShopper, saveAddress, addToCart } from '../test-support/shoppers';
import { sellable } from '../test-support/fixtures';
import { malformedRequest, type JsonSchema, type Operation } from './malformed';

/** Malformed requests per operation (at least 30); FUZZ_RUNS=500 for a longer hunt. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 40);

/** What an answer must never show: stack frames, framework codes, file paths, SQL or driver errors. */
const INTERNALS =
  /\n\s+at .+:\d+:\d+|FST_|ERR_[A-Z_]{4,}|node_modules|\/server\/|\.ts:\d+|syntax error at|relation "|violates .* constraint|duplicate key|SyntaxError|TypeError|RangeError|PGlite|pg_/;

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (method !== 'get' && method !== 'post') continue;
      const query = Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
      );
      const body = op.requestBody ? (Object.values(op.requestBody.content)[0]?.schema ?? null) : null;
      ops.push({ method: method.toUpperCase() as Operation['method'], path, query, body });
    }
  }
  return ops;
}

/** The envelope inside an answer: JSON, or the argument of a JSONP callback. */
function envelopeOf(type: string, text: string): unknown {
  if (type.includes('javascript'))
    return JSON.parse(/^[\w$.]+\(([\s\S]*)\);?$/.exec(text.replace(/^\/\*\*\/\s*/, ''))?.[1] ?? 'null');
  return JSON.parse(text);
}

/**
 * A schema-driven fuzzer over /api/openapi.json. Every operation gets malformed queries, bodies, prefixes
 * and headers; no answer may be a 5xx, leave the envelope (JSON answers and JSONP), or show internals. Each client is
 * a new address, so rate limits (an envelope 429, also clean) do not hide the routes' own answers.
 */
describe.each(drivers)('fuzzing every OpenAPI operation (%s)', (driver) => {
  let server: TestServer;
  let operations: Operation[] = [];
  /**
   * A signed-in shopper with an address and a cart: half the requests carry its session, so the routes behind sign-in
   * are fuzzed too.
   */
  let session = '';
  beforeAll(async () => {
    server = await startServer(driver);
    operations = operationsOf((await (await fetch(`${server.base}/api/openapi.json`)).json()) as OpenApi);
    const shopper = await quickShopper(server);
    await saveAddress(shopper.client);
    await addToCart(shopper.client, (await sellable(server.db, 1)).commodity_id);
    session = [...shopper.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  });
  afterAll(async () => server?.close());

  it('finds every operation in the document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.some((o) => o.method === 'POST' && o.path.endsWith('/cart'))).toBe(true);
  });

  it(`answers ${RUNS} malformed requests per operation in the envelope, never with a 5xx or internals`, async () => {
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(malformedRequest(op), fc.boolean(), async (req, signedIn) => {
          sent++;
          const ctrl = new AbortController();
          const res = await fetch(server.base + req.path, {
            method: op.method,
            headers: { 'x-forwarded-for': randomAddress(), ...(signedIn ? { cookie: session } : {}), ...req.headers },
            ...(req.body !== undefined ? { body: req.body } : {}),
            redirect: 'manual',
            signal: ctrl.signal,
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const type = res.headers.get('content-type') ?? '';
          // An open event stream is a success, not an answer to read to the end.
          if (type.startsWith('text/event-stream')) {
            ctrl.abort();
            return res.status === 200;
          }
          const text = await res.text();
          expect(res.status, req.label).toBeLessThan(500);
          expect(text, req.label).not.toMatch(INTERNALS);
          if (res.status >= 300 && res.status < 400) return true;
          if (type.includes('text/html')) return true;
          const body = envelopeOf(type, text) as { errno?: unknown; errmsg?: unknown; data?: unknown };
          expect(typeof body.errno, req.label).toBe('number');
          expect(typeof body.errmsg, req.label).toBe('string');
          expect('data' in body, req.label).toBe(true);
          if (res.status >= 400) expect(body.errno, req.label).not.toBe(0);
          return true;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(RUNS * operations.length);
    // The requests reached the routes' own validation, not only the limiter or the origin check.
    const count = (pick: (status: number) => boolean) =>
      [...statuses].filter(([s]) => pick(s)).reduce((n, [, c]) => n + c, 0);
    console.log(
      `fuzz (${driver}): ${sent} requests over ${operations.length} operations, answers by status ` +
        `${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(count((s) => s === 400)).toBeGreaterThan(sent / 5);
    expect(count((s) => s < 400)).toBeGreaterThan(0);
    expect(count((s) => s === 429)).toBeLessThan(sent / 10);
  }, 600_000);

  it('the store still answers and its data is intact afterwards', async () => {
    expect((await (await fetch(`${server.base}/api/health`)).json()).data).toEqual({ status: 'ok' });
    const rows = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM products`);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
