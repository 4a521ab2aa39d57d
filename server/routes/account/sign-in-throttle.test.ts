import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  drivers,
  linkToken,
  mailbox,
  randomAddress,
  startServer,
  type TestServer,
} from '../../test-support/harness';
import { Errno } from '../../errors';
import { SIGN_IN_THROTTLE } from '../../repositories/auth-throttle';
import { SIGN_IN_LINKS_UNUSED_MAX } from '../../repositories/account-tokens';

const json = (body: unknown) => ({ method: 'POST', json: body });

describe.each(drivers)('sign-in throttling hurts strangers, not owners (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  /** Moves the throttle's clock forward: what `seconds` of waiting would do to every delay and window. */
  const passTime = (seconds: number) =>
    server.db.query(
      `UPDATE auth_throttle SET last_at = last_at - make_interval(secs => $1),
        blocked_until = blocked_until - make_interval(secs => $1)`,
      [seconds],
    );

  /** The newest second-factor link mailed to an address. */
  const newestLink = async (email: string) =>
    linkToken((await mailbox(server.base, email)).find((m) => m.kind === 'sign-in-link')?.text ?? '');

  /**
   * Follows the newest mailed sign-in link in a browser as its owner would: open it, press the button. True when signed
   * in.
   */
  async function followLink(browser: Client, urlLocal: string, email: string): Promise<boolean> {
    const token = await newestLink(email);
    if (!token) return false;
    const page = await browser.fetch(`/api/${urlLocal}/site/login/confirm?token=${token}`);
    if (page.status !== 200 || !(await page.text()).includes('method="post"')) return false;
    const done = await browser.call(`/api/${urlLocal}/site/login/confirm`, json({ token }));
    return done.body.errno === 0 && (await browser.call(`/api/${urlLocal}/app/userprofile`)).body.errno === 0;
  }

  it('20 addresses guessing 10/min keep no owner out: new browsers by mailed link, trusted ones directly', async () => {
    const owner = new Client(server.base);
    const account = await owner.register('de');
    await owner.call('/api/de/site/logout', json({}));
    const strangers = Array.from({ length: 20 }, () => new Client(server.base));
    const strangerAnswers: number[] = [];
    let newBrowsersIn = 0;
    let trustedIn = 0;
    // One minute in slots of 6 s: in each, every stranger guesses once, a new browser of the owner signs in, and
    // so does the browser the owner used before.
    for (let slot = 0; slot < 10; slot++) {
      const guesses = await Promise.all(
        strangers.map((s, i) =>
          s.call('/api/de/site/login', json({ email: account.email, password: `guess-${slot}-${i}` })),
        ),
      );
      strangerAnswers.push(...guesses.map((g) => g.body.errno));
      const fresh = new Client(server.base);
      const answer = await fresh.call('/api/de/site/login', json({ email: account.email, password: account.password }));
      if (
        answer.body.errno === 0 ||
        (answer.body.errno === Errno.CONFIRM_BY_MAIL && (await followLink(fresh, 'de', account.email)))
      )
        newBrowsersIn++;
      if (
        (await owner.call('/api/de/site/login', json({ email: account.email, password: account.password }))).body
          .errno === 0
      )
        trustedIn++;
      await passTime(6);
    }
    expect({ newBrowsersIn, trustedIn }).toEqual({ newBrowsersIn: 10, trustedIn: 10 });
    // The strangers learnt nothing: a handful of "wrong" answers before the account counted as attacked, then
    // delays or the answer a right password gets too.
    expect(strangerAnswers.filter((e) => e === Errno.WRONG_CREDENTIALS).length).toBeLessThanOrEqual(
      SIGN_IN_THROTTLE.account.free + 1,
    );
    expect(
      strangerAnswers.every((e) =>
        [Errno.WRONG_CREDENTIALS, Errno.TOO_MANY_ATTEMPTS, Errno.CONFIRM_BY_MAIL].includes(e as never),
      ),
    ).toBe(true);
    expect((await mailbox(server.base, account.email)).filter((m) => m.kind === 'sign-in-alert')).toHaveLength(1);
    // About 180 of the strangers' guesses cost a password hash each: far more than the default timeout on a busy host.
  }, 120_000);

  it('under attack right and wrong passwords answer alike; the right one mails a link for 15 min, once', async () => {
    const owner = new Client(server.base);
    const account = await owner.register('de');
    await owner.call('/api/de/site/logout', json({}));
    for (let i = 0; i <= SIGN_IN_THROTTLE.account.free; i++)
      await new Client(server.base).call('/api/de/site/login', json({ email: account.email, password: `guess-${i}` }));

    const right = new Client(server.base);
    const wrong = new Client(server.base);
    const a = await right.call('/api/de/site/login', json({ email: account.email, password: account.password }));
    const b = await wrong.call('/api/de/site/login', json({ email: account.email, password: 'not the password' }));
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    expect(a.body.errno).toBe(Errno.CONFIRM_BY_MAIL);
    expect([...right.cookies.keys()].sort()).toEqual([...wrong.cookies.keys()].sort());
    expect(right.cookies.has('serviceToken')).toBe(false);
    // The form (no JavaScript) says so in the storefront's language, for a right and a wrong password alike.
    const pages = await Promise.all(
      [account.password, 'not the password'].map(async (password) => {
        const res = await new Client(server.base).fetch('/api/de/site/login', {
          method: 'POST',
          headers: { accept: 'text/html' },
          form: { email: account.email, password },
        });
        return { status: res.status, text: (await res.text()).replace(/value="[^"]*"/g, '') };
      }),
    );
    expect(pages[0]).toEqual(pages[1]);
    expect(pages[0]!.text).toContain('Link');
    expect(pages[0]!.text).toContain('role="status"');

    const links = (await mailbox(server.base, account.email)).filter((m) => m.kind === 'sign-in-link');
    expect(links).toHaveLength(2);
    expect(links[0]!.subject).toBe('Bestätigen Sie, dass Sie es sind');
    const token = linkToken(links[1]!.text)!;
    const lifetime = await server.db.query<{ s: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS s FROM account_tokens
        WHERE purpose = 'sign-in' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(lifetime[0]!.s).toBe(15 * 60);

    // Someone holding the link but not the browser gets nothing; nor does another browser.
    const elsewhere = await new Client(server.base).fetch(`/api/de/site/login/confirm?token=${token}`);
    expect(elsewhere.status).toBe(410);
    expect(await elsewhere.text()).toContain('in einem anderen Browser');
    expect((await new Client(server.base).call('/api/de/site/login/confirm', json({ token }))).body.errno).toBe(
      Errno.LINK_INVALID,
    );
    expect((await wrong.call('/api/de/site/login/confirm', json({ token }))).body.errno).toBe(Errno.LINK_INVALID);
    // The browser it was mailed for gets in once, however many times it posts at once.
    const confirms = await Promise.all(
      Array.from({ length: 8 }, () => right.call('/api/de/site/login/confirm', json({ token }))),
    );
    expect(confirms.filter((c) => c.body.errno === 0)).toHaveLength(1);
    expect(confirms.filter((c) => c.body.errno === Errno.LINK_INVALID)).toHaveLength(7);
    expect((await right.call('/api/de/app/userprofile')).body.data.profile.user_id).toBe(account.userId);
    // From now on that browser is trusted: straight in, attack or not.
    await right.call('/api/de/site/logout', json({}));
    expect(
      (await right.call('/api/de/site/login', json({ email: account.email, password: account.password }))).body.errno,
    ).toBe(0);

    // A link older than 15 minutes does nothing.
    const late = new Client(server.base);
    expect(
      (await late.call('/api/de/site/login', json({ email: account.email, password: account.password }))).body.errno,
    ).toBe(Errno.CONFIRM_BY_MAIL);
    const lateToken = (await newestLink(account.email))!;
    const latePage = await late.fetch(`/api/de/site/login/confirm?token=${lateToken}`);
    expect(await latePage.text()).toContain(`Mit ${account.email} in diesem Browser anmelden?`);
    await server.db.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second',
        created_at = created_at - interval '15 minutes' WHERE purpose = 'sign-in' AND used_at IS NULL`,
    );
    expect((await late.call('/api/de/site/login/confirm', json({ token: lateToken }))).body.errno).toBe(
      Errno.LINK_INVALID,
    );

    // A wrong password from an unknown browser still meets the progressive delays.
    const answers = [];
    for (let i = 0; i < SIGN_IN_THROTTLE.account.free + 2; i++)
      answers.push(await wrong.call('/api/de/site/login', json({ email: account.email, password: `again-${i}` })));
    const refused = answers.find((r) => r.body.errno === Errno.TOO_MANY_ATTEMPTS);
    expect(refused?.status).toBe(429);
  });

  it('unfollowed sign-in links are capped so a password thief cannot flood the owner; followed ones not', async () => {
    const owner = new Client(server.base);
    const account = await owner.register('fr');
    for (let i = 0; i <= SIGN_IN_THROTTLE.account.free; i++)
      await new Client(server.base).call('/api/fr/site/login', json({ email: account.email, password: `guess-${i}` }));
    for (let i = 0; i < SIGN_IN_LINKS_UNUSED_MAX + 3; i++) {
      const fresh = new Client(server.base);
      expect(
        (await fresh.call('/api/fr/site/login', json({ email: account.email, password: account.password }))).body.errno,
      ).toBe(Errno.CONFIRM_BY_MAIL);
      expect(await followLink(fresh, 'fr', account.email), `new browser ${i}`).toBe(true);
    }
    const links = async () =>
      (await mailbox(server.base, account.email)).filter((m) => m.kind === 'sign-in-link').length;
    const before = await links();
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN_LINKS_UNUSED_MAX + 3 }, () =>
        new Client(server.base).call('/api/fr/site/login', json({ email: account.email, password: account.password })),
      ),
    );
    expect(answers.every((a) => a.body.errno === Errno.CONFIRM_BY_MAIL)).toBe(true);
    expect((await links()) - before).toBe(SIGN_IN_LINKS_UNUSED_MAX);
  });

  it('successful sign-ins do not count toward an address: 30 shoppers of one office address all get in', async () => {
    const accounts = await Promise.all(Array.from({ length: 30 }, () => new Client(server.base).register()));
    const office = randomAddress();
    let signedIn = 0;
    for (const account of accounts) {
      const r = await new Client(server.base, office).call(
        '/api/id/site/login',
        json({ email: account.email, password: account.password }),
      );
      if (r.body.errno === 0) signedIn++;
    }
    expect(signedIn).toBe(30);
    // Wrong passwords from that address still count: one client guessing across accounts is stopped.
    const guesser = new Client(server.base, office);
    const guesses = [];
    for (let i = 0; i < SIGN_IN_THROTTLE.address.free + 2; i++)
      guesses.push(
        await guesser.call(
          '/api/id/site/login',
          json({ email: `victim${i}-${driver}@example.com`, password: 'password1' }),
        ),
      );
    expect(guesses.at(-1)!.body.errno).toBe(Errno.TOO_MANY_ATTEMPTS);
  });

  it('a trusted browser is not throttled by guesses from other browsers on its own address', async () => {
    const office = randomAddress();
    const owner = new Client(server.base, office);
    const account = await owner.register();
    await owner.call('/api/id/site/logout', json({}));
    const guesser = new Client(server.base, office);
    for (let i = 0; i < SIGN_IN_THROTTLE.address.free + 3; i++)
      await guesser.call(
        '/api/id/site/login',
        json({ email: `other${i}-${driver}@example.com`, password: 'password1' }),
      );
    expect(
      (await guesser.call('/api/id/site/login', json({ email: account.email, password: 'password1' }))).body.errno,
    ).toBe(Errno.TOO_MANY_ATTEMPTS);
    expect(
      (await owner.call('/api/id/site/login', json({ email: account.email, password: account.password }))).body.errno,
    ).toBe(0);
  });

  it('parallel guesses from 3 addresses: no session, no "wrong", each address waits after its allowance', async () => {
    const account = await new Client(server.base).register();
    for (let i = 0; i <= SIGN_IN_THROTTLE.account.free; i++)
      await new Client(server.base).call('/api/id/site/login', json({ email: account.email, password: `first-${i}` }));
    const strangers = Array.from({ length: 3 }, () => new Client(server.base));
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        strangers[i % 3]!.call(
          '/api/id/site/login',
          json({ email: account.email, password: i === 40 ? account.password : `wrong-${i}` }),
        ),
      ),
    );
    const errnos = answers.map((a) => a.body.errno);
    expect(errnos.filter((e) => e === 0 || e === Errno.WRONG_CREDENTIALS)).toEqual([]);
    const confirmed = errnos.filter((e) => e === Errno.CONFIRM_BY_MAIL).length;
    expect(confirmed).toBeLessThanOrEqual(3 * (SIGN_IN_THROTTLE.account.free + 1));
    expect(errnos.filter((e) => e === Errno.TOO_MANY_ATTEMPTS)).toHaveLength(60 - confirmed);
    expect(strangers.some((s) => s.cookies.has('serviceToken'))).toBe(false);
  });
});
