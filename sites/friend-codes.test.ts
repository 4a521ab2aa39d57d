import { describe, expect, it } from 'vitest';
import { RegionConfigError } from '../region-config/validate';
import couponsJson from '../content/snapshots/promotions/coupons.json';
import friendCodesJson from './friend-codes.json';
import { friendCountriesAreKnown, friendCouponsExist, friendProgrammeFor, type FriendCodesFile } from './friend-codes';
import { validateFriendCodes } from './friend-codes-validate';

const codes = () => structuredClone(friendCodesJson) as FriendCodesFile;
const coupons = couponsJson.coupons;

describe('friend-code programme', () => {
  it('runs in id and in with Mi Points, in de and fr with a coupon, 5 rewards a month', () => {
    expect(validateFriendCodes().monthlyCap).toBe(5);
    expect(friendProgrammeFor('id')).toEqual({
      welcomeCouponId: 'id-teman-baru',
      reward: { kind: 'points', points: 10_000 },
      monthlyCap: 5,
    });
    expect(friendProgrammeFor('de')?.reward).toEqual({ kind: 'coupon', couponId: 'de-freunde-danke' });
    expect(friendProgrammeFor('us')).toBeNull();
  });

  it('gives coupons of the snapshot that nobody can claim by code, the welcome one for a first order only', () => {
    expect(friendCouponsExist(codes(), coupons)).toEqual([]);
    const claimable = coupons.map((c) => (c.id === 'de-freunde-danke' ? { ...c, claimGate: undefined } : c));
    expect(friendCouponsExist(codes(), claimable)).toEqual([
      { message: 'coupon "de-freunde-danke" can be claimed by its code', path: '/countries/de/reward/couponId' },
    ]);
    const anyOrder = coupons.map((c) => (c.id === 'id-teman-baru' ? { ...c, firstOrderOnly: false } : c));
    expect(friendCouponsExist(codes(), anyOrder)[0]?.path).toBe('/countries/id/welcomeCouponId');
    const elsewhere = codes();
    elsewhere.countries['fr'] = { welcomeCouponId: 'id-teman-baru', reward: { kind: 'points', points: 100 } };
    expect(friendCouponsExist(elsewhere, coupons)).toEqual([
      { message: 'no coupon "id-teman-baru" in fr', path: '/countries/fr/welcomeCouponId' },
    ]);
  });

  it('refuses unknown countries, a reward of nothing and a typo', () => {
    const unknown = codes();
    unknown.countries['xx'] = { welcomeCouponId: 'id-teman-baru', reward: { kind: 'points', points: 1 } };
    expect(friendCountriesAreKnown(unknown, new Set(['id', 'in', 'de', 'fr']))[0]?.path).toBe('/countries/xx');
    expect(() => validateFriendCodes(unknown)).toThrow(RegionConfigError);
    const nothing = codes() as unknown as { countries: Record<string, { reward: unknown }> };
    nothing.countries['id']!.reward = { kind: 'points', points: 0 };
    expect(() => validateFriendCodes(nothing)).toThrow(RegionConfigError);
    const typo = codes() as unknown as { countries: Record<string, Record<string, unknown>> };
    typo.countries['de']!['monthlyCapp'] = 3;
    expect(() => validateFriendCodes(typo)).toThrow(RegionConfigError);
  });
});
