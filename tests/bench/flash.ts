/**
 * Flash-sale benchmark: N signed-in shoppers (each from a client address of their own, X-Forwarded-For through the
 * trusted loopback proxy) wait on a sale of U units, load its page, and all ask `seckill/enter` at the start second;
 * winners pay with the sandbox card, waiting shoppers poll their place, then late shoppers enter after the sell-out.
 * The API runs as separate `npm run serve` processes: one on PGlite, one on Postgres, two on one Postgres sharing all
 * traffic (pg×2), and two with the seckill host family on its own (pg+seckill, as a deployment scales it apart: the
 * sale's asks on one, the ordinary traffic and the payments on the other).
 * Prints one table per setup: units sold, orders, 5xx, answers outside the envelope, time to a definitive answer,
 * sold-out latency, fairness, misc/info and cart add p99 beside the sale vs before it, the client's own send spread.
 *   npm run bench:flash
 *   FLASH_SHOPPERS=50 FLASH_UNITS=5 FLASH_DRIVERS=pglite npm run bench:flash     (a smoke run)
 *   FLASH_SCALE=2 npm run bench:flash      (also 2× the shoppers: how the cost grows)
 * Other knobs: FLASH_CONNECTIONS (client connections per server, 256), FLASH_LEAD (s from setting the sale to its
 * start, 10), FLASH_BASELINE (s of ordinary traffic before the sale, 3), FLASH_LATE (shoppers entering after the
 * sell-out, a fifth of N, at most 1,000), FLASH_LATE_SPREAD (ms over which they arrive, 1,000), FLASH_DEADLINE (s
 * after the start a waiting shopper gives up, 120).
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { defaultContentDir, readSeedContent } from '../../server/db/seed-source';
import { toMinor } from '../../region-config/money';
import type { ServerProcess } from '../../server/test-support/processes';
import { benchPostgresUrl } from './bench-server';
import { flashClient, nowMs, type Answer, type Call } from './flash-client';
import { flashShoppers } from './flash-shoppers';
import { flashStore, type FlashDriver } from './flash-store';
import { arrival, enter, hasFlashRoutes, loadSale, pay, place, setSale, type BenchSale } from './flash-sale-api';
import { backgroundElsewhere, type BackgroundFigures } from './flash-background';
import { ms, percentile, printTable } from './flash-stats';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SHOPPERS = num('FLASH_SHOPPERS', 5000);
const UNITS = num('FLASH_UNITS', 500);
const CONNECTIONS = num('FLASH_CONNECTIONS', 256);
const LEAD_S = num('FLASH_LEAD', 10);
const BASELINE_S = num('FLASH_BASELINE', 3);
const DEADLINE_S = num('FLASH_DEADLINE', 120);
const POLL_MS = 1000;
const LATE_SPREAD_MS = num('FLASH_LATE_SPREAD', 1000);
/** The benchmark process's event-loop delay (ns), sampled during the burst. */
const lag = monitorEventLoopDelay({ resolution: 10 });
const sleep = (msToWait: number) => new Promise((r) => setTimeout(r, Math.max(0, msToWait)));

/** The flash-sale routes are not on this server (the core part has not landed): the run stops with this. */
class NoFlashRoutes extends Error {}

/** An /id product of the snapshot with at least one version sold in /id: the sale's, and the cart add's version. */
function pickProduct(): { productId: string; commodityIds: string[]; salePrice: number; cartCommodity: string } {
  const products = readSeedContent(defaultContentDir, () => {}).products;
  const sold = products.filter((p) => p.commodities.filter((c) => c.offers['id']).length >= 1);
  const [sale, other] = [sold[0], sold[1] ?? sold[0]];
  if (!sale || !other) throw new Error('no product is sold in /id in the content snapshot');
  const versions = sale.commodities.filter((c) => c.offers['id']);
  const price = versions[0]!.offers['id']!.salePrice;
  return {
    productId: sale.id,
    commodityIds: versions.map((c) => c.commodityId),
    salePrice: toMinor(Math.floor(price * 0.7), 'IDR'),
    cartCommodity: other.commodities.find((c) => c.offers['id'])!.commodityId,
  };
}

/** One shopper's story in the sale. */
interface Story {
  who: Call;
  /** The process answering the seckill family (enter, place, the sale). */
  base: string;
  /** The process answering the rest of the store (the payment). */
  storeBase: string;
  first?: Answer;
  /** When they first heard 'won' or 'sold_out' (ms since the epoch). */
  definitiveAt?: number;
  /** A winner: when an answer first named the order to pay. */
  payableAt?: number;
  state?: string;
  paid: boolean;
}

/** Every answer of a run, for the 5xx and envelope counts. */
const seen: Answer[] = [];
function note(a: Answer): Answer {
  seen.push(a);
  return a;
}

async function shopperRun(client: ReturnType<typeof flashClient>, sale: BenchSale, s: Story, stopAt: number) {
  s.first = note(await enter(client, s.base, sale, s.who));
  let a = s.first;
  while (a.errno === 0) {
    const state = String(a.data?.['state'] ?? '');
    if (state === 'won' || state === 'sold_out' || state === 'paid' || state === 'expired') {
      s.definitiveAt ??= a.answeredAt;
      s.state = state;
      // A winner whose order is still being written reads the place until it names the order, then pays.
      if (state !== 'won' || typeof a.data?.['order_id'] === 'string') {
        if (state === 'won') {
          s.payableAt = a.answeredAt;
          const paid = note(await pay(client, s.storeBase, String(a.data?.['order_id']), s.who));
          s.paid = paid.errno === 0 && paid.data?.['state'] === 'succeeded';
        }
        return;
      }
    }
    if (nowMs() > stopAt) return;
    await sleep(POLL_MS);
    a = note(await place(client, s.base, sale.saleId, s.who));
  }
  s.state = `errno ${a.errno ?? `HTTP ${a.status}`}`;
}

/** What one run measured, for its table and the 2× comparison. */
interface RunFigures {
  rows: [string, string][];
  definitiveP50: number;
  definitiveP99: number;
  definitiveMax: number;
}

async function run(driver: FlashDriver, shoppers: number, url: string | undefined): Promise<RunFigures> {
  const product = pickProduct();
  const late = num('FLASH_LATE', Math.min(1000, Math.max(1, Math.floor(shoppers / 5))));
  const store = await flashStore(driver, url);
  let servers: ServerProcess[] = [];
  try {
    process.stderr.write(`${driver}: ${shoppers + late} shoppers…\n`);
    // PGlite's folder is migrated already and has one process at a time: shoppers first. A Postgres schema is
    // migrated by the servers, which may share it: servers first.
    if (driver !== 'pglite') servers = await store.start();
    const db = await store.open();
    const people = await flashShoppers(db, shoppers + late);
    await db.close();
    if (driver === 'pglite') servers = await store.start();
    // The seckill family apart: its own process, and the rest of the store (ordinary traffic, payments) on the other.
    const apart = driver === 'pg+seckill';
    const bases = servers.map((s) => s.base);
    const seckillBases = apart ? bases.slice(0, 1) : bases;
    const storeBases = apart ? bases.slice(1) : bases;
    const client = flashClient(CONNECTIONS);
    if (!(await hasFlashRoutes(client, bases[0]!))) throw new NoFlashRoutes();

    const before = await backgroundElsewhere(storeBases, product.cartCommodity);
    await sleep(BASELINE_S * 1000);
    const baseline = await before.stop();

    const sale: BenchSale = {
      saleId: `bench-${randomBytes(4).toString('hex')}`,
      ...product,
      units: UNITS,
      startsAt: new Date(Math.ceil((Date.now() + LEAD_S * 1000) / 1000) * 1000),
      paymentWindowSeconds: 600,
    };
    await setSale(client, bases[0]!, sale);
    // A load balancer spreads shoppers over the processes; each shopper stays on one.
    const stories: Story[] = people.slice(0, shoppers).map((p, i) => ({
      who: { cookie: p.cookie, address: p.address },
      base: seckillBases[i % seckillBases.length]!,
      storeBase: storeBases[i % storeBases.length]!,
      paid: false,
    }));
    // Waiting: every shopper's page loads the sale (its countdown) before the start.
    const pages = await Promise.all(stories.map((s) => loadSale(client, s.base, sale.saleId, s.who).then(note)));
    const upcoming = pages.filter((p) => p.data?.['phase'] === 'upcoming').length;
    if (nowMs() > sale.startsAt.getTime()) throw new Error(`the pages loaded after the start: raise FLASH_LEAD`);
    // The ordinary traffic beside the sale runs from the start second, in a process started before it.
    const during = await backgroundElsewhere(storeBases, product.cartCommodity, sale.startsAt.getTime());
    await sleep(sale.startsAt.getTime() - nowMs());

    const start = sale.startsAt.getTime();
    // The client's own event loop during the burst: when it lags, the client, not the server, is the bottleneck.
    lag.reset();
    lag.enable();
    await Promise.all(stories.map((s) => shopperRun(client, sale, s, start + DEADLINE_S * 1000)));
    lag.disable();
    const beside = await during.stop();

    // Late shoppers, after the sell-out, arriving steadily over LATE_SPREAD_MS (a flood at a rate, not one instant:
    // the latency then says what an answer costs, not how long a queue of a thousand is): the answer should come
    // from the process's flag, not the database.
    const lateFrom = nowMs();
    const lateAnswers = await Promise.all(
      people.slice(shoppers).map(async (p, i, all) => {
        await sleep(lateFrom + (i * LATE_SPREAD_MS) / all.length - nowMs());
        return note(await enter(client, seckillBases[i % seckillBases.length]!, sale, p));
      }),
    );
    client.close();
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    const books = await store.open();
    const orders = await books.query<{ orders: number; paid: number; units: number }>(
      `SELECT count(*)::int AS orders, count(*) FILTER (WHERE o.paid_at IS NOT NULL)::int AS paid,
              coalesce(sum(l.quantity) FILTER (WHERE o.paid_at IS NOT NULL), 0)::int AS units
       FROM orders o LEFT JOIN order_lines l ON l.order_id = o.id`,
    );
    await books.close();
    return figures(driver, shoppers, sale, stories, lateAnswers, upcoming, orders[0]!, baseline, beside);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await store.remove();
  }
}

function figures(
  driver: FlashDriver,
  shoppers: number,
  sale: BenchSale,
  stories: Story[],
  lateAnswers: Answer[],
  upcoming: number,
  books: { orders: number; paid: number; units: number },
  baseline: BackgroundFigures,
  beside: BackgroundFigures,
): RunFigures {
  const start = sale.startsAt.getTime();
  const definitive = stories.filter((s) => s.definitiveAt).map((s) => s.definitiveAt! - start);
  const entered = stories.filter((s) => s.first);
  const sent = entered.map((s) => s.first!.sentAt - start);
  const won = new Set(entered.filter((s) => s.first!.data?.['state'] === 'won'));
  const fairness = (order: Story[]) =>
    `${((order.slice(0, sale.units).filter((s) => won.has(s)).length / sale.units) * 100).toFixed(1)} %`;
  const byServer = entered.filter((s) => arrival(s.first!).at !== null);
  const bySeq = entered.filter((s) => arrival(s.first!).seq !== null);
  const soldOut = lateAnswers.filter((a) => a.data?.['state'] === 'sold_out').map((a) => a.answeredAt - a.sentAt);
  const states = new Map<string, number>();
  for (const s of stories) states.set(s.state ?? 'no answer', (states.get(s.state ?? 'no answer') ?? 0) + 1);
  const p99 = (v: number[]) => ms(percentile(v, 99));
  const max = (v: number[]) => ms(v.length > 0 ? Math.max(...v) : Number.NaN);
  const rows: [string, string][] = [
    ['shoppers (late, after the sell-out)', `${shoppers.toLocaleString('en-US')} (${lateAnswers.length})`],
    ['pages showing the countdown before the start', `${upcoming} of ${shoppers}`],
    ['units sold (paid) / units of the sale', `${books.units} / ${sale.units}`],
    ['orders created (paid)', `${books.orders} (${books.paid})`],
    ['won at once / paid by the bench', `${won.size} / ${stories.filter((s) => s.paid).length}`],
    ['final states', [...states].map(([k, v]) => `${k} ${v}`).join(', ')],
    ['5xx answers', String(seen.filter((a) => a.status >= 500).length)],
    ['answers outside the envelope', String(seen.filter((a) => !a.envelope).length)],
    [
      'definitive answer after the start p50/p99/max',
      `${ms(percentile(definitive, 50))} / ${p99(definitive)} / ${max(definitive)}`,
    ],
    [
      "winners' definitive answer / payable order p99",
      `${p99(stories.filter((s) => s.payableAt).map((s) => s.definitiveAt! - start))} / ` +
        `${p99(stories.filter((s) => s.payableAt).map((s) => s.payableAt! - start))}`,
    ],
    ['sold-out answer after the sell-out p50/p99', `${ms(percentile(soldOut, 50))} / ${p99(soldOut)}`],
    [
      'fairness: winners among the first U arrivals',
      byServer.length === entered.length
        ? `${fairness(byServer.sort((a, b) => arrival(a.first!).at! - arrival(b.first!).at!))} (server's receipt)` +
          (bySeq.length === entered.length
            ? `, ${fairness(bySeq.sort((a, b) => arrival(a.first!).seq! - arrival(b.first!).seq!))} (server's sequence)`
            : '')
        : `${fairness([...entered].sort((a, b) => a.first!.sentAt - b.first!.sentAt))} (client's send order: no ` +
          'x-flash-arrival header)',
    ],
    ['misc/info p99 before / beside the sale', `${p99(baseline.miscInfo)} / ${p99(beside.miscInfo)}`],
    ['cart add p99 before / beside the sale', `${p99(baseline.cartAdd)} / ${p99(beside.cartAdd)}`],
    ['ordinary requests not errno 0 (before, beside)', `${baseline.failed}, ${beside.failed}`],
    ['client send spread after the start p50/p99/max', `${ms(percentile(sent, 50))} / ${p99(sent)} / ${max(sent)}`],
    // When the shoppers' client lags, the client, not the servers, sets the times above.
    ["client's event-loop delay p99 / max in the burst", `${ms(lag.percentile(99) / 1e6)} / ${ms(lag.max / 1e6)}`],
  ];
  printTable(
    `Flash sale on ${driver}: ${shoppers} shoppers, ${sale.units} units, ${CONNECTIONS} client connections per server`,
    rows,
  );
  seen.length = 0;
  return {
    rows,
    definitiveP50: percentile(definitive, 50),
    definitiveP99: percentile(definitive, 99),
    definitiveMax: definitive.length > 0 ? Math.max(...definitive) : Number.NaN,
  };
}

async function main(): Promise<void> {
  const url = benchPostgresUrl();
  // The servers get their database from the store alone: a DATABASE_URL inherited would put PGlite's on Postgres.
  delete process.env['DATABASE_URL'];
  const wanted = (process.env['FLASH_DRIVERS'] ?? 'pglite,pg,pg×2,pg+seckill').split(',').map((d) => d.trim());
  const drivers = (['pglite', 'pg', 'pg×2', 'pg+seckill'] as const).filter(
    (d) => wanted.includes(d) || wanted.includes(d.replace('×', 'x')),
  );
  for (const driver of drivers) {
    if (driver !== 'pglite' && !url) {
      console.log(`\n${driver}: skipped (set DATABASE_URL or TEST_DATABASE_URL)`);
      continue;
    }
    const one = await run(driver, SHOPPERS, url);
    if (num('FLASH_SCALE', 1) !== 2) continue;
    const two = await run(driver, SHOPPERS * 2, url);
    const growth = (a: number, b: number) => `${(b / a).toFixed(2)}×`;
    printTable(`${driver}: growth with 2× the shoppers (${SHOPPERS} → ${SHOPPERS * 2}, same units)`, [
      ['definitive answer p50', growth(one.definitiveP50, two.definitiveP50)],
      ['definitive answer p99', growth(one.definitiveP99, two.definitiveP99)],
      ['definitive answer max', growth(one.definitiveMax, two.definitiveMax)],
    ]);
  }
}

main().catch((err: unknown) => {
  if (err instanceof NoFlashRoutes) {
    console.error(
      'bench:flash: this server has no flash-sale routes yet (GET seckill/sale answers "no such API route"). ' +
        'Run it on a branch with the flash-sale core (migration 053_flash_sales, server/schemas/flash-sales.ts).',
    );
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
