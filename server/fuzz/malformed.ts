import fc from 'fast-check';

/**
 * Arbitraries for malformed API requests, derived from an OpenAPI operation: each field of the query or body
 * gets values of the wrong type, out of range, too long, hostile or absent; the body as a whole may be broken JSON,
 * a form with nested keys, bytes that are not UTF-8, or a type the route does not take.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

export interface Operation {
  method: 'GET' | 'POST';
  /** OpenAPI path, e.g. /api/{urlLocal}/cart. */
  path: string;
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
}

/** A request the fuzzer sends: what it is (for the failure message), and the fetch input. */
export interface MalformedRequest {
  label: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

/** Strings that break naive servers: injections, traversal, control and format characters, non-Latin-1, huge. */
const hostileString = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "' OR '1'='1",
      "'); DROP TABLE users; --",
      '<script>alert(1)</script>',
      '../../../../etc/passwd',
      '%s%n%x',
      '\u0000\u0007\u001b',
      '\ud800',
      '/id/🍎',
      'https://evil.example/',
      '//evil.example',
      'javascript:alert(1)',
      '١٢٣',
      '全角テキスト',
      '1e309',
      '-0',
      'NaN',
      '0x7fffffff',
      '9007199254740993',
      '__proto__',
      'constructor',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 3000, max: 70_000 }).map((n) => 'x'.repeat(n)) },
);

/** A JSON value of a type a schema does not expect (or a boundary it should refuse). */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, -1e308, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER * 4, 1e21),
  fc.double(),
  fc.array(hostileString, { maxLength: 3 }),
  fc.array(fc.integer(), { minLength: 101, maxLength: 200 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":1}}')),
  fc.integer({ min: 1, max: 60 }).map((depth) => nest(depth)),
);

function nest(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

/** A body object where every declared property may be wrong, missing or joined by undeclared ones. */
function wrongObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema.properties ?? {});
  const fields = Object.fromEntries(keys.map((k) => [k, fc.option(wrongValue, { nil: undefined })]));
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), wrongValue, { maxKeys: 2 }),
    )
    .map(([declared, extra]) => ({ ...extra, ...declared }));
}

/** Raw bodies a parser must refuse cleanly. */
const brokenJson = fc.constantFrom(
  '{',
  '{"a":',
  '[]',
  'null',
  '"x"',
  '{"a":1}}',
  '{"a":1e309}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":1,"a":2}',
  '{"a":'.repeat(500),
  '[['.repeat(3000),
);

const notUtf8 = fc
  .uint8Array({ minLength: 1, maxLength: 64 })
  .map((bytes) => Uint8Array.from([0xff, 0xfe, ...bytes, 0xc3]));

/** Query strings: every declared parameter wrong or repeated, with some undeclared ones. */
function wrongQuery(query: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const names = Object.keys(query);
  const pair = fc.tuple(
    names.length > 0 ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 }),
    hostileString,
  );
  return fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) => {
    const q = new URLSearchParams();
    for (const [k, v] of pairs) q.append(k, v.replace(/[\ud800-\udfff]/g, '?'));
    return q.toString();
  });
}

/**
 * Storefront prefixes: mostly real (so the route's own validation runs), sometimes hostile (fetch resolves dot segments
 * such as %2e%2e itself).
 */
const prefix = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('id', 'de', 'ae-ar', 'be-fr') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('ID', 'xx', 'id-', '%2e%2e%2e', 'id%00', '%F0%9F%8D%8E', 'a'.repeat(300), '%zz'),
  },
);

/** Present now and then: most requests keep to one defect, so the route's own validation answers them. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

/** Headers a hostile client sends along: bogus cookies, accept values, idempotency keys and origins. */
const hostileHeaders = fc
  .record({
    cookie: sometimes(
      fc.constantFrom(
        `serviceToken=${'a'.repeat(4000)}`,
        'userId=1e309; cartId=../../x',
        'deviceId=%zz',
        'a=b; a=c; serviceToken=""',
      ),
    ),
    accept: sometimes(
      fc.constantFrom(
        'application/json',
        'text/html',
        '*/*',
        'application/xml',
        '',
        'text/html;q=0.1, application/json;q=0.9',
      ),
    ),
    'idempotency-key': sometimes(fc.constantFrom('', 'k'.repeat(500), '../../x', 'short')),
    origin: sometimes(fc.constantFrom('null', 'https://evil.example', 'http://127.0.0.1')),
  })
  .map((h) => Object.fromEntries(Object.entries(h).filter((e): e is [string, string] => e[1] !== undefined)));

/** One malformed request for an operation. */
export function malformedRequest(op: Operation): fc.Arbitrary<MalformedRequest> {
  const path = prefix.map((p) => op.path.replace('{urlLocal}', p));
  const query = fc.option(wrongQuery(op.query), { nil: undefined, freq: 2 });
  const jsonBody = op.body
    ? wrongObject(op.body).map((b) => ({ kind: 'json', type: 'application/json', body: JSON.stringify(b) }))
    : fc.constant(null);
  const rawBody = fc.oneof(
    brokenJson.map((body) => ({ kind: 'broken json', type: 'application/json', body })),
    notUtf8.map((body) => ({ kind: 'not utf-8', type: 'application/json; charset=utf-8', body })),
    fc
      .constantFrom('a[b][c]=1&a[b][d]=2', 'quantity=1e309&commodityId[]=1', '%zz=%zz', 'x='.concat('y'.repeat(70_000)))
      .map((body) => ({
        kind: 'form',
        type: 'application/x-www-form-urlencoded',
        body,
      })),
    fc
      .constantFrom(
        'application/xml',
        'text/plain',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin9',
      )
      .map((type) => ({ kind: type, type, body: '<a/>' })),
  );
  const body =
    op.method === 'POST'
      ? fc.oneof({ weight: 3, arbitrary: jsonBody }, { weight: 2, arbitrary: rawBody })
      : fc.constant(null);
  return fc.tuple(path, query, body, hostileHeaders).map(([p, q, b, h]) => {
    const headers: Record<string, string> = { ...h };
    if (b) headers['content-type'] = b.type;
    const label =
      `${op.method} ${p.slice(0, 80)}${q ? `?${q.slice(0, 120)}` : ''} ` +
      `${b ? `${b.kind} ${String(b.body).slice(0, 120)}` : ''} ${JSON.stringify(h).slice(0, 160)}`;
    return {
      // fast-check prints a failing request by this, not by its (possibly 70 kB) fields.
      [fc.toStringMethod]: () => label,
      label,
      path: q ? `${p}?${q}` : p,
      headers,
      ...(b ? { body: b.body } : {}),
    };
  });
}
