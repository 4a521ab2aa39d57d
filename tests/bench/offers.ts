/**
 * Worked examples of the checkout arithmetic, through real HTTP on a fresh embedded database: one order per
 * feature in /id (coupon + Mi Points + gift card, trade-in, pre-order deposit and final payment) and one instalment
 * plan in /in. Prints each total as the shopper sees it, so the figures in notes come from a command:
 *   npm run bench:offers
 */
import { startServer, type Client, type TestServer } from '../../server/test-support/harness';
import { commodity, testImei } from '../../server/test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../../server/test-support/shoppers';
import { sandboxCardNumber } from '../../server/payments/card-issuers';
import { instalmentSchedule } from '../../region-config/instalments';
import { formatPrice } from '../../region-config/format-price';
import { getSiteConfig } from '../../sites/site-config';
import { toMajor } from '../../region-config/money';

const OPS_TOKEN = 'worked-examples-operator-token-0001';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Budi Santoso' };
const MUMBAI = {
  recipient: 'Asha Rao',
  phone: '9876543210',
  street: '12 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  postalCode: '400020',
};

const money = (local: string, currency: string) => (minor: number) =>
  formatPrice(toMajor(minor, currency), getSiteConfig(local).priceDisplay);
const rp = money('id', 'IDR');
const inr = money('in', 'INR');

function table(title: string, rows: [string, string][]): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v.padStart(16)}`);
}

async function ok<T = any>(c: Client, path: string, json?: unknown): Promise<T> {
  const r = await c.call(path, json === undefined ? {} : { method: 'POST', json });
  if (r.body.errno !== 0) throw new Error(`${path}: ${JSON.stringify(r.body)}`);
  return r.body.data as T;
}

async function shopper(server: TestServer, commodityId: string, urlLocal = 'id') {
  const s = await quickShopper(server);
  const addressId = await saveAddress(s.client, urlLocal, urlLocal === 'in' ? MUMBAI : undefined);
  await addToCart(s.client, commodityId, 1, urlLocal);
  return { ...s, addressId };
}

async function main(): Promise<void> {
  const server = await startServer('pglite', { OPS_TOKEN });
  const ops = { authorization: `Bearer ${OPS_TOKEN}` };
  try {
    const phone = (await commodity(server.db, `p.id = 'xiaomi-15' AND o.stock > 20`)).commodity_id;

    // 1. Coupon, Mi Points and a gift card on one order.
    const a = await shopper(server, phone);
    await server.app.repos.points.grant(a.userId, 'id', 5000);
    await ok(a.client, '/api/id/coupon/claim', { code: 'HEMAT100' });
    const userCouponId = (await ok<{ coupons: any[] }>(a.client, '/api/id/coupon/mine')).coupons[0].user_coupon_id;
    const card = (
      await a.client.call('/api/ops/giftcards/issue', {
        method: 'POST',
        json: { local: 'id', amount: 2_000_000 },
        headers: ops,
      })
    ).body.data.code;
    const q1 = await ok(a.client, '/api/id/checkout/quote', { userCouponId, points: 5000, giftCards: [card] });
    table('/id Xiaomi 15: coupon HEMAT100 + 5000 Mi Points + a Rp2.000.000 gift card', [
      ['items', rp(q1.amounts.items_total)],
      ['coupon', `−${rp(q1.coupon.discount)}`],
      ['Mi Points (5000 × Rp10)', `−${rp(q1.points.discount)}`],
      ['shipping', rp(q1.amounts.shipping_fee)],
      ['total (PPN 11 % included)', rp(q1.amounts.total)],
      ['  of which PPN', rp(q1.amounts.tax)],
      ['gift card', `−${rp(q1.gift_card_amount)}`],
      ['charged to the card', rp(q1.amount_due)],
    ]);

    // 2. Trade-in.
    const b = await shopper(server, phone);
    const answers = {
      'powers-on': 'yes',
      screen: 'light-scratches',
      body: 'light-wear',
      functions: 'all-work',
      accessories: 'charger-only',
    };
    const tradeIn = (
      await ok(b.client, '/api/id/tradein/evaluate', {
        modelId: 'xiaomi-13',
        storage: '256GB',
        answers,
        imei: testImei(),
      })
    ).trade_in;
    const q2 = await ok(b.client, '/api/id/checkout/quote', { tradeInId: tradeIn.id });
    table('/id Xiaomi 15 with a Xiaomi 13 256GB traded in (light scratches, light wear, charger only)', [
      ['items', rp(q2.amounts.items_total)],
      ['exchange value (−18 %)', `−${rp(q2.trade_in.exchange_value)}`],
      ['Xiaomi 15 bonus', `−${rp(q2.trade_in.bonus)}`],
      ['shipping', rp(q2.amounts.shipping_fee)],
      ['total', rp(q2.amounts.total)],
      ['subsidy after assessment', rp(q2.trade_in.subsidy)],
    ]);

    // 3. Pre-order: deposit, then the final payment.
    const h = 3600_000;
    const at = (hours: number) => new Date(Date.now() + hours * h);
    await server.app.repos.presales.moveWindows('id-xiaomi-15t-pro-presale', {
      depositStartsAt: at(-1),
      depositEndsAt: at(1),
      finalStartsAt: at(2),
      finalEndsAt: at(4),
    });
    const pre = (await commodity(server.db, `p.id = 'xiaomi-15t-pro' AND o.stock > 20`)).commodity_id;
    const c = await shopper(server, pre);
    const q3 = await ok(c.client, '/api/id/checkout/quote', {});
    const deposit = await ok(c.client, '/api/id/order/place', {
      addressId: c.addressId,
      agreePrivacy: true,
      agreePreOrder: true,
    });
    await ok(c.client, '/api/id/payment/card', { orderId: deposit.order_id, ...CARD });
    await server.app.repos.presales.moveWindows('id-xiaomi-15t-pro-presale', {
      depositStartsAt: at(-4),
      depositEndsAt: at(-3),
      finalStartsAt: at(-1),
      finalEndsAt: at(1),
    });
    const final = await ok(c.client, '/api/id/presale/final', { orderId: deposit.order_id });
    const f = (await ok(c.client, `/api/id/order/detail?orderId=${final.order_id}`)).order;
    table('/id Xiaomi 15T Pro pre-order: deposit, then the final payment', [
      ['full price', rp(q3.presale.full_total)],
      ['deposit order total', rp(q3.amounts.total)],
      ['final order: items', rp(f.amounts.items_total)],
      ['final order: deposit paid', `−${rp(f.deposit_credit)}`],
      ['final order: shipping', rp(f.amounts.shipping_fee)],
      ['final order total', rp(f.amounts.total)],
      ['deposit + final', rp(q3.amounts.total + f.amounts.total)],
    ]);

    // 4. An instalment plan in /in.
    const inPhone = (
      await server.db.query<{ commodity_id: string }>(
        `SELECT c.commodity_id FROM commodities c JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = 'in'
         WHERE c.product_id = 'xiaomi-15' AND o.stock > 20 ORDER BY c.commodity_id LIMIT 1`,
      )
    )[0]!.commodity_id;
    const d = await shopper(server, inPhone, 'in');
    const order = await ok(d.client, '/api/in/order/place', { addressId: d.addressId, agreePrivacy: true });
    const methods = await ok(d.client, `/api/in/payment/methods?orderId=${order.order_id}`);
    const plan = methods.instalment_plans.find((p: any) => p.id === 'in-emi-12');
    const s = instalmentSchedule(methods.total, 12, plan.monthly_rate_bp);
    await ok(d.client, '/api/in/payment/instalment', {
      orderId: order.order_id,
      planId: 'in-emi-12',
      ...CARD,
      number: sandboxCardNumber('hdfc', 'credit'),
      holder: 'Asha Rao',
    });
    table('/in Xiaomi 15 on a 12-month EMI (HDFC credit card)', [
      ['order total (charged once)', inr(methods.total)],
      [`monthly × 11 (${plan.monthly_rate_bp / 100} %/month)`, inr(s.monthly)],
      ['last month', inr(s.last)],
      ['interest (to the bank)', inr(s.interest)],
      ['total repaid', inr(s.total)],
    ]);
  } finally {
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
