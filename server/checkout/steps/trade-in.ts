import { Refusal, priced, written, type PlacementStep } from '../placement';

/** The shopper's evaluated trade-in, when they chose one; one that is not theirs to use refuses the order. */
export const chooseTradeIn: PlacementStep = {
  name: 'chooseTradeIn',
  async run(p) {
    if (!p.input.tradeInId) return;
    p.tradeIn = await p.repos.tradeIns.usable(p.tx, p.input.userId, p.input.local, p.input.tradeInId);
    if (!p.tradeIn) return { ok: false, reason: 'trade_in' };
  },
};

/** Redeems the trade-in on the order's phone; another order that took the device meanwhile rolls this one back. */
export const redeemTradeIn: PlacementStep = {
  name: 'redeemTradeIn',
  async run(p) {
    const exchange = priced(p).tradeIn;
    if (
      exchange?.ok &&
      !(await p.repos.tradeIns.redeemIn(p.tx, p.input.userId, exchange.id, written(p).id, exchange.productId))
    )
      throw new Refusal({ ok: false, reason: 'trade_in' });
  },
};
