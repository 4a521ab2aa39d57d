import { Refusal, priced, written, type PlacementStep } from '../placement';

/**
 * The gift cards the shopper typed, with what is left on each; an unknown, early, expired or empty one refuses the
 * order.
 */
export const chooseGiftCards: PlacementStep = {
  name: 'chooseGiftCards',
  async run(p) {
    const cards = await p.repos.giftCards.resolve(p.tx, p.input.userId, p.input.local, p.input.giftCards ?? []);
    if (!cards.ok) return { ok: false, reason: 'gift_card', code: cards.code, problem: cards.problem };
    p.giftCards = cards.cards;
  },
};

/**
 * Takes from each card what the quote applied, in the order chosen; a card another order emptied meanwhile rolls this
 * one back.
 */
export const spendGiftCards: PlacementStep = {
  name: 'spendGiftCards',
  async run(p) {
    const order = written(p);
    for (const use of priced(p).giftCards.filter((u) => u.applied > 0)) {
      if (!(await p.repos.giftCards.spendIn(p.tx, p.input.userId, use.id, order.id, use.applied)))
        throw new Refusal({ ok: false, reason: 'gift_card', code: use.code, problem: 'changed' });
    }
  },
};
