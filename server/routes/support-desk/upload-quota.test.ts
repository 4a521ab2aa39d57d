import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, randomAddress, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { makeStaff } from '../../test-support/staff';
import { businessApplication } from '../../test-support/business-applications';
import { Errno } from '../../errors';
import { UPLOAD_QUOTA } from '../../uploads/quota';

const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A pdf of `bytes` bytes (the signature, then padding): the checks read the signature only. */
const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length, 0x20)]);

/** The five storefronts the probe stored files through, each with a business application of its own. */
const FIVE_STOREFRONTS = ['in', 'de', 'id', 'tr', 'pe'];

/**
 * The storage quota of uploaded files: per account over everything it stores (attached to a request, review or
 * business application, or waiting), in every storefront; and per client address per day, whichever account.
 */
describe.each(drivers)('upload storage quotas (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const upload = (c: Client, bytes: Buffer, local = 'id') =>
    c
      .fetch(`/api/${local}/aftersales/upload`, {
        method: 'POST',
        body: new Uint8Array(bytes),
        headers: { 'content-type': 'application/pdf', 'x-file-name': 'doc.pdf', accept: 'application/json' },
      })
      .then(async (r) => ({ status: r.status, body: await r.json() }));
  /** A signed-in shopper whose requests come from `address`. */
  async function shopperAt(address: string) {
    const s = await quickShopper(server);
    const client = new Client(server.base, address, s.client.cookies);
    return { ...s, client };
  }
  /**
   * Attaches five small documents in each of five storefronts through business applications, then gives the
   * stored rows the sizes of real documents so the account holds `totalBytes` (pushing that many bytes through
   * HTTP would only slow the test: the quota reads the stored sizes).
   */
  async function accountHolding(totalBytes: number) {
    const s = await quickShopper(server);
    for (const local of FIVE_STOREFRONTS) {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await upload(s.client, PDF, local)).body.data.upload.id as string);
      const applied = await s.client.call(`/api/${local}/business/apply`, {
        method: 'POST',
        json: businessApplication(local, ids),
      });
      expect(applied.body.errno, JSON.stringify(applied.body)).toBe(0);
    }
    const rows = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM uploads WHERE user_id = $1 AND enterprise_account_id IS NOT NULL`,
      [s.userId],
    );
    expect(rows).toHaveLength(25);
    const each = Math.floor(totalBytes / rows.length);
    await server.db.query(`UPDATE uploads SET size = $2 WHERE user_id = $1`, [s.userId, each]);
    await server.db.query(`UPDATE uploads SET size = size + $2 WHERE id = $1`, [
      rows[0]!.id,
      totalBytes - each * rows.length,
    ]);
    return s;
  }

  it('business application files in 5 storefronts count: at the quota the next upload is refused', async () => {
    const s = await accountHolding(UPLOAD_QUOTA.accountBytes - 1000);
    const refused = await upload(s.client, pdfOf(2000), 'de');
    expect(refused.body).toMatchObject({ errno: Errno.UPLOAD_REFUSED, data: { reason: 'quota', quota: 'account' } });
    const english = await upload(s.client, pdfOf(2000), 'in');
    expect(refused.body.errmsg).not.toBe(english.body.errmsg);
    expect(english.body.errmsg).toMatch(/storage/i);
    // A file that still fits is taken.
    expect((await upload(s.client, pdfOf(900), 'de')).body.errno).toBe(0);
  });

  it('parallel uploads of one account stop exactly at its quota', async () => {
    const s = await accountHolding(UPLOAD_QUOTA.accountBytes - 3 * MB);
    // From another address of the shopper: the first already used most of its hourly upload allowance.
    const client = new Client(server.base, randomAddress(), s.client.cookies);
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(client, pdfOf(MB))));
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.body.data?.quota === 'account')).toHaveLength(5);
    const stored = await server.db.query<{ bytes: number }>(
      `SELECT sum(size)::float8 AS bytes FROM uploads WHERE user_id = $1`,
      [s.userId],
    );
    expect(stored[0]!.bytes).toBe(UPLOAD_QUOTA.accountBytes);
  });

  /**
   * Sets what `address` stored today, as uploads through other accounts would (pushing ~100 MB through PGlite takes
   * long).
   */
  const storedToday = (address: string, bytes: number) =>
    server.db.query(
      `INSERT INTO upload_address_bytes (address, day, bytes) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, $2)`,
      [address, bytes],
    );

  it('one address storing through many fresh accounts stops at its daily budget; another does not', async () => {
    const address = randomAddress();
    const file = pdfOf(MB);
    await storedToday(address, UPLOAD_QUOTA.addressBytesPerDay - 4 * file.length);
    const answers = [];
    // Two files per fresh account, far under each account's quota: only the address budget can stop them.
    for (let i = 0; i < 3; i++) {
      const s = await shopperAt(address);
      answers.push(await upload(s.client, file), await upload(s.client, file));
    }
    expect(answers.map((a) => a.body.errno === 0)).toEqual([true, true, true, true, false, false]);
    for (const r of answers.slice(4))
      expect(r.body).toMatchObject({ errno: Errno.UPLOAD_REFUSED, data: { reason: 'quota', quota: 'address' } });
    expect((await upload((await shopperAt(randomAddress())).client, file)).body.errno).toBe(0);
    // Deleting what was stored does not give the budget back.
    await server.db.query(`DELETE FROM uploads WHERE size = $1`, [file.length]);
    expect((await upload((await shopperAt(address)).client, file)).body.data.quota).toBe('address');
  });

  it('parallel uploads from one address through many accounts stop exactly at its daily budget', async () => {
    const address = randomAddress();
    await storedToday(address, UPLOAD_QUOTA.addressBytesPerDay - 3 * MB);
    const racers = await Promise.all(Array.from({ length: 12 }, () => shopperAt(address)));
    const answers = await Promise.all(racers.map((s) => upload(s.client, pdfOf(MB))));
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.body.data?.quota === 'address')).toHaveLength(9);
    const counted = await server.db.query<{ bytes: number }>(
      `SELECT bytes::float8 AS bytes FROM upload_address_bytes WHERE address = $1`,
      [address],
    );
    expect(counted).toEqual([{ bytes: UPLOAD_QUOTA.addressBytesPerDay }]);
  });

  it('staff read an account’s storage use and quota by user id or e-mail; shoppers cannot', async () => {
    const s = await accountHolding(50 * MB);
    await upload(s.client, pdfOf(MB));
    const staff = await quickShopper(server);
    expect((await staff.client.call(`/api/id/staff/storage?userId=${s.userId}`)).status).toBe(403);
    expect((await new Client(server.base).call(`/api/id/staff/storage?userId=${s.userId}`)).body.errno).toBe(
      Errno.NOT_LOGGED_IN,
    );
    await makeStaff(server, staff.userId);
    const byId = await staff.client.call(`/api/id/staff/storage?userId=${s.userId}`);
    expect(byId.body).toMatchObject({
      errno: 0,
      data: {
        user_id: s.userId,
        email: s.email,
        files: 26,
        bytes: 51 * MB,
        pending_files: 1,
        pending_bytes: MB,
        quota: {
          bytes: UPLOAD_QUOTA.accountBytes,
          files: UPLOAD_QUOTA.accountFiles,
          pending_bytes: UPLOAD_QUOTA.pendingBytes,
          pending_files: UPLOAD_QUOTA.pendingFiles,
          address_bytes_per_day: UPLOAD_QUOTA.addressBytesPerDay,
        },
      },
    });
    const byEmail = await staff.client.call(`/api/de/staff/storage?email=${encodeURIComponent(s.email.toUpperCase())}`);
    expect(byEmail.body.data).toEqual(byId.body.data);
    expect((await staff.client.call(`/api/id/staff/storage?email=nobody%40example.com`)).status).toBe(404);
    expect((await staff.client.call(`/api/id/staff/storage`)).body.errno).toBe(Errno.INVALID_PARAM);
  });
});
