import type { Database } from '../db/types';
import { cancelOrderIn, type CancelRepos } from './cancel-order';
import { postOrderMessageIn } from './order-messages';
import { refundOrderIn } from './refund-order';

/**
 * The stated rule of a missed final payment: when the final window has closed without it, the pre-order lapses,
 * its units go back on sale and the deposit is refunded within 15 working days. Returns how many lapsed.
 */
export async function lapsePresales(db: Database, repos: CancelRepos, limit = 100): Promise<number> {
  let n = 0;
  for (const id of await repos.orders.depositsToLapse(limit)) {
    const lapsed = await db.transaction(async (tx) => {
      const row = await repos.orders.paidDepositForUpdateIn(tx, id);
      if (!row) return false;
      const live = await repos.orders.unpaidFinalForUpdateIn(tx, id);
      // A final payment still with its provider may yet complete the pre-order: the next run decides.
      if (live && (await cancelOrderIn(tx, repos, live.id, 'final_window')) === 'in_flight') return false;
      await repos.orders.lapseIn(tx, row.id);
      // The deposit goes back the way it was paid (the card or pay-later charge by the refund job, gift cards at once).
      await refundOrderIn(tx, repos, {
        orderId: row.id,
        amount: 'all',
        currency: row.currency,
        reason: 'presale_lapsed',
        actor: 'system',
        notify: false,
      });
      await postOrderMessageIn(tx, 'presale_lapsed', row);
      await repos.orders.releaseStockIn(tx, id, row.local);
      return true;
    });
    if (lapsed) n++;
  }
  return n;
}
