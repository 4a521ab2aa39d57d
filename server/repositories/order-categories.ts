import type { Queryable } from '../db/types';

/** The product categories an order's lines hold (what payment methods restricted by product look at). */
export async function orderCategories(db: Queryable, orderId: string): Promise<string[]> {
  const rows = await db.query<{ category: string }>(
    `SELECT DISTINCT p.category FROM order_lines l JOIN products p ON p.id = l.product_id WHERE l.order_id = $1`,
    [orderId],
  );
  return rows.map((r) => r.category);
}
