import { clubMembership } from '../../../sites/club';
import type { PlacementStep } from '../placement';

/**
 * The buyer's Mi Club membership in the country, read in the placement's transaction: its early access decides which
 * pre-sales take a deposit (checkCart) and its free express delivery the fee (price). A company purchase is the
 * company's, not a member's: no club benefits.
 */
export const readClub: PlacementStep = {
  name: 'readClub',
  async run(p) {
    const { input } = p;
    if (input.flow !== 'consumer') return;
    p.club = clubMembership(input.local, await p.repos.points.earnedIn(p.tx, input.userId, input.local));
  },
};
