import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../test-support/harness';
import { Errno } from '../errors';
import { THROTTLE } from '../repositories/users';

describe.each(drivers)('accounts and sessions (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { SITE_ORIGINS: 'https://www.example-store.test' });
  });
  afterAll(async () => server?.close());

  it('serves an accessible sign-in page in the storefront language, and the register scene', async () => {
    const c = new Client(server.base);
    const res = await c.fetch('/api/ae-ar/site/login?redirectUrl=%2Fae-ar%2Fcart%2F');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="ar-AE" dir="rtl">');
    expect(html).toMatch(/<label for="email">/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toContain('value="/ae-ar/cart/"');
    expect(html).toContain('method="post"');
    const reg = await (await c.fetch('/api/id/site/login?scene=register')).text();
    expect(reg).toContain('action="/api/id/site/register"');
    expect(reg).toContain('autocomplete="new-password"');
    expect(reg).toContain('lang="id-ID"');
  });

  it('registers with a form post: hashed password, HttpOnly session cookie, readable user ids, 303 to redirectUrl', async () => {
    const c = new Client(server.base);
    const res = await c.fetch('/api/id/site/register', {
      method: 'POST',
      headers: { accept: 'text/html', origin: server.base },
      form: { email: 'Form.User@Example.com', password: 'long enough pw', nickname: 'Budi', redirectUrl: '/id/user/' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/id/user/');
    const cookies = res.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/serviceToken=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/serviceToken=[^;]+;.*SameSite=Lax/);
    expect(cookies).toMatch(/userId=\d+;/);
    expect(cookies).not.toMatch(/userId=[^\n]*HttpOnly/);
    expect(cookies).toMatch(/cUserId=[^;]+;/);
    const rows = await server.db.query<{ password_hash: string; email: string }>(`SELECT password_hash, email FROM users WHERE email = 'form.user@example.com'`);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(rows[0]!.password_hash).not.toContain('long enough pw');
    const sessions = await server.db.query<{ token_hash: string }>(`SELECT token_hash FROM sessions`);
    expect(sessions.map((s) => s.token_hash)).not.toContain(c.cookies.get('serviceToken'));

    const profile = await c.call('/api/id/app/userprofile');
    expect(profile.body.errno).toBe(0);
    expect(profile.body.data.profile.nickname).toBe('Budi');
    expect(profile.body.data.profile.user_id).toBe(Number(c.cookies.get('userId')));
    expect(profile.body.data.profile.security.email).toBe('f***@example.com');
    expect(profile.body.data.cart.count).toBe(0);
    const info = await c.call('/api/id/misc/info');
    expect(info.body.data).toMatchObject({ has_received_tokens_for_joining: true, unread_message: 1, user_id: Number(c.cookies.get('userId')) });
  });

  it('signs in and out; a signed-out client is a visitor (userId 0) and gets 20001 on userprofile', async () => {
    const c = new Client(server.base);
    const account = await c.register();
    await c.call('/api/id/site/logout', { method: 'POST', json: {} });
    expect([...c.cookies.keys()].filter((k) => ['serviceToken', 'userId', 'cUserId'].includes(k))).toEqual([]);
    const visitor = await c.call('/api/id/app/userprofile');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ data: null, errno: Errno.NOT_LOGGED_IN, errmsg: expect.any(String) });
    expect((await c.call('/api/id/misc/info')).body.data.user_id).toBe(0);

    const res = await c.fetch('/api/id/site/login', { method: 'POST', form: { email: account.email, password: account.password, redirectUrl: '/id/cart/' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/id/cart/');
    expect((await c.call('/api/id/app/userprofile')).body.data.profile.user_id).toBe(account.userId);

    const out = await c.fetch('/api/id/site/logout?redirectUrl=%2Fid%2F');
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/id/');
    expect((await c.call('/api/id/app/userprofile')).body.errno).toBe(Errno.NOT_LOGGED_IN);
  });

  it('never redirects off-site: foreign hosts, protocol-relative and javascript: URLs go to the storefront home', async () => {
    const c = new Client(server.base);
    const account = await c.register();
    for (const [target, expected] of [
      ['https://evil.example/steal', '/id/'],
      ['//evil.example/x', '/id/'],
      ['/\\evil.example', '/id/'],
      ['javascript:alert(1)', '/id/'],
      ['https://www.example-store.test/id/cart', 'https://www.example-store.test/id/cart'],
      ['/id/checkout/?step=2', '/id/checkout/?step=2'],
      // Same origin by the Host header: only the path is kept, so a forged Host cannot send the browser away.
      [`${server.base}/id/cart/`, "/id/cart/"],
    ] as const) {
      const res = await c.fetch('/api/id/site/login', { method: 'POST', form: { email: account.email, password: account.password, redirectUrl: target } });
      expect(res.headers.get('location'), target).toBe(expected);
    }
  });

  it('refuses cross-site form posts (Origin check)', async () => {
    const c = new Client(server.base);
    const r = await c.call('/api/id/site/login', { method: 'POST', headers: { origin: 'https://evil.example' }, form: { email: 'a@b.co', password: 'x' } });
    expect(r.status).toBe(403);
    expect(r.body.errno).toBe(Errno.BAD_ORIGIN);
  });

  it('reports a wrong password, a taken email and bad fields with clear errnos; HTML forms re-render with the message', async () => {
    const c = new Client(server.base);
    const account = await c.register();
    const wrong = await c.call('/api/id/site/login', { method: 'POST', json: { email: account.email, password: 'nope' } });
    expect(wrong.body.errno).toBe(Errno.WRONG_CREDENTIALS);
    const unknown = await c.call('/api/id/site/login', { method: 'POST', json: { email: 'nobody@example.com', password: 'nope' } });
    expect(unknown.body.errno).toBe(Errno.WRONG_CREDENTIALS);
    const taken = await new Client(server.base).call('/api/id/site/register', { method: 'POST', json: { email: account.email.toUpperCase(), password: 'another long pw' } });
    expect(taken.body.errno).toBe(Errno.EMAIL_TAKEN);
    const short = await c.call('/api/id/site/register', { method: 'POST', json: { email: 'x@example.com', password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.errmsg).toContain('password');
    const badEmail = await c.call('/api/id/site/register', { method: 'POST', json: { email: 'not-an-email', password: 'long enough pw' } });
    expect(badEmail.body.errno).toBe(Errno.INVALID_EMAIL);

    const html = await c.fetch('/api/id/site/login', { method: 'POST', headers: { accept: 'text/html' }, form: { email: account.email, password: 'nope' } });
    expect(html.status).toBe(401);
    const page = await html.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('Email atau kata sandi salah.');
    const missing = await c.fetch('/api/id/site/register', { method: 'POST', headers: { accept: 'text/html' }, form: { email: 'a@example.com' } });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('aria-invalid="true"');
  });

  it('throttles sign-in for an account from one address, even with the right password, across app instances', async () => {
    const c = new Client(server.base);
    const account = await c.register();
    for (let i = 0; i < THROTTLE.perEmailAndClient; i++) {
      expect((await c.call('/api/id/site/login', { method: 'POST', json: { email: account.email, password: `wrong-${i}` } })).body.errno).toBe(Errno.WRONG_CREDENTIALS);
    }
    const blocked = await c.call('/api/id/site/login', { method: 'POST', json: { email: account.email, password: account.password } });
    expect(blocked.body.errno).toBe(Errno.TOO_MANY_ATTEMPTS);
    // The counter lives in the database, so a second instance on the same database refuses as well.
    const { buildApp } = await import('../app');
    const second = await buildApp({ db: server.db, logger: false, seed: false, env: { PUBLIC_DIR: server.publicDir } });
    const r = await second.inject({ method: 'POST', url: '/api/id/site/login', headers: { accept: 'application/json' }, payload: { email: account.email, password: account.password } });
    expect(r.json().errno).toBe(Errno.TOO_MANY_ATTEMPTS);
    // Someone else's wrong guesses must not lock the shopper out: from another address the right password works.
    const elsewhere = await second.inject({ method: 'POST', url: '/api/id/site/login', remoteAddress: '203.0.113.9', headers: { accept: 'application/json' }, payload: { email: account.email, password: account.password } });
    expect(elsewhere.json().errno).toBe(0);
    await second.close();
  });

  it('ignores forged or expired session cookies', async () => {
    const c = new Client(server.base);
    c.cookies.set('serviceToken', 'A'.repeat(43));
    expect((await c.call('/api/id/app/userprofile')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    c.cookies.set('serviceToken', "' OR 1=1 --");
    expect((await c.call('/api/id/app/userprofile')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    const d = new Client(server.base);
    await d.register();
    await server.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute'`);
    expect((await d.call('/api/id/app/userprofile')).body.errno).toBe(Errno.NOT_LOGGED_IN);
  });
});
