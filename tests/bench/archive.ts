/**
 * `npm run bench:archive`: how long the data archive of a shopper with 100 orders takes, through the real job queue
 * (asked over HTTP, made by the export job, polled until ready) and built alone (the job's work without the queue),
 * and its size. One real order is placed and paid through the API; 99 copies of it (lines, payments, timeline) are
 * written straight to the database. BENCH_DRIVER=pg (with TEST_DATABASE_URL) measures on Postgres; PGlite by default.
 */
import type { Queryable } from '../../server/db/types';
import { startServer, type Driver } from '../../server/test-support/harness';
import { paidOrder } from '../../server/test-support/paid-orders';

const ORDERS = Number(process.env['ARCHIVE_ORDERS'] ?? 100);
const driver = (process.env['BENCH_DRIVER'] ?? 'pglite') as Driver;

/** The columns of a table but `skip`, in order. */
async function columns(db: Queryable, table: string, skip: string[]): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.name).filter((c) => !skip.includes(c));
}

/** Copies the rows of `table` of order `from` to order `to` (their own ids from their defaults). */
async function copyRows(db: Queryable, table: string, from: string, to: string, skip: string[]): Promise<void> {
  const cols = (await columns(db, table, [...skip, 'order_id'])).join(', ');
  await db.query(`INSERT INTO ${table} (order_id, ${cols}) SELECT $2, ${cols} FROM ${table} WHERE order_id = $1`, [
    from,
    to,
  ]);
}

async function main(): Promise<void> {
  const server = await startServer(driver);
  try {
    const order = await paidOrder(server);
    await server.db.query(`UPDATE orders SET state = 'delivered', delivered_at = now() WHERE id = $1`, [order.orderId]);
    const orderCols = (await columns(server.db, 'orders', ['id', 'idempotency_key'])).join(', ');
    for (let i = 1; i < ORDERS; i++) {
      const [copy] = await server.db.query<{ id: string }>(
        `INSERT INTO orders (${orderCols}, idempotency_key) SELECT ${orderCols}, $2 FROM orders WHERE id = $1
         RETURNING id::text AS id`,
        [order.orderId, `bench-${i}`],
      );
      await copyRows(server.db, 'order_lines', order.orderId, copy!.id, []);
      await copyRows(server.db, 'payments', order.orderId, copy!.id, ['id', 'idempotency_key']);
      await copyRows(server.db, 'order_events', order.orderId, copy!.id, ['id']);
    }
    const count = await server.db.query(`SELECT 1 FROM orders WHERE user_id = $1`, [order.userId]);

    // Through the queue, as a shopper asks for it.
    let start = performance.now();
    const asked = await order.client.call('/api/id/account/data/export', { method: 'POST', json: {} });
    const id = asked.body.data.export.id as string;
    let size = 0;
    for (;;) {
      const list = await order.client.call('/api/id/account/data');
      const item = (list.body.data.exports as { id: string; state: string; size: number }[]).find((e) => e.id === id);
      if (item?.state === 'ready') {
        size = item.size;
        break;
      }
      if (performance.now() - start > 120_000) throw new Error('the archive was not ready in 2 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
    const queued = performance.now() - start;
    const [row] = await server.db.query<{ build_ms: number }>(
      `SELECT build_ms FROM data_exports WHERE public_id = $1`,
      [id],
    );

    // The build alone, warm, three times.
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      start = performance.now();
      await server.app.dataRights.exports.read(order.userId);
      runs.push(performance.now() - start);
    }
    console.log(`driver ${driver}, shopper with ${count.length} orders`);
    console.log(`asked → ready (HTTP, job queue, polled every 50 ms): ${queued.toFixed(0)} ms`);
    console.log(`built by the job (read + JSON): ${row?.build_ms} ms; archive ${(size / 1024).toFixed(0)} KiB`);
    console.log(`read alone, warm: ${runs.map((ms) => ms.toFixed(0)).join(' / ')} ms`);
  } finally {
    await server.close();
  }
}

void main();
