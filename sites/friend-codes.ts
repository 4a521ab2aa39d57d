/**
 * The friend-code programme per country, from sites/friend-codes.json. The server reads it through
 * friendProgrammeFor(); validateFriendCodes() (friend-codes-validate.ts) checks the file.
 */
import friendCodesJson from './friend-codes.json';
import type { RuleIssue } from '../region-config/rules';
import type { FriendCodesFile, FriendProgramme, FriendReward } from './friend-codes.schema';

export type { FriendCodesFile, FriendProgramme, FriendReward };
export const FRIEND_CODES_FILE = 'sites/friend-codes.json';

const file = friendCodesJson as FriendCodesFile;

/** The programme of a country (its two-letter local), or null where it does not run. */
export function friendProgrammeFor(local: string, codes: FriendCodesFile = file): FriendProgramme | null {
  const entry = codes.countries[local];
  return entry ? { monthlyCap: codes.monthlyCap, ...entry } : null;
}

/** Countries named in the file exist. */
export function friendCountriesAreKnown(codes: FriendCodesFile, locals: ReadonlySet<string>): RuleIssue[] {
  return Object.keys(codes.countries)
    .filter((local) => !locals.has(local))
    .map((local) => ({ message: `friend codes for unknown country "${local}"`, path: `/countries/${local}` }));
}

/** What a coupon of the snapshot must be for the programme: the coupons checker's view of one. */
export interface ProgrammeCoupon {
  id: string;
  local: string;
  claimGate?: string;
  firstOrderOnly?: boolean;
}

/**
 * Every coupon the programme gives exists in its country, is the programme's to give (nobody claims it by its code),
 * and the welcome coupon works on a first order only.
 */
export function friendCouponsExist(codes: FriendCodesFile, coupons: readonly ProgrammeCoupon[]): RuleIssue[] {
  const byId = new Map(coupons.map((c) => [c.id, c]));
  return Object.entries(codes.countries).flatMap(([local, p]) => {
    const wanted: [string, string, boolean][] = [[p.welcomeCouponId, `/countries/${local}/welcomeCouponId`, true]];
    if (p.reward.kind === 'coupon') wanted.push([p.reward.couponId, `/countries/${local}/reward/couponId`, false]);
    return wanted.flatMap(([id, path, firstOrder]): RuleIssue[] => {
      const c = byId.get(id);
      if (!c || c.local !== local) return [{ message: `no coupon "${id}" in ${local}`, path }];
      if (c.claimGate !== 'friend') return [{ message: `coupon "${id}" can be claimed by its code`, path }];
      if (firstOrder && !c.firstOrderOnly) return [{ message: `coupon "${id}" is not for a first order only`, path }];
      return [];
    });
  });
}
