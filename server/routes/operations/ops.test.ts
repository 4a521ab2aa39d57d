import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { Errno } from '../../errors';

const OPS_TOKEN = 'ops-token-for-the-tests-0123456789';

describe.each(drivers)("operations' enterprise accounts (%s)", (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { OPS_TOKEN });
  });
  afterAll(async () => server?.close());

  const ops = (pathname: string, body: object) =>
    new Client(server.base).call(`/api/ops/${pathname}`, {
      method: 'POST',
      json: body,
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
    });
  const accountsOf = (userId: number) =>
    server.db.query<{
      id: string;
      status: number;
      company_name: string;
      vat_exempt: boolean;
      valid_until: Date | null;
    }>(
      `SELECT id::text AS id, status, company_name, vat_exempt, valid_until FROM enterprise_accounts
        WHERE user_id = $1`,
      [userId],
    );

  it('approves an account for a year; a second approval replaces the first', async () => {
    const { email, userId } = await quickShopper(server);
    const first = await ops('enterprise/approve', {
      email,
      local: 'id',
      companyName: 'PT Satu',
      tax: { npwp: '01.234.567.8-901.000' },
    });
    expect(first.body.errno).toBe(0);
    const second = await ops('enterprise/approve', {
      email,
      local: 'id',
      companyName: 'PT Dua',
      tax: { npwp: '01.234.567.8-901.000' },
      vatExempt: true,
    });
    expect(second.body.errno).toBe(0);
    const rows = new Map((await accountsOf(userId)).map((r) => [r.id, r]));
    expect(rows.size).toBe(2);
    expect(rows.get(first.body.data.account_id)).toMatchObject({
      status: 4,
      company_name: 'PT Satu',
      vat_exempt: false,
    });
    const approved = rows.get(second.body.data.account_id);
    expect(approved).toMatchObject({ status: 3, company_name: 'PT Dua', vat_exempt: true });
    const days = (new Date(approved!.valid_until!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
  });

  it("sets the validity end of the user's approved account, and answers 404 without one", async () => {
    const { email, userId } = await quickShopper(server);
    expect(
      (await ops('enterprise/validity', { email, local: 'id', validUntil: '2020-01-01T00:00:00Z' })).body.errno,
    ).toBe(Errno.NOT_FOUND);
    const approved = await ops('enterprise/approve', { email, local: 'id', companyName: 'PT Tiga', tax: {} });
    const set = await ops('enterprise/validity', { email, local: 'id', validUntil: '2020-01-01T00:00:00Z' });
    expect(set.body).toMatchObject({ errno: 0, data: { account_id: approved.body.data.account_id } });
    expect(new Date((await accountsOf(userId))[0]!.valid_until!).toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect((await ops('enterprise/validity', { email, local: 'de', validUntil: '2020-01-01T00:00:00Z' })).status).toBe(
      404,
    );
  });

  it('answers 404 for an unknown user', async () => {
    const nobody = 'nobody-here@example.com';
    expect(
      (await ops('enterprise/approve', { email: nobody, local: 'id', companyName: 'PT Empat', tax: {} })).body.errno,
    ).toBe(Errno.NOT_FOUND);
    expect(
      (await ops('enterprise/validity', { email: nobody, local: 'id', validUntil: '2030-01-01T00:00:00Z' })).body.errno,
    ).toBe(Errno.NOT_FOUND);
  });
});
