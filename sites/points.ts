import type { CommerceRules } from './commerce';

/** Mi Points rules of a country: what a point is worth, the minimum to redeem, the share of the price they may pay. */
export interface PointsRules {
  /** Minor units one point is worth (id: 10 points = Rp100, so Rp10). */
  pointValueMinor: number;
  /** Points earned per this many minor units paid (about 1 % back). */
  earnPerMinor: number;
  /** The fewest points one order may use (id 5000, elsewhere 1000). */
  minRedeem: number;
  /** Points pay at most this share of the discounted price, never the shipping (20 %). */
  maxShareBp: number;
}

export type PointsUse =
  | { ok: true; points: number; discount: number; max: number }
  | { ok: false; reason: 'below_minimum' | 'not_enough' | 'over_share'; max: number };

/**
 * The most points an order may use: 20 % of the items after the coupon, in whole points, and no more than the balance.
 */
export function maxRedeemable(rules: PointsRules, discountedItems: number, balance: number): number {
  return Math.max(
    0,
    Math.min(balance, Math.floor((discountedItems * rules.maxShareBp) / 10_000 / rules.pointValueMinor)),
  );
}

/** Checks a number of points an order wants to use against the balance and limits. */
export function pointsToUse(rules: PointsRules, wanted: number, discountedItems: number, balance: number): PointsUse {
  const max = maxRedeemable(rules, discountedItems, balance);
  if (wanted < rules.minRedeem) return { ok: false, reason: 'below_minimum', max };
  if (wanted > balance) return { ok: false, reason: 'not_enough', max };
  if (wanted > max) return { ok: false, reason: 'over_share', max };
  return { ok: true, points: wanted, discount: wanted * rules.pointValueMinor, max };
}

/** Points a paid order earns: one per `earnPerMinor` of what was paid (shipping included). */
export function pointsEarned(rules: PointsRules, paidMinor: number): number {
  return Math.floor(paidMinor / rules.earnPerMinor);
}

/** The rules in minor units of the country's currency, from its commerce rules. */
export function pointsRules(
  local: string,
  commerce: Pick<CommerceRules, 'currency'> & { pointValueMinor: number },
): PointsRules {
  return {
    pointValueMinor: commerce.pointValueMinor,
    earnPerMinor: commerce.pointValueMinor * 100,
    minRedeem: local === 'id' ? 5000 : 1000,
    maxShareBp: 2000,
  };
}
