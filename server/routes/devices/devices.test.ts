import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { commodity, testImei } from '../../test-support/fixtures';
import { markPaidIn, paidEffects } from '../../orders/paid';
import { Errno } from '../../errors';
import { DEVICE_PENDING_MAX } from '../../repositories/devices';
import { dayIn, warrantyUntil } from '../../devices/warranty';

const TOKEN = 'warehouse-token-devices-0123456789';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
);
/** Not a product of promotions (pre-sales, F-codes), so it sells as any other. */
const ORDINARY =
  'p.id NOT IN (SELECT product_id FROM presale_campaigns) AND p.id NOT IN (SELECT product_id FROM fcodes)';

/**
 * My devices through real HTTP on both drivers: units named in a shipment become the buyer's devices with the
 * country's warranty from delivery; registrations wait for staff; one account holds a number at a time under
 * parallel registrations, verifications and shipments; the public warranty check names no buyer, answers unknown
 * numbers in the same shape and refuses a flood with 429 and Retry-After.
 */
describe.each(drivers)('my devices and the warranty check (%s)', (driver) => {
  let server: TestServer;
  let warehouse: Client;
  let phone: { commodity_id: string; product_id: string; name: string };
  let accessory: { commodity_id: string; product_id: string; name: string };
  beforeAll(async () => {
    server = await startServer(driver, { FULFILMENT_TOKEN: TOKEN });
    warehouse = new Client(server.base);
    phone = await commodity(server.db, `p.category = 'phones' AND o.stock > 0 AND ${ORDINARY}`);
    accessory = await commodity(server.db, `p.category = 'accessories' AND o.stock > 0 AND ${ORDINARY}`);
    await server.db.query(`UPDATE offers SET stock = greatest(stock, 5000) WHERE commodity_id = ANY($1)`, [
      [phone.commodity_id, accessory.commodity_id],
    ]);
  });
  afterAll(async () => server?.close());

  const auth = { authorization: `Bearer ${TOKEN}` };
  const post = (c: Client, path: string, json: unknown) => c.call(`/api/id${path}`, { method: 'POST', json });
  const get = (c: Client, path: string) => c.call(`/api/id${path}`);

  /** A paid order of a new shopper: two phones (line 1) and an accessory (line 2). */
  async function paidOrder(phones = 2) {
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    await server.db.query(`UPDATE users SET created_at = created_at - interval '30 days' WHERE id = $1`, [s.userId]);
    await addToCart(s.client, phone.commodity_id, phones);
    await addToCart(s.client, accessory.commodity_id, 1);
    const placed = await post(s.client, '/order/place', { addressId, agreePrivacy: true });
    if (placed.body.errno !== 0) throw new Error(`place: ${JSON.stringify(placed.body)}`);
    const orderId = placed.body.data.order_id as string;
    await server.db.transaction((tx) => markPaidIn(tx, paidEffects(server.db), orderId));
    return { ...s, orderId };
  }
  const ship = (orderId: string, reference: string, lines: unknown[]) =>
    warehouse.call(`/api/fulfilment/orders/${orderId}/shipments`, {
      method: 'POST',
      headers: auth,
      json: { reference, carrier: 'jne', tracking_number: `JNE${reference}`, lines },
    });
  const deliver = (orderId: string, reference: string) =>
    warehouse.call(`/api/fulfilment/orders/${orderId}/shipments/${reference}/delivered`, {
      method: 'POST',
      headers: auth,
      json: {},
    });
  const check = (number: string, c = new Client(server.base)) =>
    c.call(`/api/id/warranty/check?number=${encodeURIComponent(number)}`);
  const mine = async (c: Client) => (await get(c, '/devices')).body.data.devices as any[];
  const held = async (number: string) =>
    server.db.query<{ user_id: number; source: string }>(
      `SELECT user_id, source FROM devices
       WHERE (imei = $1 OR serial = $1) AND ended_at IS NULL AND verification = 'verified'`,
      [number],
    );
  async function proof(c: Client): Promise<string> {
    const r = await c.call('/api/id/aftersales/upload', {
      method: 'POST',
      body: new Uint8Array(PNG),
      headers: { 'content-type': 'image/png', 'x-file-name': 'receipt.png' },
    });
    if (r.body.errno !== 0) throw new Error(`upload: ${JSON.stringify(r.body)}`);
    return r.body.data.upload.id;
  }
  const register = async (c: Client, body: Record<string, unknown>) =>
    post(c, '/devices/register', {
      productId: phone.product_id,
      purchaseDate: '2025-06-01',
      uploadIds: [await proof(c)],
      ...body,
    });

  it('lists the units a shipment names as the buyer’s devices, with the warranty from delivery', async () => {
    const o = await paidOrder();
    const imeis = [testImei(), testImei()];
    const shipped = await ship(o.orderId, 'P1', [
      { line_no: 1, quantity: 2, units: [{ imei: imeis[0], serial: 'SNA0000001' }, { imei: imeis[1] }] },
      { line_no: 2, quantity: 1 },
    ]);
    expect(shipped.body.errno).toBe(0);
    let devices = await mine(o.client);
    expect(devices.map((d) => [d.imei, d.source, d.warranty.status]).sort()).toEqual(
      [
        [imeis[0], 'shipment', 'not_started'],
        [imeis[1], 'shipment', 'not_started'],
      ].sort(),
    );
    expect((await check(imeis[0]!)).body.data).toEqual({
      number: imeis[0],
      model: phone.name,
      status: 'not_started',
      until: null,
    });

    expect((await deliver(o.orderId, 'P1')).body.errno).toBe(0);
    const today = dayIn('id', Date.now());
    const until = warrantyUntil(today, 12);
    devices = await mine(o.client);
    const first = devices.find((d) => d.imei === imeis[0]);
    expect(first).toMatchObject({
      model: phone.name,
      serial: 'SNA0000001',
      order_id: o.orderId,
      storefront: 'id',
      verification: 'verified',
      delivered_on: today,
      warranty: { status: 'in_warranty', until, months: 12, refurbished: false },
      service: [],
    });
    // The check answers by IMEI or by serial, with the model and the date only.
    const bySerial = await check('sna-0000001');
    expect(bySerial.body).toMatchObject({ errno: 0 });
    expect(bySerial.body.data).toEqual({ number: 'SNA0000001', model: phone.name, status: 'in_warranty', until });
    expect(JSON.stringify(bySerial.body)).not.toMatch(new RegExp(`${o.orderId}|${o.email}|Budi|Jakarta|"id"`));

    // An unknown number has the same shape; a malformed one is a refused request, not a 5xx.
    const unknown = await check(testImei());
    expect(Object.keys(unknown.body.data).sort()).toEqual(Object.keys(bySerial.body.data).sort());
    expect(unknown.body.data).toMatchObject({ model: null, status: 'unknown', until: null });
    const bad = await check("1' OR 1=1 --");
    expect([bad.status, bad.body.errno]).toEqual([200, Errno.DEVICE_NUMBER_INVALID]);

    // Three years later the same unit is out of warranty.
    await server.db.query(`UPDATE shipments SET delivered_at = now() - interval '3 years' WHERE order_id = $1`, [
      o.orderId,
    ]);
    expect((await check(imeis[1]!)).body.data.status).toBe('expired');
  });

  it('refuses units named wrongly, writing nothing; a retry replays, other units reuse the reference', async () => {
    const o = await paidOrder();
    const imei = testImei();
    const refused: [string, unknown[]][] = [
      ['accessory', [{ line_no: 2, quantity: 1, units: [{ serial: 'CABLE00001' }] }]],
      ['count', [{ line_no: 1, quantity: 2, units: [{ imei }] }]],
      ['luhn', [{ line_no: 1, quantity: 1, units: [{ imei: `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}` }] }]],
      ['twice', [{ line_no: 1, quantity: 2, units: [{ imei }, { imei }] }]],
      ['serial', [{ line_no: 1, quantity: 1, units: [{ serial: 'a b' }] }]],
    ];
    for (const [, lines] of refused) {
      const r = await ship(o.orderId, 'BAD', lines);
      expect([r.status, r.body.errno]).toEqual([200, Errno.SHIPMENT_UNITS_INVALID]);
    }
    const empty = await ship(o.orderId, 'BAD', [{ line_no: 1, quantity: 1, units: [{}] }]);
    expect(empty.body.errno).not.toBe(0);
    expect(empty.status).toBeLessThan(500);
    expect(await server.db.query(`SELECT 1 FROM shipments WHERE order_id = $1`, [o.orderId])).toHaveLength(0);
    expect(await server.db.query(`SELECT 1 FROM devices WHERE order_id = $1`, [o.orderId])).toHaveLength(0);

    const lines = [{ line_no: 1, quantity: 1, units: [{ imei }] }];
    expect((await ship(o.orderId, 'P1', lines)).body.data.replayed).toBe(false);
    expect((await ship(o.orderId, 'P1', lines)).body.data.replayed).toBe(true);
    const other = await ship(o.orderId, 'P1', [{ line_no: 1, quantity: 1, units: [{ imei: testImei() }] }]);
    expect(other.body.errno).toBe(Errno.SHIPMENT_REFERENCE_REUSED);
    const bare = await ship(o.orderId, 'P1', [{ line_no: 1, quantity: 1 }]);
    expect(bare.body.errno).toBe(Errno.SHIPMENT_REFERENCE_REUSED);
    expect(await held(imei)).toHaveLength(1);
    // The pick list says which lines carry numbers.
    const pick = await warehouse.call('/api/fulfilment/orders?limit=200', { headers: auth });
    const order = pick.body.data.orders.find((x: { id: string }) => x.id === o.orderId);
    expect(order.lines.map((l: { serialised: boolean }) => l.serialised)).toEqual([true, false]);
  });

  it('staff ship numbered units from the console as the warehouse does', async () => {
    const o = await paidOrder(1);
    const staff = await staffMember(server);
    const imei = testImei();
    const r = await post(staff.client, '/staff/fulfilment/ship', {
      orderId: o.orderId,
      reference: 'S1',
      carrier: 'jne',
      trackingNumber: 'JNE123456',
      lines: [{ lineNo: 1, quantity: 1, units: [{ imei }] }],
    });
    expect(r.body.errno).toBe(0);
    expect(r.body.data.lines[0].serialised).toBe(true);
    expect((await mine(o.client)).map((d) => d.imei)).toEqual([imei]);
  });

  it('moves a number to the buyer of a later shipment: one holder, even when shipped twice at once', async () => {
    const a = await paidOrder(1);
    const b = await paidOrder(1);
    const c = await paidOrder(1);
    const imei = testImei();
    expect((await ship(a.orderId, 'A1', [{ line_no: 1, quantity: 1, units: [{ imei }] }])).body.errno).toBe(0);
    // A returned unit sold again: the new buyer holds it; the first buyer's row ends as transferred.
    const [rb, rc] = await Promise.all([
      ship(b.orderId, 'B1', [{ line_no: 1, quantity: 1, units: [{ imei }] }]),
      ship(c.orderId, 'C1', [{ line_no: 1, quantity: 1, units: [{ imei }] }]),
    ]);
    expect([rb.body.errno, rc.body.errno]).toEqual([0, 0]);
    const holders = await held(imei);
    expect(holders).toHaveLength(1);
    expect([b.userId, c.userId]).toContain(holders[0]!.user_id);
    expect(await mine(a.client)).toEqual([]);
  });

  it('registers a unit bought elsewhere: checked, waits for staff, verified or refused, told by message', async () => {
    const s = await quickShopper(server);
    const imei = testImei();
    const refusals: [Record<string, unknown>, number][] = [
      [{ imei: '490154203237519' }, Errno.DEVICE_NUMBER_INVALID],
      [{ serial: 'x' }, Errno.DEVICE_NUMBER_INVALID],
      [{}, Errno.DEVICE_NUMBER_INVALID],
      [{ imei, productId: accessory.product_id }, Errno.DEVICE_PRODUCT_NOT_SERIALISED],
      [{ imei, productId: 'no-such-product' }, Errno.DEVICE_PRODUCT_NOT_SERIALISED],
      [{ imei, purchaseDate: '2999-01-01' }, Errno.DEVICE_PURCHASE_DATE],
      [{ imei, purchaseDate: '2001-01-01' }, Errno.DEVICE_PURCHASE_DATE],
      [{ imei, uploadIds: [] }, Errno.DEVICE_PROOF],
      [{ imei, uploadIds: ['00000000-0000-0000-0000-000000000000'] }, Errno.DEVICE_PROOF],
    ];
    for (const [body, errno] of refusals) expect((await register(s.client, body)).body.errno).toBe(errno);
    // Another account's upload is not a proof of this one.
    const other = await quickShopper(server);
    expect((await register(s.client, { imei, uploadIds: [await proof(other.client)] })).body.errno).toBe(
      Errno.DEVICE_PROOF,
    );
    expect(await mine(s.client)).toEqual([]);

    const made = await register(s.client, { imei });
    expect(made.body.errno).toBe(0);
    expect(made.body.data.device).toMatchObject({
      imei,
      source: 'registration',
      verification: 'pending',
      warranty: null,
      purchase_date: '2025-06-01',
    });
    expect((await register(s.client, { imei })).body.errno).toBe(Errno.DEVICE_ALREADY_YOURS);
    // A claim holds nothing: the public check does not know the number yet.
    expect((await check(imei)).body.data.status).toBe('unknown');
    // Its proof is attached: the shopper can no longer delete it, and the day's pruning keeps it.
    const fileId = (
      await server.db.query<{ id: string }>(`SELECT id::text AS id FROM uploads WHERE device_id = $1`, [
        made.body.data.device.id,
      ])
    )[0]!.id;
    expect((await post(s.client, '/aftersales/upload/delete', { id: fileId })).body.errno).toBe(Errno.NOT_FOUND);
    await server.db.query(`UPDATE uploads SET created_at = now() - interval '2 days' WHERE id = $1`, [fileId]);
    await server.app.repos.aftersales.pruneUploads();
    expect(await server.db.query(`SELECT 1 FROM uploads WHERE id = $1`, [fileId])).toHaveLength(1);

    const staff = await staffMember(server);
    expect((await get(s.client, '/staff/devices')).body.errno).toBe(Errno.STAFF_ONLY);
    const queue = (await get(staff.client, '/staff/devices')).body.data.devices;
    const waiting = queue.find((d: { device: { id: string } }) => d.device.id === made.body.data.device.id);
    expect(waiting).toMatchObject({ email: s.email, uploads: [{ file_name: 'receipt.png' }] });
    const id = made.body.data.device.id;
    expect((await post(staff.client, '/staff/devices/review', { id, decision: 'reject' })).body.errno).toBe(
      Errno.INVALID_PARAM,
    );
    const verified = await post(staff.client, '/staff/devices/review', {
      id,
      decision: 'verify',
      purchaseDate: '2025-05-30',
    });
    expect(verified.body.errno).toBe(0);
    expect(verified.body.data.device.device).toMatchObject({
      verification: 'verified',
      purchase_date: '2025-05-30',
      warranty: { until: '2026-05-30', months: 12 },
    });
    const again = await post(staff.client, '/staff/devices/review', { id, decision: 'reject', reason: 'Blurred' });
    expect(again.body.errno).toBe(Errno.DEVICE_REVIEW_STATE);
    const titles = await server.db.query<{ title: string; link: string }>(
      `SELECT title, link FROM messages WHERE user_id = $1 AND kind = 'service'`,
      [s.userId],
    );
    expect(titles).toHaveLength(1);
    expect(titles[0]!.link).toBe('/id/user/my-device/');
    expect((await check(imei)).body.data).toMatchObject({ model: phone.name, until: '2026-05-30' });

    // Another account cannot take the number now; the owner may let it go, and then it can.
    expect((await register(other.client, { imei })).body.errno).toBe(Errno.DEVICE_HELD_ELSEWHERE);
    expect((await post(s.client, '/devices/remove', { id })).body.errno).toBe(0);
    expect((await post(s.client, '/devices/remove', { id })).body.errno).toBe(Errno.NOT_FOUND);
    const next = await register(other.client, { imei, purchaseDate: '2026-01-05' });
    expect(next.body.errno).toBe(0);
    const rejected = await post(staff.client, '/staff/devices/review', {
      id: next.body.data.device.id,
      decision: 'reject',
      reason: 'The receipt names another model.',
    });
    expect(rejected.body.errno).toBe(0);
    expect((await mine(other.client))[0]).toMatchObject({
      verification: 'rejected',
      rejection_reason: 'The receipt names another model.',
    });
    // The warranty stays with the unit: the first verified purchase still decides it.
    expect((await check(imei)).body.data.until).toBe('2026-05-30');
  });

  it(`lets ${DEVICE_PENDING_MAX} registrations of one account wait, however many are sent at once`, async () => {
    const s = await quickShopper(server);
    const uploads = await Promise.all(Array.from({ length: 10 }, () => proof(s.client)));
    const answers = await Promise.all(
      uploads.map((u) =>
        post(s.client, '/devices/register', {
          productId: phone.product_id,
          imei: testImei(),
          purchaseDate: '2025-06-01',
          uploadIds: [u],
        }),
      ),
    );
    const errnos = answers.map((a) => a.body.errno);
    expect(errnos.filter((e) => e === 0)).toHaveLength(DEVICE_PENDING_MAX);
    expect(errnos.filter((e) => e === Errno.DEVICE_LIMIT)).toHaveLength(10 - DEVICE_PENDING_MAX);
    expect(await mine(s.client)).toHaveLength(DEVICE_PENDING_MAX);
  });

  it('verifies one of two parallel claims of a number; the other is refused, never both held', async () => {
    const [a, b] = await Promise.all([quickShopper(server), quickShopper(server)]);
    const imei = testImei();
    const claims = await Promise.all([register(a.client, { imei }), register(b.client, { imei })]);
    expect(claims.map((c) => c.body.errno)).toEqual([0, 0]);
    const staff = await staffMember(server);
    const decisions = await Promise.all(
      claims.map((c) => post(staff.client, '/staff/devices/review', { id: c.body.data.device.id, decision: 'verify' })),
    );
    expect(decisions.map((d) => d.body.errno).sort()).toEqual([0, Errno.DEVICE_HELD_ELSEWHERE].sort());
    expect(await held(imei)).toHaveLength(1);
    // Staff find every row of the number with its owner.
    const rows = (await get(staff.client, `/staff/devices?number=${imei}`)).body.data.devices;
    expect(rows.map((r: { email: string }) => r.email).sort()).toEqual([a.email, b.email].sort());
  });

  it('offers the devices to the repair form: numbers, model and order come from the device', async () => {
    const o = await paidOrder(1);
    const imei = testImei();
    expect((await ship(o.orderId, 'R1', [{ line_no: 1, quantity: 1, units: [{ imei }] }])).body.errno).toBe(0);
    const [bought] = await mine(o.client);
    const repair = (c: Client, body: Record<string, unknown>) =>
      proof(c).then((u) =>
        post(c, '/aftersales/apply', {
          kind: 'repair',
          model: '',
          purchaseDate: '2025-06-01',
          description: 'The screen stays black after charging.',
          uploadIds: [u],
          ...body,
        }),
      );
    // The form fills in the delivery day, which is the country's today (in Jakarta already tomorrow in UTC at night).
    const made = await repair(o.client, {
      deviceId: bought.id,
      model: 'typed over',
      purchaseDate: dayIn('id', Date.now()),
    });
    expect(made.body.errno).toBe(0);
    expect(made.body.data.request).toMatchObject({
      order_id: o.orderId,
      device_id: bought.id,
      imei,
      model: phone.name,
      commodity_id: phone.commodity_id,
    });
    expect((await mine(o.client))[0].service).toEqual([
      expect.objectContaining({ request_no: made.body.data.request.request_no, kind: 'repair', state: 'submitted' }),
    ]);

    // A unit bought elsewhere, verified by staff, is repaired without an order of this store (never exchanged).
    const s = await quickShopper(server);
    const claim = await register(s.client, { serial: 'SNREG00001' });
    const staff = await staffMember(server);
    const id = claim.body.data.device.id;
    expect((await repair(s.client, { deviceId: id })).body.errno).toBe(Errno.DEVICE_NOT_YOURS);
    expect((await post(staff.client, '/staff/devices/review', { id, decision: 'verify' })).body.errno).toBe(0);
    expect((await repair(s.client, { deviceId: id, kind: 'exchange' })).body.errno).toBe(Errno.INVALID_PARAM);
    expect((await repair(o.client, { deviceId: id })).body.errno).toBe(Errno.DEVICE_NOT_YOURS);
    const twice = await Promise.all([repair(s.client, { deviceId: id }), repair(s.client, { deviceId: id })]);
    expect(twice.map((r) => r.body.errno).sort()).toEqual([0, Errno.SERVICE_REQUEST_OPEN].sort());
    const opened = twice.find((r) => r.body.errno === 0)!.body.data.request;
    expect(opened).toMatchObject({ order_id: null, device_id: id, serial: 'SNREG00001', product_id: phone.product_id });
    // Its detail page and the list read it like any other request.
    expect((await get(s.client, `/aftersales/detail?id=${opened.id}`)).body.data.request.order_id).toBeNull();
    expect((await get(s.client, '/aftersales/list')).body.data.requests).toHaveLength(1);
  });

  it('lets units go when their whole line came back by accepted returns; a part return keeps them', async () => {
    const o = await paidOrder(2);
    const staff = await staffMember(server);
    const imeis = [testImei(), testImei()];
    const units = imeis.map((imei) => ({ imei }));
    const shipped = await ship(o.orderId, 'RT1', [
      { line_no: 1, quantity: 2, units },
      { line_no: 2, quantity: 1 },
    ]);
    expect(shipped.body.errno).toBe(0);
    expect((await deliver(o.orderId, 'RT1')).body.errno).toBe(0);
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const giveBack = async (quantity: number) => {
      const asked = await post(o.client, '/aftersales/return', {
        orderId: o.orderId,
        lines: [{ lineNo: 1, quantity }],
        reason: 'changed_mind',
        uploadIds: [await proof(o.client)],
      });
      expect(asked.body.errno, JSON.stringify(asked.body)).toBe(0);
      const id = asked.body.data.request.id;
      for (const [path, json] of [
        ['pickup', { id, date: day }],
        ['picked-up', { id }],
        ['accept', { id }],
      ] as const)
        expect((await post(staff.client, `/staff/returns/${path}`, json)).body.errno).toBe(0);
    };
    await giveBack(1);
    expect((await mine(o.client)).map((d) => d.imei).sort()).toEqual([...imeis].sort());
    await giveBack(1);
    expect(await mine(o.client)).toEqual([]);
    const ended = await server.db.query<{ ended_reason: string }>(
      `SELECT ended_reason FROM devices WHERE order_id = $1`,
      [o.orderId],
    );
    expect(ended.map((r) => r.ended_reason)).toEqual(['returned', 'returned']);
  });

  it('answers 20 lookups per address in 10 minutes, then 429 with Retry-After; other addresses go on', async () => {
    const flood = new Client(server.base);
    const answers = [];
    for (let i = 0; i < 22; i++) answers.push(await check(testImei(), flood));
    expect(answers.slice(0, 20).every((a) => a.status === 200 && a.body.errno === 0)).toBe(true);
    expect(answers.slice(20).every((a) => a.status === 429 && a.body.errno === Errno.RATE_LIMITED)).toBe(true);
    const res = await flood.fetch(`/api/id/warranty/check?number=${testImei()}`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check(testImei())).status).toBe(200);
  });
});
