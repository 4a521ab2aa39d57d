import { randomBytes } from 'node:crypto';
import { Client, type TestServer } from './harness';
import { usersRepository } from '../repositories/users';
import { sellable } from './fixtures';

/**
 * A signed-in shopper made straight in the database (no password hash, no mail round trip), for tests that need
 * many accounts at once; `Client.register` is the path a real shopper takes.
 */
export async function quickShopper(
  server: Pick<TestServer, 'db' | 'base'>,
): Promise<{ client: Client; userId: number; email: string }> {
  const users = usersRepository(server.db);
  const email = `q${randomBytes(6).toString('hex')}@example.com`;
  const user = (await users.create(server.db, { email, passwordHash: 'not-a-hash', nickname: 'Quick' }))!;
  const client = new Client(server.base);
  client.cookies.set('serviceToken', await users.createSession(user.id));
  client.cookies.set('userId', String(user.id));
  return { client, userId: user.id, email };
}

/**
 * A quick shopper whose account is a month old: past the risk rules' new-account check, for tests whose subject is not
 * the risk rules but who buy more than a new account may without review.
 */
export async function establishedShopper(server: Pick<TestServer, 'db' | 'base'>): ReturnType<typeof quickShopper> {
  const shopper = await quickShopper(server);
  await server.db.query(`UPDATE users SET created_at = created_at - interval '30 days' WHERE id = $1`, [
    shopper.userId,
  ]);
  return shopper;
}

/** An address of the Indonesian form that passes the address rules. */
export const JAKARTA = {
  recipient: 'Budi Santoso',
  phone: '081234567890',
  street: 'Jl. Jend. Sudirman Kav. 52-53',
  city: 'Jakarta Selatan',
  state: 'DKI Jakarta',
  postalCode: '12190',
  landmark: 'Gedung SCBD',
};

let households = 0;
/**
 * JAKARTA at a street number of its own: the shoppers of a test live apart, as real ones do, so the risk rule on
 * many accounts ordering to one address (sites/risk-rules.ts) fires only in the tests that share an address on purpose.
 */
export function jakartaHousehold(): Record<string, string> {
  return { ...JAKARTA, street: `Jl. Jend. Sudirman Kav. ${++households}` };
}

/** Saves an address for the client (a household of its own unless given) and returns its id. */
export async function saveAddress(
  client: Client,
  urlLocal = 'id',
  address: Record<string, string> = jakartaHousehold(),
): Promise<string> {
  const r = await client.call(`/api/${urlLocal}/address/save`, { method: 'POST', json: address });
  if (r.body.errno !== 0) throw new Error(`address: ${JSON.stringify(r.body)}`);
  return r.body.data.address.id as string;
}

/** Adds a commodity to the client's cart. */
export async function addToCart(client: Client, commodityId: string, quantity = 1, urlLocal = 'id'): Promise<void> {
  const r = await client.call(`/api/${urlLocal}/cart`, {
    method: 'POST',
    json: { action: 'add', commodityId, quantity },
  });
  if (r.body.errno !== 0) throw new Error(`cart: ${JSON.stringify(r.body)}`);
}

/**
 * A quick shopper with an unpaid order in Indonesia of one unit of a well-stocked ordinary commodity (the `skip`-th
 * sellable one), optionally at `price` (minor units: a pay-later provider's range, say).
 */
export async function unpaidOrder(
  server: Pick<TestServer, 'db' | 'base'>,
  options: { skip?: number; price?: number } = {},
) {
  const item = await sellable(server.db, 1, options.skip ?? 2);
  await server.db.query(`UPDATE offers SET stock = greatest(stock, 1000) WHERE commodity_id = $1 AND local = 'id'`, [
    item.commodity_id,
  ]);
  if (options.price !== undefined)
    await server.db.query(
      `UPDATE offers SET sale_price = $2, market_price = $2 WHERE commodity_id = $1 AND local = 'id'`,
      [item.commodity_id, options.price],
    );
  const s = await quickShopper(server);
  const addressId = await saveAddress(s.client);
  await addToCart(s.client, item.commodity_id);
  const placed = await s.client.call('/api/id/order/place', {
    method: 'POST',
    json: { addressId, agreePrivacy: true },
  });
  if (placed.body.errno !== 0) throw new Error(`place: ${JSON.stringify(placed.body)}`);
  return { ...s, addressId, orderId: placed.body.data.order_id as string, commodityId: item.commodity_id };
}
