import { pointsRules } from '../../../sites/points';
import { priced, written, type PlacementStep } from '../placement';

/** The Mi Points the shopper wants to use, with their balance read in the transaction and the country's rules. */
export const choosePoints: PlacementStep = {
  name: 'choosePoints',
  async run(p) {
    const { input } = p;
    if (!input.points) return;
    p.points = {
      wanted: input.points,
      balance: await p.repos.points.balance(p.tx, input.userId, input.local),
      rules: pointsRules(input.local, input.rules),
    };
  },
};

/** Takes the points the quote used off the balance. */
export const redeemPoints: PlacementStep = {
  name: 'redeemPoints',
  async run(p) {
    const use = priced(p).points?.use;
    if (use?.ok && use.points > 0)
      await p.repos.points.redeemIn(p.tx, p.input.userId, p.input.local, written(p).id, use.points);
  },
};
