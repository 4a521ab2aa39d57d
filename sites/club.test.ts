import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLUB_BENEFIT_COUNTRIES,
  CLUB_LEVEL_IDS,
  CLUB_LEVELS,
  PREMIUM_PRODUCTS,
  clubBenefits,
  clubMembership,
} from './club';
import { isKnownLocal } from '../region-config/index';
import { pointsRules } from './points';
import { commerceRules } from './commerce';

describe('Mi Club benefits (sites/club.ts)', () => {
  it('the levels are the API enum, lowest first, with rising thresholds', () => {
    expect(CLUB_LEVELS.map((l) => l.id)).toEqual([...CLUB_LEVEL_IDS]);
    for (let i = 1; i < CLUB_LEVELS.length; i++)
      expect(CLUB_LEVELS[i]!.minEarned).toBeGreaterThan(CLUB_LEVELS[i - 1]!.minEarned);
  });

  it.each(['de', ...CLUB_BENEFIT_COUNTRIES])('%s: a higher level never unlocks less', (local) => {
    for (let i = 1; i < CLUB_LEVELS.length; i++) {
      const lower = clubBenefits(local, CLUB_LEVELS[i - 1]!.id);
      const higher = clubBenefits(local, CLUB_LEVELS[i]!.id);
      if (lower.freeExpress) expect(higher.freeExpress).toBe(true);
      expect(higher.earlyAccessHours).toBeGreaterThanOrEqual(lower.earlyAccessHours);
      expect(higher.birthdayPoints).toBeGreaterThanOrEqual(lower.birthdayPoints);
    }
  });

  it('countries with their own benefits are storefronts; a birthday gift can be spent where it is given', () => {
    for (const local of CLUB_BENEFIT_COUNTRIES) {
      expect(isKnownLocal(local)).toBe(true);
      const min = pointsRules(local, commerceRules(local)).minRedeem;
      for (const l of CLUB_LEVELS) {
        const points = clubBenefits(local, l.id).birthdayPoints;
        if (points > 0) expect(points).toBeGreaterThanOrEqual(min);
      }
    }
    // Indonesia: 5000 points is the least an order may use, so Silver gets that much.
    expect(clubBenefits('id', 'silver')).toEqual({ freeExpress: false, earlyAccessHours: 0, birthdayPoints: 5000 });
    expect(clubBenefits('de', 'silver')).toEqual({ freeExpress: false, earlyAccessHours: 0, birthdayPoints: 1000 });
  });

  it('a membership is the level of the points earned, with its benefits', () => {
    expect(clubMembership('de', 9_999)).toMatchObject({ level: 'silver', benefits: { freeExpress: false } });
    expect(clubMembership('de', 10_000)).toMatchObject({
      level: 'gold',
      benefits: { freeExpress: true, earlyAccessHours: 24 },
    });
    expect(clubMembership('id', 30_000).benefits).toEqual({
      freeExpress: true,
      earlyAccessHours: 48,
      birthdayPoints: 20_000,
    });
  });

  it('premium products are devices of the catalogue (phones and tablets)', () => {
    const products = (
      JSON.parse(fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8')) as {
        products: { id: string; category: string }[];
      }
    ).products;
    for (const id of PREMIUM_PRODUCTS)
      expect(['phones', 'tablets']).toContain(products.find((p) => p.id === id)?.category);
  });
});
