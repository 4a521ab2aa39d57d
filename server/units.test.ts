import { describe, expect, it } from 'vitest';
import { safeRedirect } from './auth/redirect';
import { hashPassword, verifyPassword } from './auth/password';
import { hashToken, newToken } from './auth/tokens';
import { snakeKey, snakeKeys } from './views/snake-case';
import { splitStatements } from './db/migrate';
import { cacheControlFor, IMMUTABLE } from './static';
import { CALLBACK_PATTERN, decodeEmail } from './routes/account/subscribe';
import { readEnv } from './config';
import { likeEscape } from './repositories/catalogue';
import { agentReply } from './services/chat-agent';
import { toEnvelopeError } from './envelope';
import { ApiError, Errno } from './errors';
import { maskEmail } from './routes/account/user';

describe('safeRedirect', () => {
  const allowed = new Set(['https://www.shop.test']);
  it.each([
    ['/id/cart/', '/id/cart/'],
    ['https://www.shop.test/de/', 'https://www.shop.test/de/'],
    ['https://www.shop.test.evil.example/', '/id/'],
    ['//evil.example', '/id/'],
    ['/\\evil.example', '/id/'],
    ['javascript:alert(1)', '/id/'],
    ['data:text/html,x', '/id/'],
    ['/id/\r\nSet-Cookie: x=1', '/id/'],
    ['', '/id/'],
    [undefined, '/id/'],
  ])('%s → %s', (target, expected) => {
    expect(safeRedirect(target, allowed, 'id')).toBe(expected);
  });

  it('keeps only the path of a same-origin URL, since the origin comes from a client-controlled Host header', () => {
    expect(safeRedirect('http://evil.example/x?y=1#z', allowed, 'id', 'http://evil.example')).toBe('/x?y=1#z');
    expect(safeRedirect('http://localhost:8000/id/cart/', allowed, 'id', 'http://localhost:8000')).toBe('/id/cart/');
  });
});

describe('passwords and tokens', () => {
  it('hashes with a per-user salt and verifies in constant time', async () => {
    const a = await hashPassword('secret pw 1');
    const b = await hashPassword('secret pw 1');
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret pw 1', a)).toBe(true);
    expect(await verifyPassword('secret pw 2', a)).toBe(false);
    expect(await verifyPassword('secret pw 1', 'garbage')).toBe(false);
  });
  it('stores only a hash of session tokens', () => {
    const t = newToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).not.toContain(t);
  });
});

describe('snake_case keys', () => {
  it('inverts the clients’ camelCase exactly', () => {
    expect(snakeKey('salePriceIsEQ')).toBe('sale_price_is_e_q');
    expect(snakeKeys({ storeNavigation: [{ gotoUrl: '/x', energy_image: 'e' }] })).toEqual({
      store_navigation: [{ goto_url: '/x', energy_image: 'e' }],
    });
  });
});

describe('migrations', () => {
  it('splits statements and drops comments', () => {
    expect(splitStatements('-- c\nCREATE TABLE a (x int); -- note\nCREATE INDEX i ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX i ON a (x)',
    ]);
  });

  it('keeps dollar-quoted function bodies whole, with their semicolons and comments', () => {
    const body = '$$\nBEGIN\n  -- why\n  x := 1;\n  RETURN x;\nEND $$';
    const fn = `CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS ${body}`;
    const sql = `-- c\n${fn};\nCREATE FUNCTION g() RETURNS int LANGUAGE sql AS $g$ SELECT 1; $g$;\nDROP TABLE a;\n`;
    expect(splitStatements(sql)).toEqual([
      fn,
      'CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $g$ SELECT 1; $g$',
      'DROP TABLE a',
    ]);
  });
});

describe('static cache rules', () => {
  it.each([
    ['_widgets/runtime.js', IMMUTABLE],
    ['app-3f2a1b4c5d6e7f80.js', IMMUTABLE],
    ['static/abc/font.woff2', IMMUTABLE],
    ['id/index.html', 'no-cache'],
    ['page-data/id/page-data.json', 'no-cache'],
    ['images/products/x.svg', 'no-cache'],
  ])('%s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('emailsubscribe inputs', () => {
  it('decodes standard and URL-safe base64, refuses other text', () => {
    expect(decodeEmail(Buffer.from('a@b.co').toString('base64'))).toBe('a@b.co');
    expect(decodeEmail(Buffer.from('ü?>@b.co').toString('base64url'))).toBe('ü?>@b.co');
    expect(decodeEmail('<script>')).toBeNull();
  });
  it('accepts only identifier callbacks', () => {
    expect(CALLBACK_PATTERN.test('jQuery3310_123')).toBe(true);
    expect(CALLBACK_PATTERN.test('ns.cb')).toBe(true);
    for (const bad of ['a(1)', 'a;b', '1a', 'a..b', '']) expect(CALLBACK_PATTERN.test(bad)).toBe(false);
  });
});

describe('environment', () => {
  it('applies defaults and names bad variables', () => {
    expect(readEnv({})).toMatchObject({
      HOST: '0.0.0.0',
      PORT: 8000,
      DATA_DIR: '.data/pglite',
      PUBLIC_DIR: 'releases/current',
    });
    expect(() => readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT.*DATABASE_URL|DATABASE_URL.*PORT/,
    );
  });
});

describe('small helpers', () => {
  it('escapes LIKE wildcards', () => expect(likeEscape('50%_a\\')).toBe('50\\%\\_a\\\\'));
  it('masks emails', () => expect(maskEmail('budi@example.com')).toBe('b***@example.com'));
  it('the agent answers with the best matching FAQ or hands over', () => {
    const faqs = [
      { question: 'How do I track my order?', answer: 'Open My orders.' },
      { question: 'How do I return a product?', answer: 'Within 14 days.' },
    ];
    expect(agentReply('where can I track the order', faqs)).toContain('Open My orders.');
    expect(agentReply('return policy product', faqs)).toContain('14 days');
    expect(agentReply('qwerty', faqs)).toBeNull();
  });
  it('maps errors to the envelope without leaking internals', () => {
    expect(toEnvelopeError(new ApiError(Errno.NOT_LOGGED_IN, 'sign in'))).toEqual({
      status: 200,
      body: { data: null, errno: 20001, errmsg: 'sign in' },
      fault: false,
    });
    const internal = toEnvelopeError(new Error('connection refused at 10.0.0.1'));
    expect(internal.status).toBe(500);
    expect(internal.fault).toBe(true);
    expect(internal.body.errmsg).not.toContain('10.0.0.1');
  });
});

describe('rate limit keys', () => {
  it('reads the session cookie from the Cookie header (the limits run before cookies are parsed)', async () => {
    const { sessionCookie } = await import('./security/rate-limit');
    const token = 'a'.repeat(43);
    expect(sessionCookie(`cartId=x; serviceToken=${token}; userId=3`)).toBe(token);
    expect(sessionCookie(`serviceToken=${token}`)).toBe(token);
    expect(sessionCookie('xserviceToken=abc')).toBeUndefined();
    expect(sessionCookie(`serviceToken=short`)).toBeUndefined();
    expect(sessionCookie(undefined)).toBeUndefined();
  });
});
