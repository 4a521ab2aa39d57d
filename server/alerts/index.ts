/**
 * Stock and sale alerts in the app: telling shoppers waiting for a sold-out version when it is back, and reminding
 * them before a sale starts. A version comes back by any path that moves stock (an operator's restock, a cancelled
 * order, a return, a seed putting an offer back on sale): the database wakes every process (NOTIFY stock_back), and a
 * sweep on an interval catches what a wake-up missed. Reminders are jobs on the store's queue (pg-boss), kept in the
 * database across restarts, due at the sale's start less the lead; a sweep sends what a lost or early job left.
 * Routes: routes/alerts/.
 */
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Env } from '../config';
import type { Queryable } from '../db/types';
import { installMaintenance } from '../maintenance';
import { createQueues } from '../releases/boss';
import { postMessageIn } from '../repositories/messages';
import { stockAlertsRepository, type StockAlertsRepository } from '../repositories/stock-alerts';
import { saleRemindersRepository, type SaleRemindersRepository } from '../repositories/sale-reminders';
import type { SaleKind } from '../schemas/alerts';
import { findStorefront, type Storefront } from '../storefront';
import { backInStockNotice, saleReminderNotice, type AlertNotice } from './notices';
import { ALERT_BATCH, CLOSED_ALERTS_KEPT_DAYS, DEFAULT_SALE_REMINDER_LEAD_MINUTES } from './rules';

/** Reminders of one sale, due at its start less the lead: one queued job per sale and start. */
export const SALE_REMINDER_QUEUE = 'sale-reminder';
/** The channel the offers trigger notifies when a version with waiting alerts is back (migration 051). */
export const STOCK_BACK_CHANNEL = 'stock_back';

export interface Alerts {
  stock: StockAlertsRepository;
  reminders: SaleRemindersRepository;
  leadMinutes: number;
  /** Tells every waiting alert whose version is back (of one offer when given); answers how many were told. */
  tellBackInStock(offer?: { local: string; commodityId: string }): Promise<number>;
  /** Sends (or marks missed) every due reminder (of one sale when given); answers how many were closed. */
  sendDueReminders(sale?: { kind: SaleKind; id: string }): Promise<number>;
  /** Queues the job that sends a sale's reminders when they are due (at once when that has passed). */
  queueReminders(sale: { kind: SaleKind; id: string }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    alerts: Alerts;
  }
}

/** Starts the queue, its worker, the LISTEN and the sweeps, and decorates the app with `alerts`. */
export async function installAlerts(app: FastifyInstance, env: Env, boss: PgBoss): Promise<Alerts> {
  const stock = stockAlertsRepository(app.db);
  const reminders = saleRemindersRepository(app.db);
  const leadMinutes = env.SALE_REMINDER_LEAD_MINUTES ?? DEFAULT_SALE_REMINDER_LEAD_MINUTES;
  await createQueues(app.db, boss, [{ name: SALE_REMINDER_QUEUE, policy: 'short', retryLimit: 5, retryDelay: 30 }]);

  /** Posts the message and queues the mail in the alert's transaction; an unknown storefront tells nobody. */
  const tellIn = async (tx: Queryable, urlLocal: string, make: (storefront: Storefront) => AlertNotice) => {
    const storefront = findStorefront(urlLocal);
    if (!storefront) return;
    const notice = make(storefront);
    await postMessageIn(tx, notice.message);
    await app.mail.enqueue(tx, notice.mail);
  };

  /** Runs `batch` until it closes nothing more, then wakes the mail sender once. */
  const drain = async (batch: () => Promise<number>) => {
    let total = 0;
    for (let n = await batch(); n > 0; n = await batch()) total += n;
    if (total > 0) app.mail.wake();
    return total;
  };

  const alerts: Alerts = {
    stock,
    reminders,
    leadMinutes,
    tellBackInStock: (offer) =>
      drain(() =>
        stock.tellBack(offer ?? null, ALERT_BATCH, (tx, alert) =>
          tellIn(tx, alert.url_local, (s) => backInStockNotice(s, app.publicOrigin, alert)),
        ),
      ),
    sendDueReminders: (sale) =>
      drain(() =>
        reminders.sendDue(leadMinutes, sale ?? null, ALERT_BATCH, (tx, reminder) =>
          tellIn(tx, reminder.url_local, (s) => saleReminderNotice(s, app.publicOrigin, reminder)),
        ),
      ),
    async queueReminders(sale) {
      const due = await reminders.nextDue(sale, leadMinutes);
      if (!due) return;
      if (due.getTime() <= Date.now()) {
        await alerts.sendDueReminders(sale);
        return;
      }
      // One queued job per sale and start: a second reminder of the same sale adds none; a moved start adds its own.
      await boss.send(SALE_REMINDER_QUEUE, sale, {
        startAfter: due,
        singletonKey: `${sale.kind}:${sale.id}:${due.getTime()}`,
      });
    },
  };

  await boss.work<{ kind: SaleKind; id: string }>(
    SALE_REMINDER_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      await alerts.sendDueReminders(job.data);
      // The start moved later since the job was queued: the reminders still waiting get a job for the new time.
      await alerts.queueReminders(job.data);
    },
  );

  // Wake-ups of one offer: runs one at a time per process; a wake-up during a run runs again after it.
  let running: Promise<unknown> | null = null;
  const pending = new Map<string, { local: string; commodityId: string }>();
  const runPending = (): void => {
    if (running || pending.size === 0) return;
    const offers = [...pending.values()];
    pending.clear();
    running = (async () => {
      for (const offer of offers) await alerts.tellBackInStock(offer);
    })()
      .catch((err: unknown) => app.log.warn({ err }, 'back-in-stock alerts failed'))
      .finally(() => {
        running = null;
        runPending();
      });
  };
  const stopListening = await app.db.listen(STOCK_BACK_CHANNEL, (payload) => {
    const [local, commodityId] = payload.split(' ');
    if (!local || !commodityId) return;
    pending.set(payload, { local, commodityId });
    runPending();
  });
  app.addHook('onClose', async () => {
    await stopListening();
    await running;
  });

  installMaintenance(app, [
    // A wake-up lost (a process stopped between the restock and the telling): the sweep tells what is still waiting.
    {
      name: 'back-in-stock alerts',
      everyMs: 60_000,
      atStart: true,
      run: async () => {
        await alerts.tellBackInStock();
        await stock.expireAndPrune(CLOSED_ALERTS_KEPT_DAYS);
      },
    },
    // A start moved earlier than its queued job, or a job lost with its queue: the sweep sends what is due.
    {
      name: 'sale reminders',
      everyMs: 30_000,
      atStart: true,
      run: async () => {
        await alerts.sendDueReminders();
        await reminders.prune(CLOSED_ALERTS_KEPT_DAYS);
      },
    },
  ]);
  app.decorate('alerts', alerts);
  return alerts;
}
