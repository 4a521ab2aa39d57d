/**
 * The flash-sale API as the benchmark calls it, each call in one place (the shapes agreed in the flash-sale contract):
 * setting the bench's sale, the page's sale load, entering, polling a place, paying a won place.
 */
import { hostFor } from '../../sites/hosts';
import { BENCH_OPS_TOKEN } from './flash-store';
import type { Answer, Call, flashClient } from './flash-client';

type Client = ReturnType<typeof flashClient>;
const seckill = hostFor('id', 'seckill');
const api = hostFor('id', 'api');

/** The bench's campaign: one /id product's versions, `units` units from `startsAt`. */
export interface BenchSale {
  saleId: string;
  productId: string;
  commodityIds: string[];
  salePrice: number;
  units: number;
  startsAt: Date;
  paymentWindowSeconds: number;
}

/** Creates or replaces the sale through the operator route; throws with the answer when refused. */
export async function setSale(client: Client, base: string, sale: BenchSale): Promise<void> {
  const r = await client.request(base, '/api/ops/flash-sales', {
    method: 'POST',
    address: '127.0.0.1',
    headers: { authorization: `Bearer ${BENCH_OPS_TOKEN}` },
    json: {
      ...sale,
      local: 'id',
      startsAt: sale.startsAt.toISOString(),
      endsAt: new Date(sale.startsAt.getTime() + 3600_000).toISOString(),
      perAccountLimit: 1,
      fcodeRequired: false,
      minClubLevel: null,
      waitingRoom: false,
    },
  });
  if (r.errno !== 0) throw new Error(`setting the sale: HTTP ${r.status} ${JSON.stringify(r.data)} errno ${r.errno}`);
}

/** True when the server has the flash-sale routes (an unknown sale is an errno, an unknown route a 404 page). */
export async function hasFlashRoutes(client: Client, base: string): Promise<boolean> {
  const r = await client.request(base, `${seckill}/seckill/sale?saleId=bench-probe`, { address: '127.0.0.1' });
  return !(r.status === 404 && r.errmsg.startsWith('no such API route'));
}

export const loadSale = (client: Client, base: string, saleId: string, who: Call): Promise<Answer> =>
  client.request(base, `${seckill}/seckill/sale?saleId=${saleId}`, who);

export const enter = (client: Client, base: string, sale: BenchSale, who: Call): Promise<Answer> =>
  client.request(base, `${seckill}/seckill/enter`, {
    ...who,
    method: 'POST',
    json: { saleId: sale.saleId, commodityId: sale.commodityIds[0] },
  });

export const place = (client: Client, base: string, saleId: string, who: Call): Promise<Answer> =>
  client.request(base, `${seckill}/seckill/place?saleId=${saleId}`, who);

/** Pays a won place's order with the sandbox card that is approved without a one-time password. */
export const pay = (client: Client, base: string, orderId: string, who: Call): Promise<Answer> =>
  client.request(base, `${api}/payment/card`, {
    ...who,
    method: 'POST',
    json: { orderId, number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Budi Santoso' },
  });

/** The server's arrival time (µs) and sequence of an enter answer, when it sent them. */
export function arrival(a: Answer): { at: number | null; seq: number | null } {
  const num = (h: string | string[] | undefined) => (typeof h === 'string' && h !== '' ? Number(h) : null);
  return { at: num(a.headers['x-flash-arrival']), seq: num(a.headers['x-flash-seq']) };
}
