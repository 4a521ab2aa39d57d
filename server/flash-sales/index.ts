import type { FastifyInstance } from 'fastify';
import { flashSalesRepository, type FlashSalesRepository } from '../repositories/flash-sales';
import { installMaintenance } from '../maintenance';
import { flashGate, type FlashGate } from './gate';

/** The NOTIFY channel of flash sales: `<saleId> sold_out` (admissions closed) or `<saleId> changed`. */
export const FLASH_CHANNEL = 'flash_sale';

export interface FlashSales {
  repo: FlashSalesRepository;
  gate: FlashGate;
  /** Reads one sale again into the gate (after an operator set it, or a release reopened admissions). */
  refresh(id: string): Promise<void>;
  /** Releases every due place to the next in line; returns the places released. */
  releaseDue(): Promise<number>;
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
  const refresh = async (id: string): Promise<void> => {
    const sale = await repo.sale(id);
    if (sale) gate.put(sale);
    else gate.drop(id);
  };
  const reload = async (): Promise<void> => {
    for (const sale of await repo.current()) gate.put(sale);
  };
  const releaseDue = async (): Promise<number> => {
    let released = 0;
    for (const id of await repo.withDuePlaces()) released += await repo.release(id);
    return released;
  };
  await reload();
  const stop = await app.db.listen(FLASH_CHANNEL, (payload) => {
    const [id, what] = payload.split(' ');
    if (!id) return;
    if (what === 'sold_out') gate.markSoldOut(id);
    else void refresh(id).catch((err: unknown) => app.log.warn({ err }, 'flash sale refresh failed'));
  });
  app.addHook('onClose', async () => stop());
  app.decorate('flashSales', { repo, gate, refresh, releaseDue });
  installMaintenance(app, [
    // A NOTIFY lost (a dropped LISTEN connection): every process reads its sales again.
    { name: 'flash sale windows', everyMs: 30_000, run: reload },
    // Unpaid places past their payment window go to the next in line, in arrival order.
    { name: 'flash sale places', everyMs: 5_000, atStart: true, run: async () => void (await releaseDue()) },
  ]);
}
