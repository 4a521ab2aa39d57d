import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { sellable, testImei } from '../../test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { makeStaff } from '../../test-support/staff';
import { Errno } from '../../errors';
import { UPLOAD_QUOTA } from '../../uploads/quota';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.from('4d5a90000300000004000000ffff0000', 'hex');

describe.each(drivers)('after-sales requests and uploads (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const upload = (c: Client, name: string, bytes: Buffer, type = 'application/octet-stream') =>
    c
      .fetch('/api/id/aftersales/upload', {
        method: 'POST',
        body: new Uint8Array(bytes),
        headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name), accept: 'application/json' },
      })
      .then(async (r) => ({ status: r.status, body: await r.json() }));

  /** A shopper with a paid order of one product. */
  async function buyer() {
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    const item = await sellable(server.db);
    await addToCart(s.client, item.commodity_id);
    const orderId = (
      await s.client.call('/api/id/order/place', { method: 'POST', json: { addressId, agreePrivacy: true } })
    ).body.data.order_id;
    expect(
      (await s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } })).body.data.state,
    ).toBe('succeeded');
    return { ...s, orderId, commodityId: item.commodity_id };
  }
  const apply = (c: Client, body: Record<string, unknown>) =>
    c.call('/api/id/aftersales/apply', { method: 'POST', json: body });
  const valid = (b: { orderId: string; commodityId: string }, uploadIds: string[]) => ({
    orderId: b.orderId,
    commodityId: b.commodityId,
    kind: 'repair',
    imei: testImei(),
    model: 'Xiaomi 15',
    purchaseDate: '2026-11-01',
    description: 'The screen flickers after a fall.',
    uploadIds,
  });

  it('checks files by bytes: jpg/png/pdf < 10 MB; renamed binaries, empty, oversize refused; owner only', async () => {
    const s = await quickShopper(server);
    const png = await upload(s.client, 'receipt.png', PNG, 'image/png');
    expect(png.body).toMatchObject({
      errno: 0,
      data: { upload: { file_name: 'receipt.png', content_type: 'image/png', size: PNG.length } },
    });
    expect((await upload(s.client, 'invoice.pdf', PDF)).body.data.upload.content_type).toBe('application/pdf');
    expect((await upload(s.client, 'photo.png', EXE, 'image/png')).body).toMatchObject({
      errno: Errno.UPLOAD_REFUSED,
      data: { reason: 'type' },
    });
    expect((await upload(s.client, 'setup.exe', EXE)).body.errno).toBe(Errno.UPLOAD_REFUSED);
    expect((await upload(s.client, 'fake.jpg', PDF)).body.errno).toBe(Errno.UPLOAD_REFUSED);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(s.client, 'big.png', big, 'image/png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errno).not.toBe(0);
    expect((await upload(new Client(server.base), 'receipt.png', PNG, 'image/png')).body.errno).toBe(
      Errno.NOT_LOGGED_IN,
    );
    const id = png.body.data.upload.id;
    const mine = await s.client.fetch(`/api/id/aftersales/upload/${id}`);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(mine.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);
    const stranger = await quickShopper(server);
    expect((await stranger.client.fetch(`/api/id/aftersales/upload/${id}`)).status).toBe(404);
    expect(
      (await stranger.client.call('/api/id/aftersales/upload/delete', { method: 'POST', json: { id } })).status,
    ).toBe(404);
  });

  it('caps what one account can leave waiting, also under parallel uploads', async () => {
    const s = await quickShopper(server);
    const answers = await Promise.all(
      Array.from({ length: UPLOAD_QUOTA.pendingFiles + 6 }, (_, i) => upload(s.client, `r${i}.png`, PNG, 'image/png')),
    );
    expect(answers.filter((r) => r.body.errno === 0)).toHaveLength(UPLOAD_QUOTA.pendingFiles);
    expect(answers.filter((r) => r.body.errno === Errno.UPLOAD_REFUSED && r.body.data.reason === 'quota')).toHaveLength(
      6,
    );
  });

  it('one product of a paid order, with proof; one open request per product; ≤ 5 files; private', async () => {
    const b = await buyer();
    const files = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(b.client, `p${i}.png`, PNG, 'image/png')),
    );
    const ids = files.map((f) => f.body.data.upload.id as string);
    expect((await apply(b.client, valid(b, ids))).body.data.fields).toEqual({ uploadIds: 'tooMany' });
    expect((await apply(b.client, valid(b, []))).body.errno).toBe(Errno.INVALID_PARAM);
    const bad = await apply(b.client, { ...valid(b, ids.slice(0, 1)), imei: '12345', description: 'short' });
    expect(bad.body.data.fields).toMatchObject({ imei: 'imei', description: 'length' });
    const stranger = await buyer();
    expect((await apply(stranger.client, valid(b, ids.slice(0, 1)))).status).toBe(404);
    expect((await apply(stranger.client, valid(stranger, ids.slice(0, 1)))).body.errno).toBe(Errno.UPLOAD_REFUSED);
    const made = (await apply(b.client, valid(b, ids.slice(0, 2)))).body.data.request;
    expect(made).toMatchObject({ state: 'submitted', kind: 'repair', request_no: expect.stringMatching(/^SR\d{12}$/) });
    expect((await apply(b.client, valid(b, ids.slice(2, 3)))).body.errno).toBe(Errno.SERVICE_REQUEST_OPEN);
    // A return is asked for with lines and quantities, within its window (returns.test.ts), not here.
    expect((await apply(b.client, { ...valid(b, ids.slice(2, 3)), kind: 'return' })).body.errno).toBe(
      Errno.RETURN_USE_RETURN_FORM,
    );
    const detail = (await b.client.call(`/api/id/aftersales/detail?id=${made.id}`)).body.data;
    expect(detail.uploads).toHaveLength(2);
    expect(detail.events.map((e: any) => e.state)).toEqual(['submitted']);
    expect((await stranger.client.call(`/api/id/aftersales/detail?id=${made.id}`)).status).toBe(404);
    const inbox = await server.db.query<{ kind: string; link: string }>(
      `SELECT kind, link FROM messages WHERE user_id = $1 AND kind = 'service'`,
      [b.userId],
    );
    expect(inbox).toEqual([{ kind: 'service', link: `/id/support/aftersales/apply/${made.id}/` }]);
  });

  it('staff move a request through its states; the shopper follows it (account or number+IMEI), rates it', async () => {
    const b = await buyer();
    const file = (await upload(b.client, 'r.pdf', PDF)).body.data.upload.id;
    const body = valid(b, [file]);
    const made = (await apply(b.client, body)).body.data.request;
    const staff = await quickShopper(server);
    expect((await staff.client.call('/api/id/staff/service-requests')).status).toBe(403);
    expect((await new Client(server.base).call('/api/id/staff/service-requests')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    await makeStaff(server, staff.userId);
    expect(
      (await staff.client.call('/api/id/staff/service-requests')).body.data.requests.map((r: any) => r.id),
    ).toContain(made.id);
    const advance = (state: string) =>
      staff.client.call('/api/id/staff/service-requests/advance', {
        method: 'POST',
        json: { id: made.id, state, note: `now ${state}` },
      });
    expect((await advance('repaired')).body.errno).toBe(Errno.SERVICE_REQUEST_STATE);
    expect(
      (
        await b.client.call('/api/id/aftersales/feedback', {
          method: 'POST',
          json: { id: made.id, text: 'x'.repeat(60) },
        })
      ).body.errno,
    ).toBe(Errno.SERVICE_REQUEST_STATE);
    for (const state of ['received', 'diagnosing', 'repairing', 'repaired', 'shipped_back', 'completed'])
      expect((await advance(state)).body.errno, state).toBe(0);
    expect(
      (await b.client.call('/api/id/aftersales/cancel', { method: 'POST', json: { id: made.id } })).body.errno,
    ).toBe(Errno.SERVICE_REQUEST_STATE);
    const progress = await new Client(server.base).call(
      `/api/id/aftersales/progress?requestNo=${made.request_no}&device=${body.imei}`,
    );
    expect(progress.body.data.events.map((e: any) => e.state)).toEqual([
      'submitted',
      'received',
      'diagnosing',
      'repairing',
      'repaired',
      'shipped_back',
      'completed',
    ]);
    expect(progress.body.data.request.description).toBe('');
    expect(
      (
        await new Client(server.base).call(
          `/api/id/aftersales/progress?requestNo=${made.request_no}&device=000000000000000`,
        )
      ).status,
    ).toBe(404);
    // Staff read the proof; the shopper got a message per step.
    expect((await staff.client.fetch(`/api/id/aftersales/upload/${file}`)).status).toBe(200);
    const messages = await server.db.query(`SELECT id FROM messages WHERE user_id = $1 AND kind = 'service'`, [
      b.userId,
    ]);
    expect(messages).toHaveLength(7);
    expect(
      (await b.client.call('/api/id/aftersales/feedback', { method: 'POST', json: { id: made.id, text: 'too short' } }))
        .body.errno,
    ).toBe(Errno.INVALID_PARAM);
    expect(
      (
        await b.client.call('/api/id/aftersales/feedback', {
          method: 'POST',
          json: { id: made.id, text: 'Fast repair, the phone works like new. Thank you to the service team!' },
        })
      ).body.errno,
    ).toBe(0);
    expect(
      (
        await b.client.call('/api/id/aftersales/feedback', {
          method: 'POST',
          json: { id: made.id, text: 'Fast repair, the phone works like new. Thank you to the service team!' },
        })
      ).body.errno,
    ).toBe(Errno.SERVICE_REQUEST_STATE);
  });
});
