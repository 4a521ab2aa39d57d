import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, linkToken, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { Errno } from '../../errors';
import { SIGN_IN_THROTTLE } from '../../repositories/auth-throttle';
import { RATE_RULES } from '../../security/rate-limit';

const json = (body: unknown) => ({ method: 'POST', json: body });

describe.each(drivers)('accounts: sign-up by mail, sign-in, sign-out, password reset (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { SITE_ORIGINS: 'https://www.example-store.test' });
  });
  afterAll(async () => server?.close());

  const newEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

  it('serves accessible sign-in and sign-up pages in the storefront language', async () => {
    const c = new Client(server.base);
    const ar = await (await c.fetch('/api/ae-ar/site/login?redirectUrl=%2Fae-ar%2Fcart%2F')).text();
    expect(ar).toContain('<html lang="ar-AE" dir="rtl">');
    expect(ar).toMatch(/<label for="email">البريد الإلكتروني<\/label>/);
    expect(ar).toContain('value="/ae-ar/cart/"');
    const reg = await (await c.fetch('/api/id/site/login?scene=register')).text();
    expect(reg).toContain('action="/api/id/site/register"');
    expect(reg).toContain('autocomplete="new-password"');
    expect(reg).toContain('Nama panggilan (opsional)');
    expect(reg).not.toMatch(/id="nickname"[^>]*required/);
    const it = await (await c.fetch('/api/it/site/login')).text();
    expect(it).toContain('<html lang="it-IT" dir="ltr">');
    expect(it).toContain('<title>Accedi');
    const kr = await (await c.fetch('/api/kr/site/login')).text();
    expect(kr).toContain('<html lang="ko-KR" dir="ltr">');
    expect(kr).toContain('<title>로그인');
  });

  it('signs up by mail: the account exists once the link is confirmed by POST, then the browser is in', async () => {
    const c = new Client(server.base);
    const email = newEmail('Form.User');
    const res = await c.fetch('/api/id/site/register', {
      method: 'POST',
      headers: { accept: 'text/html', origin: server.base },
      form: { email, password: 'long enough pw', nickname: 'Budi', redirectUrl: '/id/user/' },
    });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('Periksa email Anda');
    expect(page).toContain(email.toLowerCase());
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await server.db.query(`SELECT 1 FROM users WHERE email = $1`, [email.toLowerCase()])).toHaveLength(0);

    const mail = (await mailbox(server.base, email)).find((m) => m.kind === 'register-verify')!;
    expect(mail.subject).toBe('Selesaikan pembuatan akun Anda');
    expect(mail.text).toContain(`http://localhost:`);
    const token = linkToken(mail.text)!;
    // Opening the link (or a mail scanner prefetching it) creates nothing.
    const confirm = await c.fetch(`/api/id/site/verify?token=${token}`);
    expect(await confirm.text()).toContain('method="post"');
    expect(await server.db.query(`SELECT 1 FROM users WHERE email = $1`, [email.toLowerCase()])).toHaveLength(0);

    const done = await c.fetch('/api/id/site/verify', {
      method: 'POST',
      headers: { accept: 'text/html', origin: server.base },
      form: { token },
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/id/user/');
    const cookies = done.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/serviceToken=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/serviceToken=[^;]+;.*SameSite=Lax/);
    expect(cookies).toMatch(/deviceId=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/userId=\d+;/);
    expect(cookies).not.toMatch(/userId=[^\n]*HttpOnly/);
    const rows = await server.db.query<{ password_hash: string; nickname: string }>(
      `SELECT password_hash, nickname FROM users WHERE email = $1`,
      [email.toLowerCase()],
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(rows[0]!.nickname).toBe('Budi');
    const profile = await c.call('/api/id/app/userprofile');
    expect(profile.body.data.profile.nickname).toBe('Budi');
    // A link works once.
    const again = await new Client(server.base).fetch('/api/id/site/verify', {
      method: 'POST',
      headers: { accept: 'text/html' },
      form: { token },
    });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('Tautan ini sudah tidak berlaku');
  });

  it('never says whether an address has an account: same answer, and the mail tells the owner instead', async () => {
    const owner = new Client(server.base);
    const account = await owner.register('de');
    const known = await new Client(server.base).call(
      '/api/de/site/register',
      json({ email: account.email.toUpperCase(), password: 'another long pw' }),
    );
    const fresh = newEmail('fresh');
    const unknown = await new Client(server.base).call(
      '/api/de/site/register',
      json({ email: fresh, password: 'another long pw' }),
    );
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual({ errno: 0, errmsg: 'ok', data: { status: 'check_mail', email: account.email } });
    expect(unknown.body).toEqual({ errno: 0, errmsg: 'ok', data: { status: 'check_mail', email: fresh } });
    const ownerMails = await mailbox(server.base, account.email);
    expect(ownerMails[0]).toMatchObject({ kind: 'register-exists', subject: 'Sie haben bereits ein Konto' });
    expect((await mailbox(server.base, fresh))[0]!.kind).toBe('register-verify');
  });

  it('nickname optional (falls back to the address), may not start with a blank; each bad field marked', async () => {
    const c = new Client(server.base);
    const email = newEmail('noname');
    expect((await c.call('/api/id/site/register', json({ email, password: 'long enough pw' }))).body.errno).toBe(0);
    const token = linkToken((await mailbox(server.base, email))[0]!.text)!;
    const signedIn = await c.call('/api/id/site/verify', json({ token }));
    expect(signedIn.body.data.nickname).toBe(email.split('@')[0]);

    const html = await new Client(server.base).fetch('/api/id/site/register', {
      method: 'POST',
      headers: { accept: 'text/html' },
      form: { email: 'not-an-email', password: 'short', nickname: ' Budi' },
    });
    expect(html.status).toBe(400);
    const page = await html.text();
    for (const field of ['email', 'password', 'nickname'])
      expect(page).toMatch(
        new RegExp(`id="${field}"[^>]*aria-describedby="[^"]*${field}-error"[^>]*aria-invalid="true"`),
      );
    expect(page).toContain('Masukkan alamat email yang valid');
    expect(page).toContain('Gunakan minimal 8 karakter.');
    expect(page).toContain('Nama panggilan tidak boleh diawali spasi.');
    expect(page).toContain('value="not-an-email"');
    const jsonError = await new Client(server.base).call(
      '/api/id/site/register',
      json({ email: 'x@example.com', password: 'short' }),
    );
    expect(jsonError.status).toBe(400);
    expect(jsonError.body.errno).toBe(Errno.INVALID_PARAM);
    expect(jsonError.body.errmsg).toContain('password');
    const signIn = await new Client(server.base).fetch('/api/id/site/login', {
      method: 'POST',
      headers: { accept: 'text/html' },
      form: { email: '' },
    });
    const signInPage = await signIn.text();
    expect(signInPage).toContain('Masukkan alamat email Anda.');
    expect(signInPage).toContain('Masukkan kata sandi Anda.');
  });

  it('reports a wrong password the same for unknown addresses; the HTML form re-renders with the message', async () => {
    const c = new Client(server.base);
    const account = await c.register();
    const wrong = await new Client(server.base).call(
      '/api/id/site/login',
      json({ email: account.email, password: 'nope nope' }),
    );
    expect(wrong.body.errno).toBe(Errno.WRONG_CREDENTIALS);
    const unknown = await new Client(server.base).call(
      '/api/id/site/login',
      json({ email: newEmail('nobody'), password: 'nope nope' }),
    );
    expect(unknown.body).toEqual({ ...wrong.body });
    const html = await new Client(server.base).fetch('/api/id/site/login', {
      method: 'POST',
      headers: { accept: 'text/html' },
      form: { email: account.email, password: 'nope' },
    });
    expect(html.status).toBe(401);
    const page = await html.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('Email atau kata sandi salah.');
  });

  it('signs out only by POST: GET shows a confirmation page, so another site cannot sign a shopper out', async () => {
    const c = new Client(server.base);
    const account = await c.register();
    const get = await c.fetch('/api/id/site/logout?redirectUrl=%2Fid%2Fcart%2F');
    expect(get.status).toBe(200);
    const page = await get.text();
    expect(page).toContain('action="/api/id/site/logout"');
    expect(page).toContain('value="/id/cart/"');
    expect((await c.call('/api/id/app/userprofile')).body.data.profile.user_id).toBe(account.userId);
    const cross = await c.call('/api/id/site/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      form: {},
    });
    expect(cross.body.errno).toBe(Errno.BAD_ORIGIN);
    expect((await c.call('/api/id/app/userprofile')).body.errno).toBe(0);
    const out = await c.fetch('/api/id/site/logout', {
      method: 'POST',
      headers: { origin: server.base },
      form: { redirectUrl: '/id/' },
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/id/');
    expect([...c.cookies.keys()].filter((k) => ['serviceToken', 'userId', 'cUserId'].includes(k))).toEqual([]);
    expect(c.cookies.has('deviceId')).toBe(true);
    expect((await c.call('/api/id/app/userprofile')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    const visitor = await c.fetch('/api/id/site/logout?redirectUrl=%2Fid%2F');
    expect(visitor.status).toBe(303);
  });

  it('never redirects off-site, and encodes non-Latin-1 targets instead of failing', async () => {
    const c = new Client(server.base);
    const account = await c.register();
    for (const [target, expected] of [
      ['https://evil.example/steal', '/id/'],
      ['//evil.example/x', '/id/'],
      ['/\\evil.example', '/id/'],
      ['/a/../..//evil.example', '/id/'],
      ['javascript:alert(1)', '/id/'],
      ['https://www.example-store.test/id/cart', 'https://www.example-store.test/id/cart'],
      ['/id/checkout/?step=2', '/id/checkout/?step=2'],
      ['/id/🍎', '/id/%F0%9F%8D%8E'],
      ['/ae-ar/بحث?q=هاتف#أ', '/ae-ar/%D8%A8%D8%AD%D8%AB?q=%D9%87%D8%A7%D8%AA%D9%81#%D8%A3'],
      ['/id/搜索', '/id/%E6%90%9C%E7%B4%A2'],
      // Same origin by the Host header: only the path is kept, so a forged Host cannot send the browser away.
      [`${server.base}/id/cart/`, '/id/cart/'],
    ] as const) {
      const res = await c.fetch('/api/id/site/login', {
        method: 'POST',
        form: { email: account.email, password: account.password, redirectUrl: target },
      });
      expect(res.status, target).toBe(303);
      expect(res.headers.get('location'), target).toBe(expected);
    }
    const out = await c.fetch('/api/id/site/logout', { method: 'POST', form: { redirectUrl: '/id/🍎' } });
    expect(out.headers.get('location')).toBe('/id/%F0%9F%8D%8E');
    const page = await c.fetch('/api/id/site/login?redirectUrl=%2Fid%2F%F0%9F%8D%8E');
    expect(page.status).toBe(200);
  });

  it('refuses cross-site posts by Origin, Referer or Fetch Metadata; same-origin and non-browsers pass', async () => {
    const c = new Client(server.base);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      for (const url of ['/api/id/site/login', '/api/id/cart', '/api/id/error/errsave']) {
        const r = await c.call(url, { method: 'POST', headers, form: { email: 'a@b.co', password: 'x' } });
        expect(r.status, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(r.body.errno).toBe(Errno.BAD_ORIGIN);
      }
    }
    expect(
      (await c.call('/api/id/cart', { method: 'POST', headers: { origin: server.base }, form: {} })).body.errno,
    ).toBe(0);
    expect(
      (
        await c.call('/api/id/cart', {
          method: 'POST',
          headers: { origin: 'https://www.example-store.test' },
          form: {},
        })
      ).body.errno,
    ).toBe(0);
    expect(
      (await c.call('/api/id/cart', { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' }, form: {} })).body
        .errno,
    ).toBe(0);
    expect((await c.call('/api/id/cart', { method: 'POST', form: {} })).body.errno).toBe(0);
  });

  it('counts guesses atomically: 30 parallel guesses at one account check at most the allowance plus one', async () => {
    const account = await new Client(server.base).register();
    const attacker = new Client(server.base);
    const guesses = Array.from({ length: 30 }, (_, i) => (i === 17 ? account.password : `wrong-${i}`));
    const answers = await Promise.all(
      guesses.map((password) => attacker.call('/api/id/site/login', json({ email: account.email, password }))),
    );
    const checked = answers.filter((a) => a.body.errno === Errno.WRONG_CREDENTIALS || a.body.errno === 0);
    const refused = answers.filter((a) => a.body.errno === Errno.TOO_MANY_ATTEMPTS);
    expect(checked.length).toBeLessThanOrEqual(SIGN_IN_THROTTLE.account.free + 1);
    expect(checked.length + refused.length).toBe(30);
    for (const r of refused) expect(r.status).toBe(429);
  });

  it('100 guesses from 100 addresses lock no owner out (a new browser by mailed link); the owner is told', async () => {
    const owner = new Client(server.base);
    const account = await owner.register('de');
    await owner.call('/api/de/site/logout', json({}));
    expect(owner.cookies.has('deviceId')).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        new Client(server.base).call('/api/de/site/login', json({ email: account.email, password: `guess-${i}` })),
      ),
    );
    const checked = answers.filter((a) => a.body.errno === Errno.WRONG_CREDENTIALS).length;
    expect(checked).toBeLessThanOrEqual(SIGN_IN_THROTTLE.account.free + 1);
    // A new browser of the owner is not locked out: it is asked to confirm by a link mailed to the owner …
    const newBrowser = new Client(server.base);
    const asked = await newBrowser.call(
      '/api/de/site/login',
      json({ email: account.email, password: account.password }),
    );
    expect(asked.body.errno).toBe(Errno.CONFIRM_BY_MAIL);
    const link = (await mailbox(server.base, account.email)).find((m) => m.kind === 'sign-in-link')!;
    expect(
      (await newBrowser.call('/api/de/site/login/confirm', json({ token: linkToken(link.text) }))).body.errno,
    ).toBe(0);
    // … while the browser that signed in before goes straight in.
    const back = await owner.call('/api/de/site/login', json({ email: account.email, password: account.password }));
    expect(back.body.errno).toBe(0);
    const alerts = (await mailbox(server.base, account.email)).filter((m) => m.kind === 'sign-in-alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe('Ungewöhnliche Anmeldeversuche bei Ihrem Konto');
  });

  it('limits one address guessing across many accounts', async () => {
    const attacker = new Client(server.base);
    const answers = [];
    for (let i = 0; i < SIGN_IN_THROTTLE.address.free + 3; i++)
      answers.push(
        await attacker.call('/api/id/site/login', json({ email: newEmail(`victim${i}`), password: 'password1' })),
      );
    expect(
      answers.slice(0, SIGN_IN_THROTTLE.address.free + 1).every((a) => a.body.errno === Errno.WRONG_CREDENTIALS),
    ).toBe(true);
    const last = answers.at(-1)!;
    expect(last.body.errno).toBe(Errno.TOO_MANY_ATTEMPTS);
  });

  it('shares the throttle between app instances on one database', async () => {
    const account = await new Client(server.base).register();
    const attacker = new Client(server.base);
    const { buildApp } = await import('../../app');
    const second = await buildApp({
      db: server.db,
      logger: false,
      seed: false,
      env: { PUBLIC_DIR: server.publicDir, TRUST_PROXY: 'loopback' },
    });
    try {
      for (let i = 0; i <= SIGN_IN_THROTTLE.account.free; i++) {
        const first = i % 2 === 0;
        const body = { email: account.email, password: `wrong-${i}` };
        const errno = first
          ? (await attacker.call('/api/id/site/login', json(body))).body.errno
          : (
              await second.inject({
                method: 'POST',
                url: '/api/id/site/login',
                headers: { accept: 'application/json', 'x-forwarded-for': attacker.address },
                payload: body,
              })
            ).json().errno;
        expect(errno).toBe(Errno.WRONG_CREDENTIALS);
      }
      const r = await second.inject({
        method: 'POST',
        url: '/api/id/site/login',
        headers: { accept: 'application/json', 'x-forwarded-for': attacker.address },
        payload: { email: account.email, password: account.password },
      });
      expect(r.json().errno).toBe(Errno.TOO_MANY_ATTEMPTS);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });

  it('throttles sign-up per address in the envelope with Retry-After', async () => {
    const c = new Client(server.base);
    const answers = [];
    for (let i = 0; i <= RATE_RULES.account.max; i++)
      answers.push(
        await c.call('/api/id/site/register', json({ email: newEmail('bulk'), password: 'long enough pw' })),
      );
    expect(answers.slice(0, RATE_RULES.account.max).every((a) => a.body.errno === 0)).toBe(true);
    const last = answers.at(-1)!;
    expect(last.status).toBe(429);
    expect(last.body.errno).toBe(Errno.RATE_LIMITED);
    // A browser posting the sign-up form reads the refusal as a page in its storefront's language, not as JSON.
    const page = await c.fetch('/api/id/site/register', {
      method: 'POST',
      headers: { accept: 'text/html,application/xhtml+xml', origin: server.base },
      form: { email: newEmail('bulk'), password: 'long enough pw' },
    });
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<html lang="id-ID" dir="ltr">');
    expect(html).toMatch(/Terlalu banyak percobaan dari koneksi Anda/);
  });

  it('resets a password by mail: same answer for unknown addresses, other sessions end, owner is told', async () => {
    const c = new Client(server.base);
    const account = await c.register('fr');
    const elsewhere = new Client(server.base);
    await elsewhere.call('/api/fr/site/login', json({ email: account.email, password: account.password }));
    expect((await elsewhere.call('/api/fr/app/userprofile')).body.errno).toBe(0);

    const asked = await new Client(server.base).call('/api/fr/site/forgot', json({ email: account.email }));
    const stranger = newEmail('stranger');
    const unknown = await new Client(server.base).call('/api/fr/site/forgot', json({ email: stranger }));
    expect(asked.body.data.status).toBe(unknown.body.data.status);
    expect(await mailbox(server.base, stranger)).toEqual([]);
    const mail = (await mailbox(server.base, account.email)).find((m) => m.kind === 'password-reset')!;
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe');
    const token = linkToken(mail.text)!;
    const form = await (await c.fetch(`/api/fr/site/reset?token=${token}`)).text();
    expect(form).toContain('autocomplete="new-password"');
    const short = await c.call('/api/fr/site/reset', json({ token, password: 'short' }));
    expect(short.body.errno).toBe(Errno.INVALID_PARAM);
    const done = await new Client(server.base).call(
      '/api/fr/site/reset',
      json({ token, password: 'a brand new password' }),
    );
    expect(done.body.errno).toBe(0);
    expect((await elsewhere.call('/api/fr/app/userprofile')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    expect((await c.call('/api/fr/app/userprofile')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    expect(
      (
        await new Client(server.base).call(
          '/api/fr/site/login',
          json({ email: account.email, password: account.password }),
        )
      ).body.errno,
    ).toBe(Errno.WRONG_CREDENTIALS);
    expect(
      (
        await new Client(server.base).call(
          '/api/fr/site/login',
          json({ email: account.email, password: 'a brand new password' }),
        )
      ).body.errno,
    ).toBe(0);
    expect((await mailbox(server.base, account.email)).some((m) => m.kind === 'password-changed')).toBe(true);
    expect(
      (await new Client(server.base).call('/api/fr/site/reset', json({ token, password: 'yet another password' }))).body
        .errno,
    ).toBe(Errno.LINK_INVALID);
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

  it('the mailbox page is only for this machine: proxied or remote requests get a 404', async () => {
    const local = await fetch(`${server.base}/api/mailbox`);
    expect(local.status).toBe(200);
    const proxied = await fetch(`${server.base}/api/mailbox`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(proxied.status).toBe(404);
    expect((await proxied.json()).errno).toBe(Errno.NOT_FOUND);
  });
});
