import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, linkToken, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { Errno } from '../../errors';

const json = (body: unknown) => ({ method: 'POST', json: body });
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; 23127PN0CG) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/124.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

/** Signs `c` in to an existing account, as another browser would. */
async function signIn(c: Client, email: string, password: string, userAgent = CHROME_ANDROID) {
  const r = await c.call('/api/id/site/login', { ...json({ email, password }), headers: { 'user-agent': userAgent } });
  if (r.body.errno !== 0) throw new Error(`sign-in failed: ${JSON.stringify(r.body)}`);
}

const signedIn = async (c: Client) => (await c.call('/api/id/app/userprofile')).body.errno === 0;

describe.each(drivers)('account security: password, address, devices (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  it('changes the password with the current one, signs every other browser out and tells the owner', async () => {
    const a = new Client(server.base);
    const { email, password } = await a.register('id');
    const b = new Client(server.base);
    await signIn(b, email, password);
    expect(await signedIn(b)).toBe(true);

    const wrong = await a.call(
      '/api/id/user/password',
      json({ current_password: 'not it at all', new_password: 'n3w password!' }),
    );
    expect(wrong.body.errno).toBe(Errno.CURRENT_PASSWORD_WRONG);
    expect(wrong.body.errmsg).toBe('Kata sandi saat ini salah.');
    const short = await a.call('/api/id/user/password', json({ current_password: password, new_password: 'short' }));
    expect(short.body.errno).toBe(Errno.INVALID_PARAM);
    expect(await signedIn(b)).toBe(true);

    const done = await a.call(
      '/api/id/user/password',
      json({ current_password: password, new_password: 'n3w password!' }),
    );
    expect(done.body).toMatchObject({ errno: 0, data: { signed_out: 1 } });
    expect(await signedIn(a)).toBe(true);
    expect(await signedIn(b)).toBe(false);
    const mails = await mailbox(server.base, email);
    expect(mails.filter((m) => m.kind === 'password-changed')).toHaveLength(1);

    const old = await new Client(server.base).call('/api/id/site/login', json({ email, password }));
    expect(old.body.errno).not.toBe(0);
    await signIn(new Client(server.base), email, 'n3w password!');
  });

  it('lets one of parallel password changes with the same current password through', async () => {
    const a = new Client(server.base);
    const { email, password } = await a.register('id');
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        a.call('/api/id/user/password', json({ current_password: password, new_password: `parallel pw ${i}` })),
      ),
    );
    const passed = answers.filter((r) => r.body.errno === 0);
    expect(passed).toHaveLength(1);
    expect(answers.filter((r) => r.body.errno === Errno.CURRENT_PASSWORD_WRONG)).toHaveLength(4);
    expect((await mailbox(server.base, email)).filter((m) => m.kind === 'password-changed')).toHaveLength(1);
  });

  it('changes the address only when the link mailed to the new one is opened, and tells the old one', async () => {
    const a = new Client(server.base);
    const { email, password, userId } = await a.register('id');
    const next = `moved-${userId}@example.org`;
    const wrong = await a.call('/api/id/user/email', json({ email: next, password: 'not my password' }));
    expect(wrong.body.errno).toBe(Errno.CURRENT_PASSWORD_WRONG);
    const same = await a.call('/api/id/user/email', json({ email: email.toUpperCase(), password }));
    expect(same.body.errno).toBe(Errno.PROFILE_INVALID);
    const bad = await a.call('/api/id/user/email', json({ email: 'not-an-address', password }));
    expect(bad.body.errno).toBe(Errno.INVALID_PARAM);

    // A password-reset link mailed to the old address before the change must not outlive it.
    await new Client(server.base).call('/api/id/site/forgot', json({ email }));
    const resetMail = (await mailbox(server.base, email)).find((m) => m.kind === 'password-reset')!;
    const resetToken = linkToken(resetMail.text)!;

    const asked = await a.call('/api/id/user/email', json({ email: next, password }));
    expect(asked.body).toMatchObject({ errno: 0, data: { status: 'check_mail', email: next } });
    const notice = (await mailbox(server.base, email)).find((m) => m.kind === 'email-change-notice')!;
    expect(notice.text).toContain('m***@example.org');
    expect(notice.text).not.toContain(next);
    const confirm = (await mailbox(server.base, next)).find((m) => m.kind === 'email-change-confirm')!;
    const token = linkToken(confirm.text)!;
    expect((await a.call('/api/id/user/profile')).body.data.email).toBe(email);

    // Opening the link (or a mail scanner prefetching it) changes nothing; the page's button does.
    const page = await new Client(server.base).fetch(`/api/id/site/email/confirm?token=${token}`);
    expect(await page.text()).toContain('method="post"');
    expect((await a.call('/api/id/user/profile')).body.data.email).toBe(email);
    const done = await new Client(server.base).fetch('/api/id/site/email/confirm', {
      method: 'POST',
      headers: { accept: 'text/html', origin: server.base },
      form: { token },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(next);
    expect((await a.call('/api/id/user/profile')).body.data.email).toBe(next);
    const again = await new Client(server.base).call('/api/id/site/email/confirm', json({ token }));
    expect(again.body.errno).toBe(Errno.EMAIL_LINK_INVALID);
    const lateReset = await new Client(server.base).call(
      '/api/id/site/reset',
      json({ token: resetToken, password: 'taken over by the old mailbox' }),
    );
    expect(lateReset.body.errno).not.toBe(0);
    await signIn(new Client(server.base), next, password);
  });

  it("refuses another account's address without saying whose, and links that expired or were replaced", async () => {
    const other = new Client(server.base);
    const taken = await other.register('id');
    const a = new Client(server.base);
    const { password, userId } = await a.register('id');
    const refused = await a.call('/api/id/user/email', json({ email: taken.email.toUpperCase(), password }));
    expect(refused.body.errno).toBe(Errno.NEW_EMAIL_TAKEN);
    expect(refused.body.errmsg).not.toContain(String(taken.userId));
    expect(JSON.stringify(refused.body)).not.toContain('Tester');
    expect((await mailbox(server.base, taken.email)).filter((m) => m.kind.startsWith('email-change'))).toHaveLength(0);

    const first = `first-${userId}@example.org`;
    const second = `second-${userId}@example.org`;
    await a.call('/api/id/user/email', json({ email: first, password }));
    await a.call('/api/id/user/email', json({ email: second, password }));
    const firstToken = linkToken((await mailbox(server.base, first))[0]!.text)!;
    const secondToken = linkToken((await mailbox(server.base, second))[0]!.text)!;
    expect((await a.call('/api/id/site/email/confirm', json({ token: firstToken }))).body.errno).toBe(
      Errno.EMAIL_LINK_INVALID,
    );
    await server.db.query(`UPDATE email_changes SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      userId,
    ]);
    expect((await a.call('/api/id/site/email/confirm', json({ token: secondToken }))).body.errno).toBe(
      Errno.EMAIL_LINK_INVALID,
    );
    expect((await new Client(server.base).fetch(`/api/id/site/email/confirm?token=${secondToken}`)).status).toBe(410);
  });

  it('refuses a confirmed change when another account took the address meanwhile', async () => {
    const a = new Client(server.base);
    const { password, userId } = await a.register('id');
    const wanted = `wanted-${userId}@example.org`;
    await a.call('/api/id/user/email', json({ email: wanted, password }));
    const token = linkToken((await mailbox(server.base, wanted)).find((m) => m.kind === 'email-change-confirm')!.text)!;
    await new Client(server.base).register('id', wanted);
    const r = await a.call('/api/id/site/email/confirm', json({ token }));
    expect(r.body.errno).toBe(Errno.NEW_EMAIL_TAKEN);
    expect((await server.db.query(`SELECT 1 FROM users WHERE email = $1`, [wanted])).length).toBe(1);
  });

  it('lists the signed-in browsers with their last use and never a full address', async () => {
    const a = new Client(server.base, '203.0.113.77');
    const { email, password } = await a.register('id');
    const b = new Client(server.base, '198.51.100.23');
    await signIn(b, email, password, FIREFOX_WINDOWS);
    const list = await a.call('/api/id/user/sessions');
    expect(list.body.errno).toBe(0);
    const sessions = list.body.data.sessions as { id: string; device: string; place: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    const firefox = sessions.find((s) => s.device === 'Firefox · Windows')!;
    expect(firefox).toMatchObject({ place: '198.51.x.x', current: false });
    expect(sessions.find((s) => s.current)!.place).toBe('203.0.x.x');
    expect(JSON.stringify(list.body)).not.toMatch(/203\.0\.113\.77|198\.51\.100\.23|Gecko/);
    const stored = await server.db.query<{ user_agent: string }>(
      `SELECT user_agent FROM sessions WHERE public_id = $1`,
      [firefox.id],
    );
    expect(stored[0]!.user_agent).toBe('Firefox · Windows');

    // Last use moves when the browser is used again (at most every few minutes).
    await server.db.query(`UPDATE sessions SET last_used_at = now() - interval '1 hour' WHERE public_id = $1`, [
      firefox.id,
    ]);
    await b.call('/api/id/app/userprofile');
    const after = (await a.call('/api/id/user/sessions')).body.data.sessions.find(
      (s: { id: string }) => s.id === firefox.id,
    );
    expect(Date.now() - Date.parse(after.last_used_at)).toBeLessThan(60_000);
  });

  it("signs out one browser or all others, and finds no other account's session", async () => {
    const a = new Client(server.base);
    const { email, password } = await a.register('id');
    const b = new Client(server.base);
    const c = new Client(server.base);
    await signIn(b, email, password);
    await signIn(c, email, password);
    const stranger = new Client(server.base);
    await stranger.register('id');
    const strangerSession = (await stranger.call('/api/id/user/sessions')).body.data.sessions[0].id as string;

    for (const id of [strangerSession, 'not-a-uuid', "' OR 1=1 --", '00000000-0000-0000-0000-000000000000']) {
      const r = await a.call('/api/id/user/sessions/sign-out', json({ id }));
      expect(r.body.errno, id).toBe(Errno.SESSION_NOT_FOUND);
    }
    expect(await signedIn(stranger)).toBe(true);

    const mine = (await a.call('/api/id/user/sessions')).body.data.sessions as { id: string; current: boolean }[];
    expect(mine).toHaveLength(3);
    const bId = (await b.call('/api/id/user/sessions')).body.data.sessions.find(
      (s: { current: boolean }) => s.current,
    ).id;
    expect((await a.call('/api/id/user/sessions/sign-out', json({ id: bId }))).body.data.signed_out).toBe(1);
    expect(await signedIn(b)).toBe(false);
    expect(await signedIn(c)).toBe(true);
    // The same id again: gone.
    expect((await a.call('/api/id/user/sessions/sign-out', json({ id: bId }))).body.errno).toBe(
      Errno.SESSION_NOT_FOUND,
    );

    const others = await a.call('/api/id/user/sessions/sign-out-others', { method: 'POST' });
    expect(others.body.data.signed_out).toBe(1);
    expect(await signedIn(c)).toBe(false);
    expect(await signedIn(a)).toBe(true);
    expect(await signedIn(stranger)).toBe(true);
    expect((await new Client(server.base).call('/api/id/user/sessions')).body.errno).toBe(Errno.NOT_LOGGED_IN);
  });
});
