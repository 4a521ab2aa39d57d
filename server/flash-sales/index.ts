import type { FastifyInstance } from 'fastify';
import {
  flashSalesRepository,
  type FlashSaleNow,
  type FlashSalesRepository,
  type WonPlace,
} from '../repositories/flash-sales';
import { userEmailIn } from '../repositories/users';
import { installMaintenance } from '../maintenance';
import { placeFlashOrder, type FlashOrderResult } from '../checkout/flash-order';
import { orderConfirmationMail } from '../mail/order-mails';
import { findStorefront } from '../storefront';
import { addressSnapshot } from '../routes/account/addresses';
import { flashGate, type FlashGate } from './gate';
import { flashSettler, type FlashSettler } from './settle';
import { FLASH_ORDER_WRITERS, FLASH_PLACES_PER_ADDRESS, FLASH_SETTLE_MS } from './rules';
import { limited } from '../db/limited';

/** The NOTIFY channel of flash sales: `<saleId> sold_out` (admissions closed) or `<saleId> changed`. */
export const FLASH_CHANNEL = 'flash_sale';

/** Why a won place has no order yet: the shopper has no address in the country, or an older payment is in flight. */
export type OrderOutcome = FlashOrderResult | { ok: false; reason: 'no_address' };

export interface FlashSales {
  repo: FlashSalesRepository;
  gate: FlashGate;
  /** Admits asks in arrival order once the settle delay has passed (server/flash-sales/settle.ts). */
  settler: FlashSettler;
  /** Reads one sale again into the gate (after an operator set it, or a release reopened admissions). */
  refresh(id: string): Promise<void>;
  /**
   * Settles asks left pending (a process killed), closes the unpaid orders of places past their payment window,
   * releases every due place to the next in line and writes the orders of won places that have none; returns the
   * places released.
   */
  releaseDue(): Promise<number>;
  /** Writes the unpaid order of a won place (to the shopper's default address); see server/checkout/flash-order.ts. */
  orderFor(place: WonPlace): Promise<OrderOutcome>;
  /**
   * The same, for a shopper's request: one write per place in flight (a second request joins it), at most
   * FLASH_ORDER_WRITERS at a time, so the winners of a start second never take every database connection from the
   * rest of the store.
   */
  orderSoon(place: WonPlace): Promise<OrderOutcome>;
  /** Admissions closed (learnt from an admission of this process): the flag, then the holders of a place. */
  markSoldOut(id: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    flashSales: FlashSales;
  }
}

/**
 * Flash sales: loads the live and upcoming sales into the gate, keeps the sold-out flags in step over LISTEN, and
 * runs the release sweep (state is in the database, so a restart loses nothing: the sweep picks up where it was).
 */
export async function installFlashSales(app: FastifyInstance): Promise<void> {
  const repo = flashSalesRepository(app.db);
  const gate = flashGate();
  const settler = flashSettler(repo);
  const repos = { ...app.repos, flashSales: repo };
  /** Reads who holds a place once a sale sold out, so everyone else hears "sold out" without the database. */
  const readHolders = (id: string, version: number | null): void => {
    if (version === null || gate.entry(id)?.holders) return;
    void repo
      .holders(id)
      .then((holders) => gate.setHolders(id, version, holders))
      .catch((err: unknown) => app.log.warn({ err }, 'flash sale holders read failed'));
  };
  const put = (sale: FlashSaleNow): void => {
    const version = gate.put(sale);
    if (sale.admissionsClosed) readHolders(sale.id, version);
  };
  const markSoldOut = (id: string): void => readHolders(id, gate.markSoldOut(id));
  const refresh = async (id: string): Promise<void> => {
    const sale = await repo.sale(id);
    if (sale) put(sale);
    else gate.drop(id);
  };
  const reload = async (): Promise<void> => {
    for (const sale of await repo.current()) put(sale);
  };
  const orderFor = async (place: WonPlace): Promise<OrderOutcome> => {
    const storefront = findStorefront(place.urlLocal);
    if (!storefront) return { ok: false, reason: 'no_place' };
    // The address book lists the default first; a shopper without one in the country adds one, and the next read
    // of the place (or the sweep) writes the order.
    const [address] = await app.repos.addresses.list(place.userId, storefront.local);
    if (!address) return { ok: false, reason: 'no_address' };
    const email = (await userEmailIn(app.db, place.userId)) ?? '';
    const result = await placeFlashOrder(app.db, repos, {
      saleId: place.saleId,
      userId: place.userId,
      urlLocal: storefront.urlLocal,
      address: addressSnapshot(address),
      mail: (order, lines) => orderConfirmationMail(app.mail.links(storefront).origin, storefront, email, order, lines),
    });
    if (result.ok) app.mail.wake();
    return result;
  };
  const inFlight = new Map<string, Promise<OrderOutcome>>();
  const writers = limited(FLASH_ORDER_WRITERS);
  const orderSoon = (place: WonPlace): Promise<OrderOutcome> => {
    const key = `${place.saleId}\u0000${place.userId}`;
    const known = inFlight.get(key);
    if (known) return known;
    const writing = writers(() => orderFor(place)).finally(() => inFlight.delete(key));
    inFlight.set(key, writing);
    return writing;
  };
  const releaseDue = async (): Promise<number> => {
    // Unpaid at the end of the window: the order machinery closes it (a payment in flight settles first and may
    // still win), then the release sees it cancelled.
    for (const id of await repo.dueOrders()) await app.orderClosing.close(id, 'payment_window');
    // Asks of a process killed before settling them: admitted in their arrival order by whoever comes next.
    for (const id of await repo.withPendingArrivals(FLASH_SETTLE_MS * 1000))
      await repo.settle(id, FLASH_PLACES_PER_ADDRESS, FLASH_SETTLE_MS * 1000);
    let released = 0;
    for (const id of await repo.withDuePlaces()) released += await repo.release(id);
    // Places handed on by a release, or won before a restart, get their orders.
    for (const place of await repo.wonWithoutOrder()) await orderFor(place);
    return released;
  };
  await reload();
  const stop = await app.db.listen(FLASH_CHANNEL, (payload) => {
    const [id, what] = payload.split(' ');
    if (!id) return;
    if (what === 'sold_out') markSoldOut(id);
    else void refresh(id).catch((err: unknown) => app.log.warn({ err }, 'flash sale refresh failed'));
  });
  app.addHook('onClose', async () => stop());
  app.decorate('flashSales', { repo, gate, settler, refresh, releaseDue, orderFor, orderSoon, markSoldOut });
  installMaintenance(app, [
    // A NOTIFY lost (a dropped LISTEN connection): every process reads its sales again.
    { name: 'flash sale windows', everyMs: 30_000, run: reload },
    // Unpaid places past their payment window go to the next in line, in arrival order.
    { name: 'flash sale places', everyMs: 5_000, atStart: true, run: async () => void (await releaseDue()) },
  ]);
}
