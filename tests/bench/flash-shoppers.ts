import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/types';
import { usersRepository } from '../../server/repositories/users';

/** A signed-in shopper of the flash-sale benchmark: the session cookie and an address of their own. */
export interface FlashShopper {
  cookie: string;
  /** The client address they come from (X-Forwarded-For through the trusted loopback proxy). */
  address: string;
}

/**
 * `count` signed-in shoppers written straight to the benchmark's own database, as order-shoppers.ts does: the users
 * and their default /id addresses in one statement each (a household of their own, so the rule on many accounts
 * ordering to one address stays out of it; a month old, past the new-account check), the sessions through the users
 * repository, 20 at a time. 5,000 take a few seconds; signing up through HTTP would take minutes (scrypt).
 */
export async function flashShoppers(db: Database, count: number): Promise<FlashShopper[]> {
  const tag = randomUUID().slice(0, 8);
  const ids = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, nickname, c_user_id, created_at)
     SELECT 'flash-' || $1 || '-' || g || '@example.com', 'x', 'Flash', $1 || '-' || g, now() - interval '30 days'
     FROM generate_series(1, $2) g
     RETURNING id`,
    [tag, count],
  );
  await db.query(
    `INSERT INTO addresses (user_id, local, recipient, phone, street, city, state, postal_code, is_default)
     SELECT u, 'id', 'Bench Shopper', '081234567890', 'Jl. Sudirman ' || u, 'Jakarta', 'DKI Jakarta', '10110', true
     FROM unnest($1::bigint[]) u`,
    [ids.map((r) => r.id)],
  );
  const users = usersRepository(db);
  const out: FlashShopper[] = [];
  for (let i = 0; i < ids.length; i += 20) {
    const tokens = await Promise.all(ids.slice(i, i + 20).map((r) => users.createSession(r.id)));
    for (const token of tokens) out.push({ cookie: `serviceToken=${token}`, address: shopperAddress(out.length) });
  }
  return out;
}

/** A client address per shopper, all different (10.x.y.z from the shopper's number). */
function shopperAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
