import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, linkToken, mailbox, startServer, type TestServer } from '../test-support/harness';
import { Errno } from '../errors';
import { SIGN_IN_THROTTLE } from '../repositories/auth-throttle';
import { MAIL_CAPS } from './account-mails';

const json = (body: unknown) => ({ method: 'POST', json: body });

describe.each(drivers)('mail caps count per purpose: a flood of one kind silences no other (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const kinds = async (email: string) => (await mailbox(server.base, email)).map((m) => m.kind);

  it('20 reset requests by strangers: the reset cap holds; the owner still gets sign-in alert and link', async () => {
    const owner = new Client(server.base);
    const account = await owner.register('id');
    await owner.call('/api/id/site/logout', json({}));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        new Client(server.base).call('/api/id/site/forgot', json({ email: account.email })),
      ),
    );
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    expect((await kinds(account.email)).filter((k) => k === 'password-reset')).toHaveLength(MAIL_CAPS.reset.perHour);

    // A stranger guesses: the owner is told; then the owner signs in from a new browser and gets the link.
    for (let i = 0; i <= SIGN_IN_THROTTLE.account.free + 1; i++)
      await new Client(server.base).call('/api/id/site/login', json({ email: account.email, password: `guess-${i}` }));
    expect((await kinds(account.email)).filter((k) => k === 'sign-in-alert')).toHaveLength(1);
    const fresh = new Client(server.base);
    expect(
      (await fresh.call('/api/id/site/login', json({ email: account.email, password: account.password }))).body.errno,
    ).toBe(Errno.CONFIRM_BY_MAIL);
    const link = (await mailbox(server.base, account.email)).find((m) => m.kind === 'sign-in-link');
    expect(link).toBeDefined();
    expect((await fresh.call('/api/id/site/login/confirm', json({ token: linkToken(link!.text) }))).body.errno).toBe(0);
  });

  it('sign-up and newsletter floods leave the owner their own reset mail; each kind stops at its own cap', async () => {
    const owner = new Client(server.base);
    const account = await owner.register('id');
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    await Promise.all([
      ...Array.from({ length: 12 }, () =>
        new Client(server.base).call(
          '/api/id/site/register',
          json({ email: account.email, password: 'long enough pw' }),
        ),
      ),
      ...Array.from({ length: 12 }, () =>
        new Client(server.base).call(
          `/api/id/misc/emailsubscribe?email=${encodeURIComponent(b64(account.email))}&secrweb=true`,
        ),
      ),
    ]);
    const flood = await kinds(account.email);
    // The owner's own sign-up mail counts toward the sign-up allowance.
    expect(flood.filter((k) => k === 'register-exists' || k === 'register-verify')).toHaveLength(
      MAIL_CAPS.signUp.perHour,
    );
    expect(flood.filter((k) => k === 'subscribe-confirm' || k === 'subscribe-already')).toHaveLength(
      MAIL_CAPS.newsletter.perHour,
    );
    expect((await new Client(server.base).call('/api/id/site/forgot', json({ email: account.email }))).body.errno).toBe(
      0,
    );
    expect((await kinds(account.email)).filter((k) => k === 'password-reset')).toHaveLength(1);
  });
});
