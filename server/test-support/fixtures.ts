import type { Database } from '../db/types';

/** A commodity of the seeded catalogue matching a condition, found in SQL so tests follow the content snapshots. */
export async function commodity(
  db: Database,
  where: string,
  params: unknown[] = [],
): Promise<{ commodity_id: string; purchase_limit: number; product_id: string; name: string }> {
  const rows = await db.query<{ commodity_id: string; purchase_limit: number; product_id: string; name: string }>(
    `SELECT c.commodity_id, p.purchase_limit, p.id AS product_id, p.name FROM commodities c
     JOIN products p ON p.id = c.product_id
     LEFT JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = 'id'
     WHERE ${where} ORDER BY c.commodity_id LIMIT 1`,
    params,
  );
  if (!rows[0]) throw new Error(`no seeded commodity where ${where}`);
  return rows[0];
}

/**
 * On sale in Indonesia, in stock, purchase limit at least `min`; an ordinary product (no gift card, pre-sale or
 * F-code).
 */
export const sellable = (db: Database, min = 1, skip = 0) =>
  commodity(
    db,
    `o.stock > 0 AND p.purchase_limit >= $1 AND p.category <> 'gift-cards' AND p.id NOT IN (SELECT ` +
      `product_id FROM presale_campaigns) AND p.id NOT IN (SELECT product_id FROM fcodes)
     AND c.commodity_id NOT IN (SELECT commodity_id FROM commodities ORDER BY commodity_id LIMIT $2)`,
    [min, skip],
  );

let serial = 100_000;
/** A fresh IMEI with a valid Luhn check digit (tests must not share devices). */
export function testImei(): string {
  const body = `35${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++serial).padStart(6, '0')}`.slice(0, 14);
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[13 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}
